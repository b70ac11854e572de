import { formatRut } from '#sync/domain/rut.ts';
import { type Cliente, CLIENTES_MESSAGES } from '#sync/schemas/clientes.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import type { PartyModule } from '#app/ui/office/party-pages.tsx';

/** Clients: spec clientes GET/POST {company}, GET/PUT/DELETE {company}/{id}, cliente/activar, desactivar, restablecer_contrasena. */
export const clientesParty: PartyModule<Cliente> = {
  kind: 'clientes',
  auditEntity: 'cliente',
  noun: { one: 'cliente', many: 'clientes' },
  title: 'Clientes',
  routes: paths.clientes,
  permissionRoute: paths.clientes.list.href,
  userKind: 'cliente',
  messages: {
    activated: CLIENTES_MESSAGES.activated,
    deactivated: CLIENTES_MESSAGES.deactivated,
    passwordReset: CLIENTES_MESSAGES.passwordReset,
    deleted: CLIENTES_MESSAGES.deleted,
    notFound: CLIENTES_MESSAGES.notFound,
  },
  calls: {
    state: (company, active) => `/api/clientes/cliente/${active ? 'activar' : 'desactivar'}/${encodeURIComponent(company)}`,
    stateBody: (party) => ({ IdCliente: party.id }),
    resetPassword: (company) => `/api/clientes/cliente/restablecer_contrasena/${encodeURIComponent(company)}`,
    resetBody: (party, password) => ({ IdCliente: party.id, ContrasenaTemporal: password }),
    remove: (company, party) => `/api/clientes/${encodeURIComponent(company)}/${encodeURIComponent(party.id)}`,
  },
  queryName: 'clientes',
  reads: { all: (company) => `/clientes/${company}`, one: (company, id) => `/clientes/${company}/${id}` },
  toParty: (client) => ({ ...client, id: client.IdCliente, rut: client.RutCliente }),
  partyKey: (client) => client.IdCliente,
  listMeta: (client) => [client.RutCliente ? formatRut(client.RutCliente) : '', client.Correo].filter(Boolean).join(' · '),
  inactiveLabel: 'Inactivo',
  createLabel: 'Nuevo cliente',
  form: {
    nameLabel: 'Nombre',
    nameMessage: CLIENTES_MESSAGES.nameRequired,
    rut: { required: false, fixed: false },
    titles: { nuevo: 'Nuevo cliente', editar: 'Editar cliente' },
    messages: { created: CLIENTES_MESSAGES.created, updated: CLIENTES_MESSAGES.updated },
    create: (company) => `/api/clientes/${encodeURIComponent(company)}`,
    update: (company, id) => `/api/clientes/${encodeURIComponent(company)}/${encodeURIComponent(id)}`,
    fields: (values) => ({
      Nombre: values.Nombre,
      RutCliente: values.Rut,
      Correo: values.Correo,
      Telefono: values.Telefono,
      Direccion: values.Direccion,
    }),
    createOnly: (id) => ({ IdCliente: id }),
  },
};

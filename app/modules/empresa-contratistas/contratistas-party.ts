import { formatRut } from '#sync/domain/rut.ts';
import { CONTRATISTAS_MESSAGES, type EmpresaContratista } from '#sync/schemas/empresa-contratistas.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import type { PartyModule } from '#app/ui/office/party-pages.tsx';

const base = '/empresa-contratistas';
const of = encodeURIComponent;

/**
 * Contractor companies: spec empresa-contratistas all, one, post, put, delete, contratistas/activar, desactivar,
 * restablecer_contrasena.
 */
export const contratistasParty: PartyModule<EmpresaContratista> = {
  kind: 'empresas_contratistas',
  auditEntity: 'empresa_contratista',
  noun: { one: 'empresa contratista', many: 'empresas contratistas', feminine: true },
  title: 'Empresas Contratistas',
  routes: paths.empresaContratistas,
  permissionRoute: paths.empresaContratistas.list.href,
  userKind: 'contratista',
  messages: {
    activated: CONTRATISTAS_MESSAGES.activated,
    deactivated: CONTRATISTAS_MESSAGES.deactivated,
    passwordReset: CONTRATISTAS_MESSAGES.passwordReset,
    deleted: CONTRATISTAS_MESSAGES.deleted,
    deletedMany: CONTRATISTAS_MESSAGES.deletedMany,
    notFound: CONTRATISTAS_MESSAGES.notFound,
  },
  calls: {
    state: (company, active) => `/api${base}/contratistas/${active ? 'activar' : 'desactivar'}/${of(company)}`,
    stateBody: (party) => ({ IdEmpresaContratista: party.id }),
    resetPassword: (company) => `/api${base}/contratistas/restablecer_contrasena/${of(company)}`,
    resetBody: (party, password) => ({ IdEmpresaContratista: party.id, ContrasenaTemporal: password }),
    remove: (company, party) => `/api${base}/delete/${of(company)}/${of(party.id)}`,
  },
  queryName: 'empresa-contratistas',
  reads: { all: (company) => `${base}/all/${company}`, one: (company, id) => `${base}/one/${company}/${id}` },
  toParty: (contractor) => ({ ...contractor, id: contractor.IdEmpresaContratista, rut: contractor.RutCompleto }),
  // Its users name it by the RUT their records carry.
  partyKey: (contractor) => contractor.RutCompleto,
  listMeta: (contractor) =>
    `${formatRut(contractor.RutCompleto)} · ${contractor.Usuarios.length === 1 ? '1 usuario' : `${contractor.Usuarios.length} usuarios`}`,
  inactiveLabel: 'Desactivada',
  createLabel: 'Nueva empresa',
  form: {
    nameLabel: 'Razón social',
    nameMessage: CONTRATISTAS_MESSAGES.nameRequired,
    rut: { required: true, fixed: true },
    titles: { nuevo: 'Nueva empresa contratista', editar: 'Editar empresa contratista' },
    messages: { created: CONTRATISTAS_MESSAGES.created, updated: CONTRATISTAS_MESSAGES.updated },
    create: (company) => `/api${base}/post/${of(company)}`,
    update: (company, id) => `/api${base}/put/${of(company)}/${of(id)}`,
    fields: (values) => ({ Nombre: values.Nombre, Correo: values.Correo, Telefono: values.Telefono, Direccion: values.Direccion }),
    createOnly: (id, values) => ({ IdEmpresaContratista: id, RutCompleto: values.Rut }),
  },
};

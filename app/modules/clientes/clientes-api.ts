import { useQuery } from '@tanstack/react-query';
import { type Cliente, CLIENTES_MESSAGES } from '#sync/schemas/clientes.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { paths } from '#app/routes/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import type { Party, PartyView } from '#app/ui/office/party.ts';

const of = (company: string) => encodeURIComponent(company);

export const clientesKeys = {
  all: (company: string) => ['clientes', company] as const,
  one: (company: string, id: string) => ['clientes', company, id] as const,
};

/** The writes the outbox sends (spec: clientes POST {company}, PUT and DELETE {company}/{id}, cliente/activar, desactivar, restablecer_contrasena). */
export const clientesCalls = {
  create: (company: string) => `/api/clientes/${of(company)}`,
  update: (company: string, id: string) => `/api/clientes/${of(company)}/${encodeURIComponent(id)}`,
};

export const clienteView: PartyView = {
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
    state: (company, active) => `/api/clientes/cliente/${active ? 'activar' : 'desactivar'}/${of(company)}`,
    stateBody: (party) => ({ IdCliente: party.id }),
    resetPassword: (company) => `/api/clientes/cliente/restablecer_contrasena/${of(company)}`,
    resetBody: (party, password) => ({ IdCliente: party.id, ContrasenaTemporal: password }),
    remove: (company, party) => `/api/clientes/${of(company)}/${encodeURIComponent(party.id)}`,
  },
};

export function toParty(client: Cliente): Party {
  return { ...client, id: client.IdCliente, rut: client.RutCliente };
}

function useCompany(): string {
  return useRequiredSession().empresa.IdEmpresa;
}

export function useClients() {
  const company = useCompany();
  return useQuery({
    queryKey: clientesKeys.all(company),
    queryFn: ({ signal }) => apiRequest<{ data: Cliente[] }>(`/clientes/${of(company)}`, { signal }).then((answer) => answer.data),
  });
}

export function useClient(id: string) {
  const company = useCompany();
  return useQuery({
    queryKey: clientesKeys.one(company, id),
    queryFn: ({ signal }) => apiRequest<{ data: Cliente | null }>(`/clientes/${of(company)}/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data),
    enabled: id !== '',
  });
}

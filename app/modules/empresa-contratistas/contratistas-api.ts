import { useQuery } from '@tanstack/react-query';
import { CONTRATISTAS_MESSAGES, type EmpresaContratista } from '#sync/schemas/empresa-contratistas.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { paths } from '#app/routes/paths.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import type { Party, PartyView } from '#app/ui/office/party.ts';

const base = '/empresa-contratistas';
const of = (company: string) => encodeURIComponent(company);

export const contratistasKeys = {
  all: (company: string) => ['empresa-contratistas', company] as const,
  one: (company: string, id: string) => ['empresa-contratistas', company, id] as const,
};

/** The writes the outbox sends (spec: empresa-contratistas post, put, delete, contratistas/activar, desactivar, restablecer_contrasena). */
export const contratistasCalls = {
  create: (company: string) => `/api${base}/post/${of(company)}`,
  update: (company: string, id: string) => `/api${base}/put/${of(company)}/${encodeURIComponent(id)}`,
};

export const contratistaView: PartyView = {
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
    notFound: CONTRATISTAS_MESSAGES.notFound,
  },
  calls: {
    state: (company, active) => `/api${base}/contratistas/${active ? 'activar' : 'desactivar'}/${of(company)}`,
    stateBody: (party) => ({ IdEmpresaContratista: party.id }),
    resetPassword: (company) => `/api${base}/contratistas/restablecer_contrasena/${of(company)}`,
    resetBody: (party, password) => ({ IdEmpresaContratista: party.id, ContrasenaTemporal: password }),
    remove: (company, party) => `/api${base}/delete/${of(company)}/${encodeURIComponent(party.id)}`,
  },
};

export function toParty(contractor: EmpresaContratista): Party {
  return { ...contractor, id: contractor.IdEmpresaContratista, rut: contractor.RutCompleto };
}

function useCompany(): string {
  return useRequiredSession().empresa.IdEmpresa;
}

/** All of them, active and deactivated (spec: all/{company}). */
export function useContractors() {
  const company = useCompany();
  return useQuery({
    queryKey: contratistasKeys.all(company),
    queryFn: ({ signal }) => apiRequest<{ data: EmpresaContratista[] }>(`${base}/all/${of(company)}`, { signal }).then((answer) => answer.data),
  });
}

export function useContractor(id: string) {
  const company = useCompany();
  return useQuery({
    queryKey: contratistasKeys.one(company, id),
    queryFn: ({ signal }) => apiRequest<{ data: EmpresaContratista | null }>(`${base}/one/${of(company)}/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data),
    enabled: id !== '',
  });
}

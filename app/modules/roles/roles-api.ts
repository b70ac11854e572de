import { useQuery } from '@tanstack/react-query';
import type { CatalogoGrupo, Rol } from '#sync/schemas/roles.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';

export const rolesKeys = {
  all: (company: string) => ['roles', company] as const,
  one: (company: string, id: string) => ['roles', company, id] as const,
  catalogue: (company: string) => ['roles-catalogo', company] as const,
};

/** `/roles/{call}/{company}` (spec: roles/all, permisos, one, post, put, delete). */
const call = (name: string, company: string) => `/roles/${name}/${encodeURIComponent(company)}`;

/** The calls the outbox sends (absolute paths) and the ones screens read (under /api). */
export const rolesCalls = {
  create: (company: string) => `/api${call('post', company)}`,
  update: (company: string, id: number) => `/api${call('put', company)}/${id}`,
  remove: (company: string, id: number) => `/api${call('delete', company)}/${id}`,
};

function useCompany(): string {
  return useRequiredSession().empresa.IdEmpresa;
}

export function useRoles() {
  const company = useCompany();
  return useQuery({
    queryKey: rolesKeys.all(company),
    queryFn: ({ signal }) => apiRequest<{ data: Rol[] }>(call('all', company), { signal }).then((answer) => answer.data),
  });
}

export function useRole(id: string) {
  const company = useCompany();
  return useQuery({
    queryKey: rolesKeys.one(company, id),
    queryFn: ({ signal }) => apiRequest<{ data: Rol | null }>(`${call('one', company)}/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data),
    enabled: id !== '',
  });
}

/** Every group, module and submodule with the actions each offers: the rows and columns of the matrix. */
export function useCatalogue() {
  const company = useCompany();
  return useQuery({
    queryKey: rolesKeys.catalogue(company),
    queryFn: ({ signal }) => apiRequest<{ data: CatalogoGrupo[] }>(call('permisos', company), { signal }).then((answer) => answer.data),
    staleTime: 10 * 60_000,
  });
}

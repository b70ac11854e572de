import { useQuery } from '@tanstack/react-query';
import type { ReservedNames } from '#sync/schemas/accounts.schema.ts';
import type { Usuario, UsuarioListas } from '#sync/schemas/usuarios.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';

export const usuariosKeys = {
  all: (company: string) => ['usuarios', company] as const,
  one: (company: string, id: string) => ['usuarios', company, id] as const,
  lists: (company: string) => ['usuarios-listas', company] as const,
  reserved: (company: string) => ['usuarios-reservados', company] as const,
  days: (company: string, id: string) => ['usuarios-dias', company, id] as const,
};

const company = (id: string) => encodeURIComponent(id);

/** The writes the outbox sends (spec: POST and PUT usuarios, DELETE usuarios/{IdUsuario}, activar, desactivar, dias_inactivos). */
export const usuariosCalls = {
  create: '/api/usuarios',
  update: '/api/usuarios',
  remove: (id: number) => `/api/usuarios/${id}`,
  enable: (empresa: string, enabled: boolean) => `/api/usuarios/${enabled ? 'activar' : 'desactivar'}/${company(empresa)}`,
  resetPassword: (empresa: string) => `/api/usuarios/restablecer_contrasena/${company(empresa)}`,
  inactiveDays: '/api/usuarios/dias_inactivos',
};

function useCompany(): string {
  return useRequiredSession().empresa.IdEmpresa;
}

export function useUsers() {
  const empresa = useCompany();
  return useQuery({
    queryKey: usuariosKeys.all(empresa),
    queryFn: ({ signal }) => apiRequest<{ data: Usuario[] }>(`/usuarios/${company(empresa)}`, { signal }).then((answer) => answer.data),
  });
}

export function useUser(id: string) {
  const empresa = useCompany();
  return useQuery({
    queryKey: usuariosKeys.one(empresa, id),
    queryFn: ({ signal }) => apiRequest<{ data: Usuario | null }>(`/usuarios/one/${company(empresa)}/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data),
    enabled: id !== '',
  });
}

/** Roles, active contractor companies and clients: the form's choices. */
export function useUserLists() {
  const empresa = useCompany();
  return useQuery({
    queryKey: usuariosKeys.lists(empresa),
    queryFn: ({ signal }) => apiRequest<{ data: UsuarioListas }>(`/usuarios/listas/${company(empresa)}`, { signal }).then((answer) => answer.data),
  });
}

/** Spec usuarios_reservados: what a new or edited account may not take. */
export function useReservedNames() {
  const empresa = useCompany();
  return useQuery({
    queryKey: usuariosKeys.reserved(empresa),
    queryFn: ({ signal }) => apiRequest<{ data: ReservedNames }>(`/perfil/usuarios_reservados/${company(empresa)}`, { signal }).then((answer) => answer.data),
  });
}

export function useInactiveDays(id: string) {
  const empresa = useCompany();
  return useQuery({
    queryKey: usuariosKeys.days(empresa, id),
    queryFn: ({ signal }) => apiRequest<{ data: string[] | null }>(`/usuarios/dias_inactivos/${company(empresa)}/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data ?? []),
  });
}

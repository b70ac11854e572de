import type { Session } from '#sync/schemas/auth.schema.ts';
import type { CompanyProfileBody } from '#sync/schemas/perfil.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStoredSession, replaceSession } from '#app/session/session-store.ts';
import { fetchCompanyProfile, perfilKeys, saveCompanyProfile } from './perfil-api.ts';

export function useCompanyProfile(session: Session, enabled: boolean) {
  const { IdEmpresa } = session.empresa;
  return useQuery({
    queryKey: perfilKeys.company(IdEmpresa),
    queryFn: ({ signal }) => fetchCompanyProfile(IdEmpresa, signal),
    enabled,
  });
}

export function useSaveCompanyProfile(session: Session) {
  const queryClient = useQueryClient();
  const { IdEmpresa } = session.empresa;
  return useMutation({
    mutationFn: (body: CompanyProfileBody) => saveCompanyProfile(IdEmpresa, body),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(perfilKeys.company(IdEmpresa), data);
      const current = getStoredSession()?.session;
      if (!current) return;
      replaceSession({ ...current, empresa: { ...current.empresa, NombreEmpresa: data.NombreEmpresa, Logo: data.Logo } });
    },
  });
}

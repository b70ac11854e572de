import type { Session } from '#sync/schemas/auth.schema.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getStoredSession, replaceSession } from '#app/session/session-store.ts';
import { fetchCompanyProfile, perfilKeys } from './perfil-api.ts';
import { sessionWithCompanyProfile } from './profile-writes.ts';

export function useCompanyProfile(session: Session, enabled: boolean) {
  const { IdEmpresa } = session.empresa;
  return useQuery({
    queryKey: perfilKeys.company(IdEmpresa),
    queryFn: ({ signal }) => fetchCompanyProfile(IdEmpresa, signal),
    enabled,
  });
}

/** Once the server took a write of the company: its profile read again, and the session's name and logo with it. */
export function useRefreshCompanyProfile(session: Session): () => Promise<void> {
  const queryClient = useQueryClient();
  const { IdEmpresa } = session.empresa;
  return useCallback(async () => {
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: perfilKeys.company(IdEmpresa),
        queryFn: ({ signal }) => fetchCompanyProfile(IdEmpresa, signal),
        staleTime: 0,
      });
      const current = getStoredSession()?.session;
      const next = current && sessionWithCompanyProfile(current, fresh);
      if (next) replaceSession(next);
    } catch {
      // Read again on the next visit.
    }
  }, [queryClient, IdEmpresa]);
}

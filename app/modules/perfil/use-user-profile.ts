import type { Session } from '#sync/schemas/auth.schema.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getStoredSession, replaceSession } from '#app/session/session-store.ts';
import { fetchUserProfile, perfilKeys } from './perfil-api.ts';
import { sessionWithUserProfile } from './profile-writes.ts';

export function useUserProfile(session: Session) {
  const { IdUsuario } = session.usuario;
  const { IdEmpresa } = session.empresa;
  return useQuery({
    queryKey: perfilKeys.user(IdUsuario, IdEmpresa),
    queryFn: ({ signal }) => fetchUserProfile(IdUsuario, IdEmpresa, signal),
  });
}

/**
 * Once the server took a write of the profile: the profile read again, and the stored session in step with it (the
 * top bar shows the name and avatar from it). Offline or failing, the screen keeps what it has.
 */
export function useRefreshUserProfile(session: Session): () => Promise<void> {
  const queryClient = useQueryClient();
  const { IdUsuario } = session.usuario;
  const { IdEmpresa } = session.empresa;
  return useCallback(async () => {
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: perfilKeys.user(IdUsuario, IdEmpresa),
        queryFn: ({ signal }) => fetchUserProfile(IdUsuario, IdEmpresa, signal),
        staleTime: 0,
      });
      const current = getStoredSession()?.session;
      const next = current && sessionWithUserProfile(current, fresh);
      if (next) replaceSession(next);
    } catch {
      // Read again on the next visit.
    }
  }, [queryClient, IdUsuario, IdEmpresa]);
}

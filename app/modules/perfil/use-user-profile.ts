import type { Session } from '#sync/schemas/auth.schema.ts';
import type { UserProfileBody } from '#sync/schemas/perfil.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getStoredSession, replaceSession } from '#app/session/session-store.ts';
import { fetchUserProfile, perfilKeys, saveUserProfile } from './perfil-api.ts';

export function useUserProfile(session: Session) {
  const { IdUsuario } = session.usuario;
  const { IdEmpresa } = session.empresa;
  return useQuery({
    queryKey: perfilKeys.user(IdUsuario, IdEmpresa),
    queryFn: ({ signal }) => fetchUserProfile(IdUsuario, IdEmpresa, signal),
  });
}

export function useSaveUserProfile(session: Session) {
  const queryClient = useQueryClient();
  const { IdUsuario } = session.usuario;
  const { IdEmpresa } = session.empresa;
  return useMutation({
    mutationFn: (body: UserProfileBody) => saveUserProfile(IdUsuario, IdEmpresa, body),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(perfilKeys.user(IdUsuario, IdEmpresa), data);
      const current = getStoredSession()?.session;
      if (!current) return;
      // The top bar shows the name and avatar from the stored session: keep it in step with the saved profile.
      const { Nombres, ApellidoPaterno, ApellidoMaterno, TelefonoPersona, FechaNacimiento, Logo } = data;
      replaceSession({
        ...current,
        usuario: { ...current.usuario, Nombres, ApellidoPaterno, ApellidoMaterno, TelefonoPersona, FechaNacimiento, Logo },
      });
    },
  });
}

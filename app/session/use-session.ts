import type { Session } from '#sync/schemas/auth.schema.ts';
import { useSyncExternalStore } from 'react';
import { getStoredSession, subscribeSession } from './session-store.ts';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, () => getStoredSession()?.session ?? null);
}

/** For screens of the signed-in area, which only mount while a session exists. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('Se requiere una sesión');
  return session;
}

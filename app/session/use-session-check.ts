import type { Session } from '#sync/schemas/auth.schema.ts';
import { useEffect } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { ApiError } from '#app/data/api-error.ts';
import { getStoredSession, isSessionExpired, replaceSession } from './session-store.ts';
import { endInvalidSession } from './sign-out.ts';

async function verifySession(): Promise<void> {
  try {
    replaceSession(await apiRequest<Session>('/auth/sesion'));
  } catch (error) {
    // Offline or server down: keep working on the stored session; only the server's refusal ends it.
    if (error instanceof ApiError && error.status === 401) await endInvalidSession();
  }
}

/** Verifies the stored token on start, and again on reconnecting if it expired while offline. */
export function useSessionCheck(): void {
  useEffect(() => {
    void verifySession();
    const onOnline = () => {
      const stored = getStoredSession();
      if (stored && isSessionExpired(stored.session)) void verifySession();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}

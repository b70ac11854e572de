import type { Session } from '#sync/schemas/auth.schema.ts';
import { useEffect } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { ApiError } from '#app/data/api-error.ts';
import { currentDevice, subscribeDevice } from '#app/sync/device-sync.ts';
import { getStoredSession, isSessionExpired, replaceSession } from './session-store.ts';
import { endInvalidSession } from './sign-out.ts';

/** After a sync the session is asked again at most this often: the periodic sync runs every minute. */
const AFTER_SYNC_EVERY_MS = 30_000;

let running: Promise<void> | null = null;
let lastAsked = 0;

/** The same session but for the signed addresses of the avatar and logo, which change at every answer. */
function sameSession(a: Session | undefined, b: Session): boolean {
  const comparable = (session: Session) =>
    JSON.stringify({ ...session, usuario: { ...session.usuario, Logo: null }, empresa: { ...session.empresa, Logo: null } });
  return a !== undefined && comparable(a) === comparable(b);
}

/**
 * SPEC SE1: the server's session again, so a role saved by an administrator rebuilds the menu and the screens'
 * actions. Concurrent calls share one request; an unchanged session (on start, always replaced) re-renders nothing.
 */
export function refreshSession(options: { always?: boolean } = {}): Promise<void> {
  running ??= (async () => {
    lastAsked = Date.now();
    try {
      const session = await apiRequest<Session>('/auth/sesion');
      if (options.always || !sameSession(getStoredSession()?.session, session)) replaceSession(session);
    } catch (error) {
      // Offline or server down: keep working on the stored session; only the server's refusal ends it.
      if (error instanceof ApiError && error.status === 401) await endInvalidSession();
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Follows the device's syncs: each one that reached the server may bring a new role. */
function refreshAfterSyncs(): () => void {
  let unsubscribe: (() => void) | undefined;
  let seen: number | null = null;
  const follow = () => {
    unsubscribe?.();
    unsubscribe = currentDevice()?.replayer.subscribe((state) => {
      const fresh = state.lastSuccessAt !== null && state.lastSuccessAt !== seen;
      seen = state.lastSuccessAt;
      if (fresh && Date.now() - lastAsked >= AFTER_SYNC_EVERY_MS) void refreshSession();
    });
  };
  follow();
  const stopFollowing = subscribeDevice(follow);
  return () => {
    stopFollowing();
    unsubscribe?.();
  };
}

/**
 * Verifies the stored token on start, again on reconnecting if it expired while offline, and refreshes the session
 * when the app returns to the foreground and after syncs (SPEC SE1).
 */
export function useSessionCheck(): void {
  useEffect(() => {
    void refreshSession({ always: true });
    const onOnline = () => {
      const stored = getStoredSession();
      if (stored && isSessionExpired(stored.session)) void refreshSession();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void refreshSession();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const stopSyncs = refreshAfterSyncs();
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      stopSyncs();
    };
  }, []);
}

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

/** Stored signed addresses of the avatar and logo are renewed on start once they expire within this (they last 60 h). */
const RENEW_SIGNED_WITHIN_MS = 24 * 60 * 60 * 1000;

/** The same session but for the signed addresses of the avatar and logo, which change at every answer. */
function sameSession(a: Session | undefined, b: Session, logo: (url: string | null) => string | null = () => null): boolean {
  const comparable = (session: Session) =>
    JSON.stringify({
      ...session,
      usuario: { ...session.usuario, Logo: logo(session.usuario.Logo) },
      empresa: { ...session.empresa, Logo: logo(session.empresa.Logo) },
    });
  return a !== undefined && comparable(a) === comparable(b);
}

/** The file a signed address names (`/api/files/<sha256>`), without its expiry and signature. */
const signedFile = (url: string | null) => url?.split('?')[0] ?? null;

function expiresSoon(url: string | null): boolean {
  if (!url) return false;
  const expires = Number(new URL(url, window.location.origin).searchParams.get('exp')) * 1000;
  return !Number.isFinite(expires) || expires - Date.now() < RENEW_SIGNED_WITHIN_MS;
}

/**
 * On start the stored session is replaced when anything in it changed, the avatar and logo files included, or when
 * their addresses are about to expire. Replacing it re-renders every screen at once: not on every start for nothing
 * (tests/bench/inicio-lighthouse.bench.ts).
 */
function staleOnStart(stored: Session | undefined, fresh: Session): boolean {
  return !sameSession(stored, fresh, signedFile) || expiresSoon(stored?.usuario.Logo ?? null) || expiresSoon(stored?.empresa.Logo ?? null);
}

/**
 * SPEC SE1: the server's session again, so a role saved by an administrator rebuilds the menu and the screens'
 * actions. Concurrent calls share one request; an unchanged session re-renders nothing.
 */
export function refreshSession(options: { onStart?: boolean } = {}): Promise<void> {
  running ??= (async () => {
    lastAsked = Date.now();
    try {
      const session = await apiRequest<Session>('/auth/sesion');
      const stored = getStoredSession()?.session;
      if (options.onStart ? staleOnStart(stored, session) : !sameSession(stored, session)) replaceSession(session);
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
    void refreshSession({ onStart: true });
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

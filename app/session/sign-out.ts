import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { db } from '#app/db/app-db.ts';
import { queryClient, queryPersister } from '#app/data/query-client.ts';
import { forgetSession, getToken } from './session-store.ts';

/** The history log entry on the server; it may fail (offline, expired token) and that is fine. */
function notifyServer(token: string | null): void {
  if (!token) return;
  void fetch('/api/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}

/** Leaves nothing of the person on the device: storage, local database and the query cache with its copy. */
export async function clearDeviceData(): Promise<void> {
  queryClient.clear();
  queryPersister.cancelPending();
  try {
    localStorage.clear();
  } catch {
    // Blocked storage has nothing to clear.
  }
  await db.delete({ disableAutoOpen: false }).catch(() => undefined);
}

export async function signOut(): Promise<void> {
  notifyServer(getToken());
  await clearDeviceData();
}

let ending: Promise<void> | null = null;

/** The server no longer accepts the token: clear everything and fall back to the sign-in screen. */
export function endInvalidSession(): Promise<void> {
  ending ??= clearDeviceData().finally(() => {
    forgetSession(AUTH_MESSAGES.sessionInvalid);
    ending = null;
  });
  return ending;
}

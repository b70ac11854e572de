import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { queryClient, queryPersister } from '#app/data/query-client.ts';
import { readUnsavedWork, type UnsavedWork } from '#app/data/unsaved-work.ts';
import { currentDevice } from '#app/sync/device-sync.ts';
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

/** The signed-in person's work not yet on the server (SPEC OB10, DR2): signing out keeps it. */
export async function unsavedWorkOfSession(): Promise<UnsavedWork> {
  const device = currentDevice();
  return device ? readUnsavedWork(device.db, device.store) : { writes: 0, drafts: [] };
}

/**
 * Leaves nothing of the session for the next person: storage, the query cache and its persisted copy. The
 * person's database itself is let go when the session ends (`stopDeviceSync`): deleted when it holds no unsaved
 * work, kept with their outbox and drafts otherwise.
 */
async function clearSessionTraces(): Promise<void> {
  queryClient.clear();
  queryPersister.cancelPending();
  try {
    localStorage.clear();
  } catch {
    // Blocked storage has nothing to clear.
  }
  await currentDevice()?.db.consultas.clear().catch(() => undefined);
}

export async function signOut(): Promise<void> {
  notifyServer(getToken());
  await clearSessionTraces();
}

let ending: Promise<void> | null = null;

/**
 * The server no longer accepts the token: back to the sign-in screen. Queued writes stay on the device and are
 * sent after the same person signs in again (SPEC RP8): an expired session never drops work.
 */
export function endInvalidSession(): Promise<void> {
  ending ??= clearSessionTraces().finally(() => {
    forgetSession(AUTH_MESSAGES.sessionInvalid);
    ending = null;
  });
  return ending;
}

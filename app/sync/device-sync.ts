import { FetchTransport } from '#sync/outbox/fetch-transport.ts';
import { SYNC_LIMITS } from '#sync/outbox/sync-protocol.ts';
import { pullChanges } from '#sync/outbox/pull.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import { hasUnsavedWork, readUnsavedWork } from '#app/data/unsaved-work.ts';
import { AppDb, userDbName } from '#app/db/app-db.ts';
import { setUpdateRequired } from '#app/pwa/update-required.ts';
import { listenToBackgroundSync } from './background-sync.ts';
import { DexieOutboxStore } from './dexie-outbox-store.ts';
import { createTableDownloader, DexiePullTarget, PULLED_TABLES } from './dexie-pull-target.ts';
import { createRowFetcher, ReferencedRows } from './referenced-rows.ts';
import { startSyncTriggers, withWebLock } from './sync-triggers.ts';

export const LAST_SUCCESS_KEY = 'lastSuccessAt';

/** The server's largest page of changes: a first sign-in with thousands of workers needs few round trips and commits. */
const PULL_PAGE = SYNC_LIMITS.changesPage;

export interface DeviceUser {
  userId: number;
  companyId: string;
  getToken: () => string | null;
  /** Whether the person's devices hold only some worksites (SPEC PL13). */
  scoped: () => boolean;
}

/** Everything of the signed-in person on this device: their database, outbox and replayer. */
export interface DeviceSync {
  userId: number;
  companyId: string;
  db: AppDb;
  store: DexieOutboxStore;
  replayer: Replayer;
}

interface RunningDevice extends DeviceSync {
  stop: () => void;
}

let device: RunningDevice | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeDevice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentDevice(): DeviceSync | null {
  return device;
}

export function requireDevice(): DeviceSync {
  if (!device) throw new Error('No hay una sesión abierta en este dispositivo');
  return device;
}

/**
 * Entries per batch from a device: on a weak signal a batch cut before its answer is sent again whole (the server
 * applies it once), so a thousand-row load goes in steps that each land, and its progress moves by them.
 */
const DEVICE_BATCH = 200;

/** Opens the person's database and starts replaying their outbox; the same person again keeps what runs. */
export function startDeviceSync(user: DeviceUser): DeviceSync {
  if (device?.userId === user.userId) {
    // A new sign-in of the same person lifts the pause a 401 put on the queue (SPEC RP8).
    if (device.replayer.getState().paused) void device.replayer.resume();
    return device;
  }
  stopDeviceSync();
  const db = new AppDb(userDbName(user.userId));
  const store = new DexieOutboxStore({ db, entries: db.outbox, files: db.outboxFiles });
  const transport = new FetchTransport({ getToken: user.getToken, pullPageSize: PULL_PAGE });
  const referenced = new ReferencedRows(user.scoped);
  const target = new DexiePullTarget(db, createTableDownloader(user), referenced);
  const fetchRow = createRowFetcher(user);
  const replayer = new Replayer({
    store,
    transport,
    batchSize: DEVICE_BATCH,
    withLock: withWebLock,
    lockName: `outbox:${db.name}`,
    pull: async () => {
      const result = await pullChanges(transport, target, { resetTables: PULLED_TABLES });
      // PL16: what the pulled records name from other worksites; a failure here waits for the next sync.
      if (result.kind === 'ok') await referenced.bring(db, fetchRow).catch(() => undefined);
      return result;
    },
  });
  const unsubscribe = replayer.subscribe((state) => {
    setUpdateRequired(state.updateRequired);
    if (state.lastSuccessAt !== null) void db.syncMeta.put({ key: LAST_SUCCESS_KEY, value: state.lastSuccessAt }).catch(() => undefined);
  });
  const stopTriggers = startSyncTriggers(replayer);
  const stopBackground = listenToBackgroundSync(replayer);
  device = {
    userId: user.userId,
    companyId: user.companyId,
    db,
    store,
    replayer,
    stop: () => {
      unsubscribe();
      stopTriggers();
      stopBackground();
      replayer.dispose();
    },
  };
  emit();
  return device;
}

/**
 * Stops replaying and lets go of the person's database, whatever ended the session (signing out here or in another
 * tab, an expired token). With no unsaved work the database is deleted: nothing of the person stays on the device.
 * With queued or refused writes or open drafts it is kept for their next sign-in (SPEC OB10, DR2), minus the cached
 * answers of online screens.
 */
export function stopDeviceSync(): void {
  const ending = device;
  if (!ending) return;
  device = null;
  ending.stop();
  setUpdateRequired(false);
  emit();
  // Screens of the signed-in area read until React has unmounted them: let go after this turn.
  setTimeout(() => void releaseDatabase(ending), 250);
}

export async function releaseDatabase({ db, store }: Pick<DeviceSync, 'db' | 'store'>): Promise<void> {
  try {
    if (!hasUnsavedWork(await readUnsavedWork(db, store))) {
      await db.delete();
    } else {
      await db.consultas.clear();
      db.close();
    }
  } catch {
    db.close();
  }
}

import type { SyncState } from '#sync/outbox/sync-state.ts';
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AppDb } from '#app/db/app-db.ts';
import { currentDevice, type DeviceSync, LAST_SUCCESS_KEY, subscribeDevice } from './device-sync.ts';

/** The signed-in person's device state; null for the instant between the end of a session and the sign-in screen. */
export function useDevice(): DeviceSync | null {
  return useSyncExternalStore(subscribeDevice, currentDevice);
}

/**
 * A live query over the person's database: screens re-render as soon as a write, a pull or another tab changes
 * what they read. Undefined while loading, and once the session has ended and its database was let go.
 */
export function useDbQuery<T>(querier: (db: AppDb) => Promise<T>, deps: unknown[]): T | undefined {
  const db = useDevice()?.db;
  return useLiveQuery(
    async () => {
      if (!db) return undefined;
      try {
        return await querier(db);
      } catch (error) {
        if (error instanceof Dexie.DatabaseClosedError) return undefined;
        throw error;
      }
    },
    [db, ...deps],
  );
}

export interface SyncStatus extends SyncState {
  /** Last full sync of this person on this device, kept across reloads. */
  lastSuccessAt: number | null;
}

/** RP14: one status for the whole app. Counts come from the database, so writes of other tabs show too. */
export function useSyncStatus(): SyncStatus | null {
  const device = useDevice();
  const replayer = device?.replayer;
  const [state, setState] = useState<SyncState | null>(() => replayer?.getState() ?? null);
  useEffect(() => replayer?.subscribe(setState), [replayer]);
  const stored = useDbQuery(
    (db) =>
      db.transaction('r', [db.outbox, db.syncMeta], async () => {
        const [total, dead, last] = await Promise.all([db.outbox.count(), db.outbox.where('state').equals('dead').count(), db.syncMeta.get(LAST_SUCCESS_KEY)]);
        return { pending: total - dead, dead, lastSuccessAt: typeof last?.value === 'number' ? last.value : null };
      }),
    [],
  );
  if (!state || !replayer) return null;
  return {
    ...state,
    pending: stored?.pending ?? state.pending,
    dead: stored?.dead ?? state.dead,
    lastSuccessAt: state.lastSuccessAt ?? stored?.lastSuccessAt ?? null,
  };
}

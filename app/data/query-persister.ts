import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { EntityTable } from 'dexie';
import type { KeyValueRow } from '#app/db/app-db.ts';

const CLIENT_KEY = 'react-query';
const THROTTLE_MS = 1000;

interface DexiePersisterOptions {
  /** The signed-in person's table, or undefined while nobody is signed in. */
  table: () => EntityTable<KeyValueRow, 'key'> | undefined;
  /** False once signed out, so a late save cannot bring back a cleared cache. */
  canPersist: () => boolean;
}

export interface DexiePersister extends Persister {
  cancelPending: () => void;
}

/** Keeps the dehydrated query cache in one Dexie row, writing at most once a second. */
export function createDexiePersister({ table, canPersist }: DexiePersisterOptions): DexiePersister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async () => {
    timer = null;
    const client = pending;
    pending = null;
    const target = table();
    if (client && target && canPersist()) await target.put({ key: CLIENT_KEY, value: client });
  };

  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void flush().catch(() => undefined), THROTTLE_MS);
    },
    async restoreClient() {
      const row = await table()?.get(CLIENT_KEY);
      return (row?.value as PersistedClient | undefined) ?? undefined;
    },
    async removeClient() {
      this.cancelPending();
      await table()?.delete(CLIENT_KEY);
    },
    cancelPending() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { FakeSyncServer } from '#sync/outbox/fake-sync-server.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import { AppDb } from '#app/db/app-db.ts';
import { DexieOutboxStore } from './dexie-outbox-store.ts';

let counter = 0;

/** Test support: a person's database over fake-indexeddb, its outbox and a replayer against an in-memory server. */
export function createTestDevice(options: ConstructorParameters<typeof FakeSyncServer>[0] = {}) {
  counter += 1;
  const db = new AppDb(`andes-hse-test-${counter}-${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const store = new DexieOutboxStore({ db, entries: db.outbox, files: db.outboxFiles });
  const server = new FakeSyncServer(options);
  const replayer = new Replayer({ store, transport: server.transport, setTimer: () => () => undefined });
  return { db, store, server, replayer };
}

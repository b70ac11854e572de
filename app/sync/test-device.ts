import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach } from 'vitest';
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

/** For a test file: a device factory whose devices are disposed and deleted after each test. */
export function testDevicesForEachTest() {
  const devices: ReturnType<typeof createTestDevice>[] = [];
  afterEach(async () => {
    for (const created of devices.splice(0)) {
      created.replayer.dispose();
      await created.db.delete();
    }
  });
  return (options?: Parameters<typeof createTestDevice>[0]) => {
    const created = createTestDevice(options);
    devices.push(created);
    return created;
  };
}

import { Dexie, type Table } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { FakeSyncServer } from '#sync/outbox/fake-sync-server.ts';
import { newOutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { Replayer } from '#sync/outbox/replayer.ts';
import { createUuidV7Generator } from '#sync/outbox/uuid-v7.ts';
import { DexieOutboxStore, OUTBOX_STORES, type OutboxFileRow, type OutboxRow } from './dexie-outbox-store.ts';

class TestDb extends Dexie {
  outbox!: Table<OutboxRow, number>;
  outboxFiles!: Table<OutboxFileRow, string>;

  constructor(name: string) {
    super(name, { indexedDB: new IDBFactory(), IDBKeyRange, chromeTransactionDurability: 'strict' });
    this.version(1).stores(OUTBOX_STORES);
  }
}

describe('Replayer over the Dexie outbox', () => {
  it('RP3/RP11/RP15/FL2: lost answers, a 5xx, a dead letter and a photo end with every write applied once, in order', async () => {
    const db = new TestDb(`dexie-replayer-${Date.now()}`);
    const store = new DexieOutboxStore({ db, entries: db.outbox, files: db.outboxFiles });
    const server = new FakeSyncServer({
      refuse: (entry) => ((entry.body as { invalid?: boolean }).invalid ? { status: 422, body: { statusCode: 422, message: 'El rut no es válido' } } : undefined),
    });
    const nextKey = createUuidV7Generator();
    const replayer = new Replayer({ store, transport: server.transport, setTimer: () => () => {} });
    const sha256 = 'd'.repeat(64);
    const add = async (record: string, body: Record<string, unknown>, files?: { sha256: string; type: string }[]) =>
      store.append(newOutboxEntry({ method: 'POST', path: `/api/observaciones/${record}`, body, payloadVersion: 1, recordKey: `observaciones:${record}`, ...(files ? { files } : {}) }, nextKey(), Date.now()));

    await db.transaction('rw', [db.outbox, db.outboxFiles], async () => {
      await store.putFile({ sha256, type: 'image/webp', bytes: new Uint8Array([9, 9]).buffer as ArrayBuffer, uploaded: false });
      await add('a', { n: 1, Archivos: [sha256] }, [{ sha256, type: 'image/webp' }]);
    });
    const bad = await add('b', { n: 2, invalid: true });
    await add('b', { n: 3 });
    await add('c', { n: 4 });

    server.failNext('drop-after', 'server-error');
    await replayer.requestSync();
    await replayer.requestSync({ ignoreBackoff: true });
    await replayer.requestSync({ ignoreBackoff: true });
    expect(replayer.getState()).toMatchObject({ dead: 1, pending: 1 });

    await replayer.resend(bad.key, { n: 2 });
    await replayer.requestSync({ ignoreBackoff: true });

    expect(server.duplicateKeys()).toEqual([]);
    expect(server.applied.map((write) => (write.body as { n: number }).n)).toEqual([1, 4, 2, 3]);
    expect(await store.counts()).toEqual({ queued: 0, dead: 0 });
    expect(await store.getFile(sha256)).toBeUndefined();
    await db.delete();
  });
});

describe('a failed round on the device', () => {
  it('is written in two transactions, not one per entry (each one reruns every screen watching the outbox)', async () => {
    const db = new TestDb(`dexie-round-${Date.now()}`);
    let writes = 0;
    db.use({
      stack: 'dbcore',
      name: 'count-writes',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          if (mode === 'readwrite') writes += 1;
          return down.transaction(stores, mode, options);
        },
      }),
    });
    const store = new DexieOutboxStore({ db, entries: db.outbox, files: db.outboxFiles });
    const server = new FakeSyncServer();
    const nextKey = createUuidV7Generator();
    const replayer = new Replayer({ store, transport: server.transport, setTimer: () => () => {}, batchSize: 200 });
    await db.transaction('rw', db.outbox, async () => {
      for (let n = 0; n < 200; n += 1)
        await store.append(newOutboxEntry({ method: 'POST', path: `/api/trabajadores/${n}`, body: { n }, payloadVersion: 1, recordKey: `trabajadores:${n}` }, nextKey(), 0));
    });

    writes = 0;
    server.failNext('drop-before');
    await replayer.requestSync();
    expect(replayer.getState()).toMatchObject({ pending: 200, online: false });
    // The batch went unanswered: its first entry counts a failure, the others go back untouched behind it.
    const states = (await db.outbox.orderBy('seq').toArray()).map((row) => row.state);
    expect(states).toEqual(['failed-retrying', ...Array<string>(199).fill('pending')]);
    // Marked sending, then the 200 outcomes together.
    expect(writes).toBe(2);
    await db.delete();
  });
});

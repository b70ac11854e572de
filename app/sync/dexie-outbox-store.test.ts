import { Dexie, type Table } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { newOutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { describeOutboxStoreContract } from '#sync/outbox/outbox-store.contract.ts';
import { DexieOutboxStore, OUTBOX_STORES, type OutboxFileRow, type OutboxRow } from './dexie-outbox-store.ts';

interface TrabajadorRow {
  id: string;
  Nombre: string;
}

let counter = 0;

/** A stand-in for the app database: a field table plus the outbox stores, strict durability (TOOLCHAIN.md). */
class TestDb extends Dexie {
  trabajadores!: Table<TrabajadorRow, string>;
  outbox!: Table<OutboxRow, number>;
  outboxFiles!: Table<OutboxFileRow, string>;

  constructor() {
    counter += 1;
    super(`outbox-test-${counter}-${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange, chromeTransactionDurability: 'strict' });
    this.version(1).stores({ trabajadores: 'id', ...OUTBOX_STORES });
  }
}

function open() {
  const db = new TestDb();
  const store = new DexieOutboxStore({ db, entries: db.outbox, files: db.outboxFiles });
  return { db, store };
}

describeOutboxStoreContract('Dexie over fake-indexeddb', async () => {
  const { db, store } = open();
  return { store, close: async () => db.delete() };
});

describe('DexieOutboxStore', () => {
  const write = (key: string) =>
    newOutboxEntry({ method: 'POST', path: '/api/trabajadores/x', body: { Nombre: 'Ana' }, payloadVersion: 1, recordKey: 'trabajadores:x' }, key, 0);

  it('OB1: the local row and its outbox entry commit together', async () => {
    const { db, store } = open();
    await db.transaction('rw', [db.trabajadores, db.outbox], async () => {
      await db.trabajadores.put({ id: 'x', Nombre: 'Ana' });
      await store.append(write('01890a5d-ac96-774b-bcce-b302099a8057'));
    });
    expect(await db.trabajadores.count()).toBe(1);
    expect(await store.counts()).toEqual({ queued: 1, dead: 0 });
    await db.delete();
  });

  it('OB1: when the transaction fails, neither the row nor the entry is stored', async () => {
    const { db, store } = open();
    await expect(
      db.transaction('rw', [db.trabajadores, db.outbox], async () => {
        await db.trabajadores.put({ id: 'x', Nombre: 'Ana' });
        await store.append(write('01890a5d-ac96-774b-bcce-b302099a8057'));
        throw new Error('la validación falló después');
      }),
    ).rejects.toThrow('la validación falló después');
    expect(await db.trabajadores.count()).toBe(0);
    expect(await store.counts()).toEqual({ queued: 0, dead: 0 });
    await db.delete();
  });

  it('OB1: appending inside a transaction that does not include the outbox is refused', async () => {
    const { db, store } = open();
    await expect(
      db.transaction('rw', [db.trabajadores], async () => {
        await db.trabajadores.put({ id: 'x', Nombre: 'Ana' });
        await store.append(write('01890a5d-ac96-774b-bcce-b302099a8057'));
      }),
    ).rejects.toThrow();
    expect(await db.trabajadores.count()).toBe(0);
    await db.delete();
  });

  it('OB6: entries survive closing and reopening the database', async () => {
    const { db, store } = open();
    await store.append(write('01890a5d-ac96-774b-bcce-b302099a8057'));
    db.close();
    await db.open();
    expect((await store.list({ limit: 10 })).map((e) => e.key)).toEqual(['01890a5d-ac96-774b-bcce-b302099a8057']);
    await db.delete();
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryOutboxStore } from './memory-outbox-store.ts';
import { newOutboxEntry, recordKeyOf } from './outbox-entry.ts';
import { pullChanges, type PullTarget } from './pull.ts';
import type { Change, ChangesPage } from './sync-protocol.ts';
import type { PullOutcome, Transport } from './transport.ts';

type Tables = Record<string, Record<string, Record<string, unknown>>>;

/** A pull target over plain objects whose transaction rolls back on a throw, like Dexie's. */
function memoryTarget(outbox: MemoryOutboxStore, initial: Tables = {}) {
  let tables: Tables = structuredClone(initial);
  let cursor: string | null = null;
  const skipped: Change[] = [];
  const target: PullTarget = {
    async transaction(fn) {
      const before = { tables: structuredClone(tables), cursor };
      try {
        return await fn();
      } catch (error) {
        tables = before.tables;
        cursor = before.cursor;
        throw error;
      }
    },
    getCursor: async () => cursor,
    setCursor: async (value) => {
      cursor = value;
    },
    hasQueuedWrites: (table, id) => outbox.hasEntriesFor(recordKeyOf(table, id)),
    applyUpsert: async (table, id, row) => {
      if (row.explode) throw new Error('disk full');
      (tables[table] ??= {})[id] = row;
    },
    applyDelete: async (table, id) => {
      delete tables[table]?.[id];
    },
    reset: async (names) => {
      for (const name of names) {
        const kept: Record<string, Record<string, unknown>> = {};
        for (const [id, row] of Object.entries(tables[name] ?? {})) if (await outbox.hasEntriesFor(recordKeyOf(name, id))) kept[id] = row;
        tables[name] = kept;
      }
    },
    onSkipped: async (change) => {
      skipped.push(change);
    },
  };
  return { target, tables: () => tables, cursor: () => cursor, skipped };
}

function pagesTransport(pages: ChangesPage[]) {
  const asked: (string | null)[] = [];
  const transport = {
    pullChanges: async (cursor: string | null): Promise<PullOutcome> => {
      asked.push(cursor);
      const page = pages.shift();
      return page ? { kind: 'ok', page } : { kind: 'ok', page: { changes: [], cursor: cursor ?? '0' } };
    },
  } as Transport;
  return { transport, asked };
}

const upsert = (seq: number, table: string, id: string, row: Record<string, unknown>): Change => ({ seq, table, id, op: 'upsert', row });

describe('pullChanges', () => {
  it('PL2: applies upserts and tombstones in seq order and saves the cursor', async () => {
    const outbox = new MemoryOutboxStore();
    const local = memoryTarget(outbox, { trabajadores: { old: { Nombre: 'Borrar' } } });
    const { transport, asked } = pagesTransport([
      { changes: [upsert(3, 'trabajadores', 'x', { Nombre: 'Ana', Version: 2 }), { seq: 2, table: 'trabajadores', id: 'old', op: 'delete' }, upsert(1, 'trabajadores', 'x', { Nombre: 'An', Version: 1 })], cursor: '3' },
    ]);
    const result = await pullChanges(transport, local.target, { resetTables: ['trabajadores'] });
    expect(result).toEqual({ kind: 'ok', applied: 3, skipped: 0, pages: 1, cursor: '3' });
    expect(local.tables()).toEqual({ trabajadores: { x: { Nombre: 'Ana', Version: 2 } } });
    expect(asked).toEqual([null]);
    expect(local.cursor()).toBe('3');
  });

  it('PL2: follows more with the new cursor', async () => {
    const local = memoryTarget(new MemoryOutboxStore());
    const { transport, asked } = pagesTransport([
      { changes: [upsert(1, 't', 'a', {})], cursor: '1', more: true },
      { changes: [upsert(2, 't', 'b', {})], cursor: '2' },
    ]);
    expect(await pullChanges(transport, local.target, { resetTables: [] })).toMatchObject({ kind: 'ok', applied: 2, pages: 2, cursor: '2' });
    expect(asked).toEqual([null, '1']);
  });

  it('PL3/PL6: never overwrites or deletes a row with queued writes, and hands the server row to the app', async () => {
    const outbox = new MemoryOutboxStore();
    await outbox.append(
      newOutboxEntry({ method: 'PUT', path: '/api/trabajadores/x', body: { Nombre: 'Mío' }, payloadVersion: 1, recordKey: 'trabajadores:x' }, '01890a5d-ac96-774b-bcce-b302099a8057', 0),
    );
    const local = memoryTarget(outbox, { trabajadores: { x: { Nombre: 'Mío' }, y: { Nombre: 'Otro' } } });
    const { transport } = pagesTransport([
      { changes: [upsert(1, 'trabajadores', 'x', { Nombre: 'Servidor' }), { seq: 2, table: 'trabajadores', id: 'y', op: 'delete' }], cursor: '2' },
    ]);
    expect(await pullChanges(transport, local.target, { resetTables: [] })).toMatchObject({ applied: 1, skipped: 1 });
    expect(local.tables().trabajadores).toEqual({ x: { Nombre: 'Mío' } });
    expect(local.skipped).toEqual([upsert(1, 'trabajadores', 'x', { Nombre: 'Servidor' })]);
  });

  it('PL4: a page that fails to apply leaves neither its rows nor its cursor', async () => {
    const local = memoryTarget(new MemoryOutboxStore());
    const { transport } = pagesTransport([{ changes: [upsert(1, 't', 'a', {}), upsert(2, 't', 'b', { explode: true })], cursor: '2' }]);
    await expect(pullChanges(transport, local.target, { resetTables: [] })).rejects.toThrow('disk full');
    expect(local.tables()).toEqual({});
    expect(local.cursor()).toBeNull();
  });

  it('PL8: the next page is fetched while this one is written, and only used once this one has committed', async () => {
    const outbox = new MemoryOutboxStore();
    const { target, tables, cursor } = memoryTarget(outbox);
    const { transport, asked } = pagesTransport([
      { changes: [upsert(1, 't', 'a', {}), upsert(2, 't', 'b', { explode: true })], cursor: '2', more: true },
      { changes: [upsert(3, 't', 'c', {})], cursor: '3' },
    ]);
    await expect(pullChanges(transport, target, { resetTables: [] })).rejects.toThrow('disk full');
    // Page 2 was already asked for from page 1's cursor, but nothing of it landed and the cursor did not move.
    expect(asked).toEqual([null, '2']);
    expect(tables()).toEqual({});
    expect(cursor()).toBeNull();

    const next = pagesTransport([
      { changes: [upsert(1, 't', 'a', {})], cursor: '2', more: true },
      { changes: [upsert(3, 't', 'c', {})], cursor: '3' },
    ]);
    const result = await pullChanges(next.transport, target, { resetTables: [] });
    expect(result).toMatchObject({ kind: 'ok', applied: 2, pages: 2, cursor: '3' });
    expect(next.asked).toEqual([null, '2']);
    expect(tables()).toEqual({ t: { a: {}, c: {} } });
  });

  it('PL8: a target answering at once gets the same result, and sees each prefetched page before its transaction', async () => {
    const events: string[] = [];
    const rows: Record<string, unknown> = {};
    let cursor: string | null = null;
    const target: PullTarget = {
      async transaction(fn) {
        events.push('transacción');
        return fn();
      },
      getCursor: async () => cursor,
      setCursor: async (value) => void (cursor = value),
      hasQueuedWrites: (_table, id) => id === 'mía',
      applyUpsert: (_table, id, row) => void (rows[id] = row),
      applyDelete: (_table, id) => void delete rows[id],
      prepare: (changes) => void events.push(`preparar ${changes.map((change) => change.id).join(',')}`),
      reset: async () => undefined,
    };
    const { transport } = pagesTransport([
      { changes: [upsert(1, 't', 'a', { n: 1 }), upsert(2, 't', 'mía', { n: 2 })], cursor: '2', more: true },
      { changes: [upsert(3, 't', 'b', { n: 3 }), { seq: 4, table: 't', id: 'a', op: 'delete' }], cursor: '4' },
    ]);
    expect(await pullChanges(transport, target, { resetTables: [] })).toEqual({ kind: 'ok', applied: 3, skipped: 1, pages: 2, cursor: '4' });
    expect(rows).toEqual({ b: { n: 3 } });
    expect(cursor).toBe('4');
    // The first page is converted inside its own transaction (nothing to overlap); the second before its own.
    expect(events).toEqual(['transacción', 'preparar b,a', 'transacción']);
  });

  it('PL5: reset replaces the pulled tables except rows with queued writes, then applies the page', async () => {
    const outbox = new MemoryOutboxStore();
    await outbox.append(
      newOutboxEntry({ method: 'POST', path: '/api/cargos/local', body: {}, payloadVersion: 1, recordKey: 'cargos:local' }, '01890a5d-ac96-774b-bcce-b302099a8057', 0),
    );
    const local = memoryTarget(outbox, { cargos: { viejo: { N: 1 }, local: { N: 2 } }, ajustes: { tema: { v: 'oscuro' } } });
    const { transport } = pagesTransport([{ changes: [upsert(1, 'cargos', 'nuevo', { N: 3 })], cursor: '1', reset: true }]);
    await pullChanges(transport, local.target, { resetTables: ['cargos'] });
    expect(local.tables()).toEqual({ cargos: { local: { N: 2 }, nuevo: { N: 3 } }, ajustes: { tema: { v: 'oscuro' } } });
  });

  it('PL5: a refetch that fails keeps the old cursor so the next pull resets again', async () => {
    const local = memoryTarget(new MemoryOutboxStore());
    local.target.reset = async () => {
      throw new Error('sin conexión');
    };
    const { transport } = pagesTransport([{ changes: [], cursor: '90', reset: true }]);
    await expect(pullChanges(transport, local.target, { resetTables: ['cargos'] })).rejects.toThrow('sin conexión');
    expect(local.cursor()).toBeNull();
  });

  it('PL2: a failed pull reports its outcome and keeps the cursor', async () => {
    const local = memoryTarget(new MemoryOutboxStore());
    const transport = { pullChanges: async () => ({ kind: 'failed', outcome: { kind: 'auth', status: 401, body: null } }) } as unknown as Transport;
    expect(await pullChanges(transport, local.target, { resetTables: [] })).toMatchObject({ kind: 'failed', outcome: { kind: 'auth' } });
    expect(local.cursor()).toBeNull();
  });
});

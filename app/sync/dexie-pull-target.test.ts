import { newOutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { pullChanges } from '#sync/outbox/pull.ts';
import type { Change, ChangesPage } from '#sync/outbox/sync-protocol.ts';
import type { PullOutcome, Transport } from '#sync/outbox/transport.ts';
import { describe, expect, it } from 'vitest';
import { DexiePullTarget, NOT_READABLE, PULLED_TABLES, type TableDownloader } from './dexie-pull-target.ts';
import { testDevicesForEachTest } from './test-device.ts';

const newDevice = testDevicesForEachTest();

function workerRow(id: string, Nombres: string, extra: Record<string, unknown> = {}) {
  return {
    IdPersona: id,
    IdEmpresa: '76123456',
    RunPersona: `1234567${id.slice(-1)}-5`,
    Nombres,
    ApellidoPaterno: 'Soto',
    ApellidoMaterno: '',
    cargos: ['c1'],
    IdNivel2: 'n2',
    IdNivel3: null,
    IdNivel4: null,
    TipoEmpresa: 1,
    RutContratista: null,
    Estado: 1,
    Version: 1,
    ...extra,
  };
}

/** A server that answers the pages in turn. */
function pages(...answers: ChangesPage[]): Transport {
  return {
    pullChanges: async (): Promise<PullOutcome> => ({ kind: 'ok', page: answers.shift() ?? { changes: [], cursor: 'end' } }),
    sendBatch: () => Promise.reject(new Error('unused')),
    sendOne: () => Promise.reject(new Error('unused')),
    uploadFile: () => Promise.reject(new Error('unused')),
  };
}

const upsert = (seq: number, id: string, row: Record<string, unknown>): Change => ({ seq, table: 'trabajadores', id, op: 'upsert', row });
const noDownload: TableDownloader = () => Promise.reject(new Error('no reset expected'));

describe('DexiePullTarget', () => {
  it('PL2/PL4: applies pages in order with derived search fields, saves the cursor, and a page applied twice changes nothing', async () => {
    const device = newDevice();
    const target = new DexiePullTarget(device.db, noDownload);
    const page: ChangesPage = {
      changes: [upsert(1, 'w1', workerRow('w1', 'Ana')), upsert(2, 'w2', workerRow('w2', 'Luis')), { seq: 3, table: 'trabajadores', id: 'w2', op: 'delete' }],
      cursor: '3',
    };
    await pullChanges(pages(page), target, { resetTables: PULLED_TABLES });
    await pullChanges(pages({ ...page, cursor: '3' }), target, { resetTables: PULLED_TABLES });

    expect(await device.db.trabajadores.toCollection().primaryKeys()).toEqual(['w1']);
    expect(await device.db.trabajadores.where('palabras').startsWith('an').primaryKeys()).toEqual(['w1']);
    expect(await target.getCursor()).toBe('3');
  });

  it('PL3/PL4: a page of 500 changes, 50 of them skipped, commits in one transaction with its cursor', async () => {
    const device = newDevice();
    const target = new DexiePullTarget(device.db, noDownload);
    for (let i = 0; i < 50; i += 1) {
      await device.store.append(newOutboxEntry({ method: 'PUT', path: '/api/x', body: {}, payloadVersion: 1, recordKey: `trabajadores:w${i}` }, crypto.randomUUID(), Date.now()));
    }
    const changes = Array.from({ length: 500 }, (_, i) => upsert(i + 1, `w${i}`, workerRow(`w${i}`, `Nombre ${i}`)));

    const result = await pullChanges(pages({ changes, cursor: '500' }), target, { resetTables: PULLED_TABLES });

    expect(result).toMatchObject({ kind: 'ok', applied: 450, skipped: 50 });
    expect(await device.db.trabajadores.count()).toBe(450);
    expect(await device.db.serverRows.count()).toBe(50);
    expect(await target.getCursor()).toBe('500');
  });

  it('PL3/PL6: a record with a queued write keeps the local row; the server row is kept for a discard', async () => {
    const device = newDevice();
    const target = new DexiePullTarget(device.db, noDownload);
    await device.db.trabajadores.put({ ...workerRow('w1', 'Ana (editada)'), palabras: [], orden: '' } as never);
    await device.store.append(newOutboxEntry({ method: 'PUT', path: '/api/trabajadores/newtrabajadores2', body: {}, payloadVersion: 1, recordKey: 'trabajadores:w1' }, crypto.randomUUID(), Date.now()));

    const result = await pullChanges(pages({ changes: [upsert(5, 'w1', workerRow('w1', 'Ana', { Version: 2 })), upsert(6, 'w3', workerRow('w3', 'Eva'))], cursor: '6' }), target, {
      resetTables: PULLED_TABLES,
    });

    expect(result).toMatchObject({ kind: 'ok', applied: 1, skipped: 1 });
    expect((await device.db.trabajadores.get('w1'))?.Nombres).toBe('Ana (editada)');
    expect((await device.db.serverRows.get('trabajadores:w1'))?.row).toMatchObject({ Nombres: 'Ana', Version: 2, orden: 'soto ana' });
    expect((await device.db.trabajadores.get('w3'))?.Nombres).toBe('Eva');
  });

  it('PL5: a reset replaces the tables with the downloaded copies, keeping rows with queued writes', async () => {
    const device = newDevice();
    await device.db.trabajadores.bulkPut([
      { ...workerRow('w1', 'Queued'), palabras: [], orden: '' },
      { ...workerRow('w2', 'Gone on the server'), palabras: [], orden: '' },
    ] as never);
    await device.store.append(newOutboxEntry({ method: 'POST', path: '/api/trabajadores/newtrabajadores2', body: {}, payloadVersion: 1, recordKey: 'trabajadores:w1' }, crypto.randomUUID(), Date.now()));
    const downloads: TableDownloader = async (table) =>
      table === 'trabajadores' ? [workerRow('w1', 'Server copy'), workerRow('w4', 'Fresh')] : table === 'niveles' ? [{ IdNivel: 'n2', TipoNivel: 2, Nombre: 'Faena', IdNivelPadre: null, Estado: 1, Version: 1 }] : [];
    const target = new DexiePullTarget(device.db, downloads);

    await pullChanges(pages({ changes: [], cursor: '900', reset: true }), target, { resetTables: PULLED_TABLES });

    expect((await device.db.trabajadores.toArray()).map((row) => [row.IdPersona, row.Nombres])).toEqual([
      ['w1', 'Queued'],
      ['w4', 'Fresh'],
    ]);
    expect(await device.db.niveles.count()).toBe(1);
    expect(await target.getCursor()).toBe('900');
  });

  it('PL12: a download refused with 403 leaves no record of that table but those with queued writes, and keeps reference data', async () => {
    const device = newDevice();
    await device.db.trabajadores.bulkPut([
      { ...workerRow('w1', 'Queued'), palabras: [], orden: '' },
      { ...workerRow('w2', 'No longer readable'), palabras: [], orden: '' },
    ] as never);
    await device.db.niveles.put({ IdNivel: 'n2', IdEmpresa: '76123456', TipoNivel: 2, Nombre: 'Faena', IdNivelPadre: null, RutNivel: '', Estado: 1, Version: 1, orden: 'faena' } as never);
    await device.store.append(newOutboxEntry({ method: 'PUT', path: '/api/trabajadores/newtrabajadores2', body: {}, payloadVersion: 1, recordKey: 'trabajadores:w1' }, crypto.randomUUID(), Date.now()));
    // A role that lost the workers and may not list levels (every device still pulls levels: reference data).
    const downloads: TableDownloader = async (table) => (table === 'trabajadores' || table === 'niveles' ? NOT_READABLE : []);
    const target = new DexiePullTarget(device.db, downloads);

    const result = await pullChanges(pages({ changes: [], cursor: '901', reset: true }), target, { resetTables: PULLED_TABLES });

    expect(result.kind).toBe('ok');
    expect(await device.db.trabajadores.toCollection().primaryKeys()).toEqual(['w1']);
    expect(await device.db.niveles.toCollection().primaryKeys()).toEqual(['n2']);
    expect(await target.getCursor()).toBe('901');
  });
});

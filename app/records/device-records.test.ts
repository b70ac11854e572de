import { newOutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { pullChanges } from '#sync/outbox/pull.ts';
import type { Transport } from '#sync/outbox/transport.ts';
import { ENTITIES, ENTITY_LIST, entityOf, UndescribedTableError } from '#sync/records/entities.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { describe, expect, it } from 'vitest';
import { describeEntry } from '#app/data/outbox-labels.ts';
import { createTableDownloader, DexiePullTarget, PULLED_TABLES } from '#app/sync/dexie-pull-target.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { DEVICE_RECORDS } from './device-records.ts';

const newDevice = testDevicesForEachTest();

/** A write queued for a table nobody described: nothing in the app may handle it as another table's. */
const stranger = {
  ...newOutboxEntry(
    { method: 'POST', path: '/api/desconocida', body: { Nombre: 'x' }, payloadVersion: 1, recordKey: 'desconocida:1' },
    'k1',
    0,
  ),
  seq: 1,
  state: 'dead' as const,
};

const adminSession = { permisos: [], usuario: { IdUsuario: 1 } } as unknown as Session;

describe('the app builds its registries from the entity descriptions', () => {
  it('describes every table under its own name, parents pulled before the records that point at them', () => {
    for (const [table, entity] of Object.entries(ENTITIES)) expect(entity.table).toBe(table);
    expect(PULLED_TABLES).toEqual(ENTITY_LIST.map((entity) => entity.table));
    for (const entity of ENTITY_LIST) {
      for (const reference of entity.references) {
        if (reference.table !== entity.table)
          expect(entityOf(reference.table).pullOrder, `${entity.table}.${reference.field}`).toBeLessThan(entity.pullOrder);
      }
    }
  });

  it('keeps every described table on the device, keyed by the entity id, with a device record for it', () => {
    const { db } = newDevice();
    for (const entity of ENTITY_LIST) {
      const table = db.tables.find((candidate) => candidate.name === entity.table);
      expect(table, entity.table).toBeDefined();
      expect(table!.schema.primKey.keyPath, entity.table).toBe(entity.id);
      expect(DEVICE_RECORDS[entity.table as keyof typeof DEVICE_RECORDS], entity.table).toBeDefined();
    }
  });

  it('PL9: fails loudly for a table that is not described: no label, no correction, no download', async () => {
    expect(() => entityOf('desconocida')).toThrow(UndescribedTableError);
    expect(() => describeEntry(stranger, null)).toThrow(/«desconocida» no está descrita/);
    expect(() => correctionHref(adminSession, stranger)).toThrow(/«desconocida» no está descrita/);
    const download = createTableDownloader({ companyId: '76123456', getToken: () => null });
    await expect(download('desconocida' as never)).rejects.toThrow(/«desconocida» no está descrita/);
    const { db } = newDevice();
    await expect(new DexiePullTarget(db, download).reset(['desconocida'])).rejects.toThrow(/«desconocida» no está descrita/);
  });

  it('PL9: never writes a pulled change of an undescribed table into another table', async () => {
    const { db } = newDevice();
    const row = {
      IdPersona: 'w1',
      IdEmpresa: '76123456',
      RunPersona: '12345678-5',
      Nombres: 'Ana',
      ApellidoPaterno: 'Soto',
      ApellidoMaterno: '',
      cargos: [],
      Estado: 1,
      Version: 1,
    };
    const transport = {
      pullChanges: async () => ({
        kind: 'ok' as const,
        page: { changes: [{ seq: 1, table: 'desconocida', id: 'w1', op: 'upsert' as const, row }], cursor: '1' },
      }),
    } as unknown as Transport;
    await pullChanges(transport, new DexiePullTarget(db, () => Promise.reject(new Error('no reset expected'))), {
      resetTables: PULLED_TABLES,
    });
    for (const table of db.tables.filter((candidate) => PULLED_TABLES.includes(candidate.name as never)))
      expect(await table.count(), table.name).toBe(0);
  });
});

describe('every entity on the device', () => {
  it('is kept in a shape of its own or is a catalogue a menu entry maintains', () => {
    expect(Object.keys(DEVICE_RECORDS).sort()).toEqual(Object.keys(ENTITIES).sort());
  });

  it('a catalogue is corrected in its maintainer and listed by its folded name', () => {
    const record = DEVICE_RECORDS.certificaciones;
    expect(record.correction?.routes(stranger, null)?.editar.href('c1')).toBe('/certificaciones/editar/c1');
    expect(record.toLocal({ IdCertificacion: 'c1', Nombre: 'Altura Física', Estado: 1 } as never)).toMatchObject({
      orden: 'altura fisica',
    });
  });
});

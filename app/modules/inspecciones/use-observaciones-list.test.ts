import { describe, expect, it } from 'vitest';
import { type FollowUpFilters, NO_FOLLOW_UP_FILTERS } from '#app/data/follow-up-queries.ts';
import { inspectionRow, observationRow } from '#app/data/follow-up-test-factory.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { LAST_SUCCESS_KEY } from '#app/sync/device-sync.ts';
import { matchingObservationIds, observationList } from './use-observaciones-list.ts';

const device = testDevicesForEachTest();
const TODAY = '2026-03-20';

async function seeded() {
  const test = device();
  const tools = inspectionRow({ Fecha: '2026-03-02' });
  const behaviour = inspectionRow({
    Fecha: '2026-03-08',
    Tipo: 'observacion',
    IdFormulario: 'f-conducta',
    NombreFormulario: 'Conducta',
    RutContratista: '77111222-3',
    IdNivel2: 'nv2-sur',
    IdNivel3: null,
  });
  await test.db.inspecciones.bulkPut([tools, behaviour]);
  await test.db.observaciones.bulkPut([
    observationRow(tools, { Observacion: 'open-overdue', SemaforoObs: 2, Plazo: '2026-03-15' }),
    observationRow(tools, { Observacion: 'answered', SemaforoObs: 2, Plazo: '2026-03-30', Respondida: 1 }),
    observationRow(tools, { Observacion: 'approved', SemaforoObs: 1, Aprobada: 1, Plazo: '2026-03-01' }),
    observationRow(behaviour, { Observacion: 'contractor-red', SemaforoObs: 3, Plazo: '2026-03-25' }),
    observationRow(behaviour, { Observacion: 'contractor-green', SemaforoObs: 1, Plazo: null }),
  ]);
  return test;
}

async function texts(patch: Partial<FollowUpFilters>) {
  const test = await seeded();
  const ids = await matchingObservationIds(test.db, { ...NO_FOLLOW_UP_FILTERS, ...patch }, TODAY);
  return (await test.db.observaciones.bulkGet(ids)).map((row) => row?.Observacion).sort();
}

describe('observation list query', () => {
  it('without filters: every active observation', async () => {
    expect(await texts({})).toEqual(['answered', 'approved', 'contractor-green', 'contractor-red', 'open-overdue']);
  });

  it('OV5: the state filter matches the state shown beside the light', async () => {
    expect(await texts({ estado: 'abierta' })).toEqual(['contractor-green', 'contractor-red']);
    expect(await texts({ estado: 'respondida' })).toEqual(['answered']);
    expect(await texts({ estado: 'vencida' })).toEqual(['open-overdue']);
    expect(await texts({ estado: 'aprobada' })).toEqual(['approved']);
    expect(await texts({ estado: 'rechazada' })).toEqual([]);
  });

  it('OV5: a rejected observation is Rechazada until answered again, Vencida once its new deadline passes', async () => {
    const test = await seeded();
    const [tools] = await test.db.inspecciones.orderBy('Fecha').toArray();
    const step = {
      Texto: 'Falta foto',
      Archivos: [],
      IdUsuario: 2,
      Usuario: 'Sofía Rojas',
      Fecha: '2026-03-18T12:00:00.000Z',
      Plazo: null,
    };
    const rejected = observationRow(tools!, {
      Observacion: 'rejected',
      Plazo: '2026-03-27',
      Respuestas: [
        { ...step, IdRespuesta: 'r1', Tipo: 'respuesta' },
        { ...step, IdRespuesta: 'r2', Tipo: 'rechazo', Plazo: '2026-03-27' },
      ],
    });
    await test.db.observaciones.put(rejected);
    const run = async (estado: FollowUpFilters['estado'], today = TODAY) =>
      (await test.db.observaciones.bulkGet(await matchingObservationIds(test.db, { ...NO_FOLLOW_UP_FILTERS, estado }, today))).map(
        (row) => row?.Observacion,
      );
    expect(await run('rechazada')).toEqual(['rejected']);
    expect(await run('abierta')).not.toContain('rejected');
    expect(await run('vencida', '2026-03-28')).toContain('rejected');
    expect(await run('rechazada', '2026-03-28')).toEqual([]);
  });

  it('OV1: the light includes the overdue rule; approved ones stay green; combined with the state', async () => {
    expect(await texts({ semaforo: '3' })).toEqual(['contractor-red', 'open-overdue']);
    expect(await texts({ semaforo: '2' })).toEqual(['answered']);
    expect(await texts({ semaforo: '1' })).toEqual(['approved', 'contractor-green']);
    expect(await texts({ semaforo: '1', estado: 'abierta' })).toEqual(['contractor-green']);
  });

  it('inspection-level filters go through the inspections: type, template, levels, contractor, dates', async () => {
    expect(await texts({ tipo: 'observacion' })).toEqual(['contractor-green', 'contractor-red']);
    expect(await texts({ formulario: 'f-herramientas' })).toEqual(['answered', 'approved', 'open-overdue']);
    expect(await texts({ contratista: '77111222-3', semaforo: '3' })).toEqual(['contractor-red']);
    expect(await texts({ nv2: 'nv2-norte', estado: 'vencida' })).toEqual(['open-overdue']);
    expect(await texts({ desde: '2026-03-05', hasta: '2026-03-31' })).toEqual(['contractor-green', 'contractor-red']);
    expect(await texts({ desde: '2026-03-05', hasta: '2026-03-01' })).toHaveLength(5);
  });

  it('after a sync, green ones judged by the server count as approved without a read; later ones are read', async () => {
    const test = await seeded();
    await test.db.syncMeta.put({ key: LAST_SUCCESS_KEY, value: Date.parse('2026-03-19T15:00:00Z') });
    const run = async (estado: FollowUpFilters['estado']) =>
      (await test.db.observaciones.bulkGet(await matchingObservationIds(test.db, { ...NO_FOLLOW_UP_FILTERS, estado }, TODAY)))
        .map((row) => row?.Observacion)
        .sort();
    expect(await run('aprobada')).toEqual(['approved']);
    const answered = (await test.db.observaciones.toArray()).find((row) => row.Observacion === 'answered')!;
    await test.db.observaciones.put({ ...answered, Aprobada: 1, Respondida: 0, SemaforoObs: 1 });
    expect(await run('aprobada')).toEqual(['answered', 'approved']);
    expect(await run('respondida')).toEqual([]);
    expect(await run('abierta')).toEqual(['contractor-green', 'contractor-red']);
    expect(await run('vencida')).toEqual(['open-overdue']);
  });

  it('the list comes with its first block of rows', async () => {
    const test = await seeded();
    const list = await observationList(test.db, { ...NO_FOLLOW_UP_FILTERS, semaforo: '3' }, TODAY);
    expect(list.head.rows.map((row) => row?.Observacion)).toEqual(['contractor-red', 'open-overdue']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_MESSAGES,
  matchingInspectionIds,
  NO_FOLLOW_UP_FILTERS,
  queryRange,
  templateOptions,
} from '#app/data/follow-up-queries.ts';
import { inspectionRow, observationRow } from '#app/data/follow-up-test-factory.ts';
import { testDevicesForEachTest } from '#app/sync/test-device.ts';
import { toLocalFormulario } from '#app/db/reference-rows.ts';
import { LAST_SUCCESS_KEY } from '#app/sync/device-sync.ts';
import { alignedWindow, WINDOW_BLOCK } from '#app/data/use-follow-up-list.ts';
import { inspectionList, inspectionWindow, openDrafts } from './use-inspecciones-list.ts';

const device = testDevicesForEachTest();
const TODAY = '2026-03-20';

async function seeded() {
  const test = device();
  const a = inspectionRow({ Fecha: '2026-03-01', Lugar: 'A' });
  const b = inspectionRow({
    Fecha: '2026-03-05',
    Lugar: 'B',
    Tipo: 'observacion',
    IdFormulario: 'f-conducta',
    NombreFormulario: 'Conducta segura',
    IdNivel2: 'nv2-sur',
    IdNivel3: 'nv3-faena-b',
  });
  const c = inspectionRow({ Fecha: '2026-03-09', Lugar: 'C', RutContratista: '77111222-3' });
  const d = inspectionRow({ Fecha: '2026-03-15', Lugar: 'D', RutContratista: '77111222-3', IdNivel3: null });
  await test.db.inspecciones.bulkPut([a, b, c, d]);
  await test.db.observaciones.bulkPut([
    // Red now: its deadline passed (SPEC OV1), though stored yellow.
    observationRow(a, { SemaforoObs: 2, Plazo: '2026-03-10' }),
    // Yellow, deadline ahead.
    observationRow(c, { SemaforoObs: 2, Plazo: '2026-04-01' }),
    // Approved: green, though its deadline passed.
    observationRow(d, { SemaforoObs: 1, Aprobada: 1, Plazo: '2026-03-16' }),
    observationRow(d, { SemaforoObs: 3, Plazo: '2026-03-30' }),
  ]);
  return { test, a, b, c, d };
}

const lugares = async (test: Awaited<ReturnType<typeof seeded>>['test'], ids: string[]) =>
  (await test.db.inspecciones.bulkGet(ids)).map((row) => row?.Lugar);

describe('inspection list query', () => {
  it('without filters: every inspection, newest date first, from the index', async () => {
    const { test } = await seeded();
    expect(await lugares(test, await matchingInspectionIds(test.db, NO_FOLLOW_UP_FILTERS, TODAY))).toEqual(['D', 'C', 'B', 'A']);
  });

  it('type, template, levels and contractor narrow in date order, and combine', async () => {
    const { test } = await seeded();
    const run = async (patch: Partial<typeof NO_FOLLOW_UP_FILTERS>) =>
      lugares(test, await matchingInspectionIds(test.db, { ...NO_FOLLOW_UP_FILTERS, ...patch }, TODAY));
    expect(await run({ tipo: 'observacion' })).toEqual(['B']);
    expect(await run({ formulario: 'f-herramientas' })).toEqual(['D', 'C', 'A']);
    expect(await run({ nv2: 'nv2-norte' })).toEqual(['D', 'C', 'A']);
    expect(await run({ nv3: 'nv3-faena-a' })).toEqual(['C', 'A']);
    expect(await run({ contratista: '77111222-3' })).toEqual(['D', 'C']);
    expect(await run({ contratista: '77111222-3', nv3: 'nv3-faena-a', tipo: 'inspeccion' })).toEqual(['C']);
  });

  it('date range is inclusive on both ends; a reversed range is not applied (and is the spec message)', async () => {
    const { test } = await seeded();
    const run = async (desde: string, hasta: string, extra = {}) =>
      lugares(test, await matchingInspectionIds(test.db, { ...NO_FOLLOW_UP_FILTERS, desde, hasta, ...extra }, TODAY));
    expect(await run('2026-03-05', '2026-03-09')).toEqual(['C', 'B']);
    expect(await run('2026-03-05', '')).toEqual(['D', 'C', 'B']);
    expect(await run('', '2026-03-01')).toEqual(['A']);
    expect(await run('2026-03-02', '2026-03-20', { formulario: 'f-herramientas' })).toEqual(['D', 'C']);
    expect(queryRange({ desde: '2026-03-09', hasta: '2026-03-01' })).toEqual({ desde: null, hasta: null });
    expect(await run('2026-03-09', '2026-03-01')).toEqual(['D', 'C', 'B', 'A']);
    expect(DATE_RANGE_MESSAGES.desde).toBe('Fecha inicial no puede ser mayor que Fecha final');
  });

  it('OV1: the light filter keeps inspections with an active observation of that light, overdue ones red', async () => {
    const { test } = await seeded();
    const run = async (semaforo: '1' | '2' | '3', extra = {}) =>
      lugares(test, await matchingInspectionIds(test.db, { ...NO_FOLLOW_UP_FILTERS, semaforo, ...extra }, TODAY));
    expect(await run('3')).toEqual(['D', 'A']);
    expect(await run('2')).toEqual(['C']);
    expect(await run('1')).toEqual(['D']);
    expect(await run('3', { desde: '2026-03-02' })).toEqual(['D']);
  });

  it('a window reads only its rows, with the open (not approved) observations of each', async () => {
    const { test, d } = await seeded();
    const ids = await matchingInspectionIds(test.db, NO_FOLLOW_UP_FILTERS, TODAY);
    const window = await inspectionWindow(test.db, ids, 0, 2);
    expect(window.rows.map((row) => row?.Lugar)).toEqual(['D', 'C']);
    expect(window.openObservations.get(d.IdEvaluacion)).toBe(1);
  });

  it('the list comes with its first block of rows; later blocks are read aligned', async () => {
    const { test } = await seeded();
    const list = await inspectionList(test.db, NO_FOLLOW_UP_FILTERS, TODAY);
    expect(list.head.rows.map((row) => row?.Lugar)).toEqual(['D', 'C', 'B', 'A']);
    expect(alignedWindow(0, 21)).toEqual({ start: 0, end: WINDOW_BLOCK });
    expect(alignedWindow(45, 70)).toEqual({ start: WINDOW_BLOCK, end: 2 * WINDOW_BLOCK });
  });

  it('OV1 after a sync: greens due before the day before it are as the server left them; newer and queued ones are checked', async () => {
    const test = device();
    const inspections = ['old', 'recent', 'queued'].map((Lugar) => inspectionRow({ Lugar, Fecha: '2026-03-01' }));
    await test.db.inspecciones.bulkPut(inspections);
    const [old, recent, queued] = inspections.map((inspection) => observationRow(inspection, { SemaforoObs: 1, Plazo: '2026-03-05' }));
    recent!.Plazo = '2026-03-16';
    await test.db.observaciones.bulkPut([old!, recent!, queued!]);
    await test.db.syncMeta.put({ key: LAST_SUCCESS_KEY, value: Date.parse('2026-03-17T15:00:00Z') });
    await test.db.outbox.add({
      key: 'k1',
      method: 'POST',
      path: `/api/inspecciones/observaciones-inspecciones/${queued!.IdObservacion}`,
      body: {},
      payloadVersion: 1,
      createdAt: 1,
      attempts: 0,
      state: 'pending',
      nextAttemptAt: 0,
      recordKey: `observaciones:${queued!.IdObservacion}`,
    } as never);
    const red = await lugares(test, await matchingInspectionIds(test.db, { ...NO_FOLLOW_UP_FILTERS, semaforo: '3' }, TODAY));
    expect(red.sort()).toEqual(['queued', 'recent']);
    expect(await lugares(test, await matchingInspectionIds(test.db, { ...NO_FOLLOW_UP_FILTERS, semaforo: '1' }, TODAY))).toEqual(['old']);
  });

  it('a light filter sees observations added after its first run', async () => {
    const { test, b } = await seeded();
    expect(await lugares(test, await matchingInspectionIds(test.db, { ...NO_FOLLOW_UP_FILTERS, semaforo: '2' }, TODAY))).toEqual(['C']);
    await test.db.observaciones.put(observationRow(b, { SemaforoObs: 2, Plazo: '2026-04-30' }));
    expect(await lugares(test, await matchingInspectionIds(test.db, { ...NO_FOLLOW_UP_FILTERS, semaforo: '2' }, TODAY))).toEqual([
      'C',
      'B',
    ]);
  });

  it('template options name retired templates from their inspections', async () => {
    const { test } = await seeded();
    await test.db.formularios.put(
      toLocalFormulario({
        IdFormulario: 'f-herramientas',
        IdEmpresa: '76123456',
        Nombre: 'Herramientas y equipos (v2)',
        Tipo: 'inspeccion',
        Descripcion: '',
        Estado: 1,
        VersionFormulario: 2,
        Contenido: { ColumnasEncabezado: 1, CamposEncabezado: [], Items: [], Rangos: [] },
        Version: 2,
        ActualizadoEn: '2026-03-01T00:00:00.000Z',
      }),
    );
    expect(await templateOptions(test.db)).toEqual([
      { value: 'f-conducta', label: 'Conducta segura' },
      { value: 'f-herramientas', label: 'Herramientas y equipos (v2)' },
    ]);
  });

  it('open drafts of the device, most recent first; finished ones are not listed', async () => {
    const test = device();
    const draft = (IdEvaluacion: string, estado: 'abierta' | 'finalizada', actualizadoEn: number) => ({
      IdEvaluacion,
      IdEmpresa: '76123456',
      IdUsuario: 2,
      estado,
      formulario: {
        IdFormulario: 'f',
        Nombre: 'F',
        Tipo: 'inspeccion' as const,
        VersionFormulario: 1,
        Contenido: { ColumnasEncabezado: 1 as const, CamposEncabezado: [], Items: [], Rangos: [] },
      },
      Fecha: '2026-03-20',
      Lugar: '',
      IdNivel2: null,
      IdNivel3: null,
      Supervisor: '',
      Observados: [],
      EquipoTrabajo: '',
      RutContratista: null,
      IdCliente: null,
      Encabezado: {},
      respuestas: {},
      observaciones: [],
      firmas: [],
      iniciadaEn: '2026-03-20T10:00:00.000Z',
      actualizadoEn,
    });
    await test.db.borradores.bulkPut([draft('old', 'abierta', 1), draft('done', 'finalizada', 3), draft('new', 'abierta', 2)]);
    expect((await openDrafts(test.db)).map((row) => row.IdEvaluacion)).toEqual(['new', 'old']);
  });
});

import { describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, SEEDED, workerBody } from './support/trabajadores-factory.ts';

/**
 * A contract's activities by level with their workers (issue 37, spec Contract.Actividades), and the accreditation
 * rows that follow them: one per worker, contract and worksite. Rule ids in server/modules/contratistas/README.md.
 * Levels of the demo: Faena Los Andes (nv2 1) with Obras Civiles (nv3 1) and Montaje Eléctrico (nv3 2); Faena Ruta 5
 * Norte (nv2 2) with Movimiento de Tierra (nv3 3).
 */
const test = serverForEachTest();
const BASE = '/api/gestion-contratista';
const CONTRACTOR = SEEDED.contractorRut;
const LOS_ANDES = SEEDED.nv2(1);
const RUTA_5 = SEEDED.nv2(2);

type Row = Record<string, unknown>;
type Answer<T = Row> = { statusCode: number; message: string; code?: string; data: T };
type Acc = { IdPersona: string; IdContrato: string; IdNivel2: string; Acreditado: 0 | 1; Estado: number };

async function call<T = Row>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object) {
  return (await send<Answer<T>>(test.server, method, `${BASE}${path}`, { token: test.admin.token, body })).body;
}

const activityId = async (name: string) =>
  (await call<{ value: string; label: string }[]>('GET', `/contrato/listas/actividades/${ANDES.id}`)).data.find((row) => row.label === name)!.value;

async function twoWorkers(): Promise<[string, string]> {
  const ids: string[] = [];
  for (const Nombres of ['Rosa', 'Tomás']) {
    const body = workerBody({ Nombres, ApellidoPaterno: 'Leiva', TipoEmpresa: 2, RutContratista: CONTRACTOR });
    expect((await createWorker(test.server, test.admin.token, body)).status).toBe(200);
    ids.push(body.IdPersona);
  }
  return ids as [string, string];
}

const contractBody = (workers: string[], Actividades: unknown[]) => ({
  IdContrato: uuidV7(),
  Nombre: 'Movimiento de tierras y montaje',
  RutContratista: CONTRACTOR,
  FechaInicio: '2026-11-01',
  FechaTermino: '2027-10-31',
  IdNivel2: LOS_ANDES,
  Trabajadores: workers,
  Actividades,
});

const accreditations = async (IdContrato: string) =>
  (await call<Acc[]>('GET', `/acreditacion/${ANDES.id}`)).data
    .filter((row) => row.IdContrato === IdContrato)
    .map((row) => [row.IdPersona, row.IdNivel2])
    .sort();

describe('activities by level (CT-ACT1)', () => {
  it('keeps each activity with its worksite, area and workers; a bare id is the activity at the contract’s worksite', async () => {
    const [rosa, tomas] = await twoWorkers();
    const earthworks = await activityId('Transporte de personal');
    const assembly = await activityId('Montaje estructural');
    const body = contractBody(
      [rosa, tomas],
      [
        { IdActividad: earthworks, IdNivel2: RUTA_5, IdNivel3: SEEDED.nv3(3), Recursos: { Trabajadores: [rosa] } },
        assembly,
      ],
    );
    expect(await call('POST', `/contrato/${ANDES.id}`, body)).toMatchObject({ statusCode: 200 });
    const stored = (await call<Row>('GET', `/contrato/${body.IdContrato}/${ANDES.id}`)).data;
    const none = { Vehiculos: [], Equipos: [] };
    expect(stored.Actividades).toEqual([
      { IdActividad: earthworks, IdNivel2: RUTA_5, IdNivel3: SEEDED.nv3(3), Recursos: { Trabajadores: [rosa], ...none } },
      { IdActividad: assembly, IdNivel2: null, IdNivel3: null, Recursos: { Trabajadores: [], ...none } },
    ]);
  });

  it('refuses a worker outside the contract, an unknown area and an area of another worksite, writing nothing', async () => {
    const [rosa, tomas] = await twoWorkers();
    const assembly = await activityId('Montaje estructural');
    const refused = (Actividades: unknown[]) => call('POST', `/contrato/${ANDES.id}`, contractBody([rosa], Actividades));
    const activity = (extra: Row) => ({ IdActividad: assembly, IdNivel2: null, IdNivel3: null, Recursos: { Trabajadores: [] }, ...extra });
    expect(await refused([activity({ Recursos: { Trabajadores: [tomas] } })])).toMatchObject({
      statusCode: 400,
      message: 'Un trabajador de una actividad debe estar entre los trabajadores del contrato',
    });
    expect(await refused([activity({ IdNivel3: uuidV7() })])).toMatchObject({ statusCode: 400, message: 'El nivel 3 indicado no existe' });
    // Movimiento de Tierra is an area of Ruta 5 Norte; the activity is at the contract's worksite, Los Andes.
    expect(await refused([activity({ IdNivel3: SEEDED.nv3(3) })])).toMatchObject({
      statusCode: 400,
      code: 'NIVEL3_AJENO',
      message: 'El nivel 3 de una actividad debe pertenecer a la faena de la actividad',
    });
    expect(await refused([activity({ IdNivel2: uuidV7() })])).toMatchObject({ statusCode: 400, message: 'La faena indicada no existe' });
    expect(await refused([activity({ IdActividad: '' })])).toMatchObject({ statusCode: 400, message: 'Elige la actividad' });
    const names = (await call<Row[]>('GET', `/contrato/${ANDES.id}`)).data.map((row) => row.Nombre);
    expect(names).not.toContain('Movimiento de tierras y montaje');
  });
});

describe('accreditation by worksite (CT-ACT2)', () => {
  it('keeps one row per worker and worksite of their activities, the contract’s for a worker in none, and drops a worksite left', async () => {
    const [rosa, tomas] = await twoWorkers();
    const earthworks = await activityId('Transporte de personal');
    const assembly = await activityId('Montaje estructural');
    const body = contractBody(
      [rosa, tomas],
      [
        { IdActividad: earthworks, IdNivel2: RUTA_5, Recursos: { Trabajadores: [rosa] } },
        { IdActividad: assembly, IdNivel3: SEEDED.nv3(2), Recursos: { Trabajadores: [rosa] } },
      ],
    );
    expect(await call('POST', `/contrato/${ANDES.id}`, body)).toMatchObject({ statusCode: 200 });
    expect(await accreditations(body.IdContrato)).toEqual(
      [
        [rosa, LOS_ANDES],
        [rosa, RUTA_5],
        [tomas, LOS_ANDES],
      ].sort(),
    );

    // Rosa leaves Ruta 5 Norte: her row there goes (to devices as a deletion); Tomás now works there only.
    const Actividades = [
      { IdActividad: earthworks, IdNivel2: RUTA_5, Recursos: { Trabajadores: [tomas] } },
      { IdActividad: assembly, IdNivel3: SEEDED.nv3(2), Recursos: { Trabajadores: [rosa] } },
    ];
    expect(await call('PUT', `/contrato/${body.IdContrato}/${ANDES.id}`, { IdContrato: body.IdContrato, Version: 1, Actividades })).toMatchObject({
      statusCode: 200,
    });
    expect(await accreditations(body.IdContrato)).toEqual(
      [
        [rosa, LOS_ANDES],
        [tomas, RUTA_5],
      ].sort(),
    );
    const deleted = await test.server.deps.db
      .selectFrom('cambios')
      .select('IdRegistro')
      .where('Tabla', '=', 'acreditaciones')
      .where('Operacion', '=', 'delete')
      .execute();
    expect(deleted).toHaveLength(2);
  });
});

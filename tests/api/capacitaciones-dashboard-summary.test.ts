import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import { type DashboardAnswer, monthsOfYear, shortMonthLabel } from '#sync/schemas/dashboard-filters.schema.ts';
import { activeWorkerCount } from '#server/records/dashboard-scope.ts';
import { up as backFill } from '#server/db/migrations/0023-resumenes-capacitaciones.ts';
import { round } from '#server/records/indicators/indicator-figures.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { CAPACITACIONES, CREADAS, REALIZAR, realisationBody, SEEDED_TYPE, sessionBody, signature, write } from './support/capacitaciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

/**
 * The monthly summary rows behind the trainings dashboard's hours and attendances by month (migration 0023,
 * server/modules/capacitaciones/dashboard-meses.ts), kept by every write of a session: after each write through the
 * API (creation, realisation, a realisation moved across a month, the hours and type changed, attendance taken back,
 * a participant added and one removed, a deletion) the summary equals a rebuild from the attendance, and the figures
 * the API answers equal the ones counted from the attendance, for the company, a contractor, a client and a level,
 * over whole months and ranges that cut them.
 */
const test = serverForEachTest();
const EPP = SEEDED_TYPE('epp');
const ALTURA = SEEDED_TYPE('altura');
const CLIENT = 'CLI-001';
const SUMMARIES = ['capacitaciones.hh', 'capacitaciones.asistencias'];

/** The summary as migration 0023 would rebuild it from the attendance that counts now. */
async function rebuilt() {
  const { rows } = await sql<{ Indicador: string; Mes: string; R: string; S: string; C: string; Valor: number }>`
    SELECT i."Indicador", p."Mes", coalesce(p."RutContratista", '') AS "R", coalesce(p."RutContratistaSesion", '') AS "S",
      coalesce(p."IdCliente", '') AS "C",
      CASE WHEN i."Indicador" = 'capacitaciones.hh' THEN sum(p."DuracionHoras" * 2) ELSE count(*) END AS "Valor"
    FROM capacitacion_participantes p CROSS JOIN (SELECT 'capacitaciones.hh' AS "Indicador" UNION ALL SELECT 'capacitaciones.asistencias') i
    WHERE p."IdEmpresa" = ${ANDES.id} AND p."Activa" = 1 AND p."Realizada" = 1 AND p."Asistio" = 1 AND p."Mes" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`.execute(test.server.deps.db);
  return rows.map((row) => [row.Indicador, row.Mes, row.R, row.S, row.C, Number(row.Valor)]);
}

async function kept() {
  const { rows } = await sql<{ Indicador: string; Mes: string; D1: string; D2: string; D3: string; Valor: number }>`
    SELECT "Indicador", "Mes", "Dimension1" AS "D1", "Dimension2" AS "D2", "Dimension3" AS "D3", "Valor" FROM resumenes_mensuales
    WHERE "IdEmpresa" = ${ANDES.id} AND "Indicador" IN (${sql.join(SUMMARIES)}) AND "Valor" <> 0 ORDER BY 1, 2, 3, 4, 5`.execute(
    test.server.deps.db,
  );
  return rows.map((row) => [row.Indicador, row.Mes, row.D1, row.D2, row.D3, Number(row.Valor)]);
}

interface Scope {
  contractor?: string;
  client?: string;
  nv2?: string;
}

/** Hours and attendances by month counted from the attendance, as the figures always counted them. */
async function counted(from: string, to: string, scope: Scope) {
  let query = test.server.deps.db
    .selectFrom('capacitacion_participantes as p')
    .select(['p.Mes', sql<number>`sum(p."DuracionHoras")`.as('HH'), sql<number>`count(*)`.as('Filas')])
    .where('p.IdEmpresa', '=', ANDES.id)
    .where('p.Activa', '=', 1)
    .where('p.Realizada', '=', 1)
    .where('p.Asistio', '=', 1)
    .where('p.FechaRealizacion', '>=', from)
    .where('p.FechaRealizacion', '<=', to);
  const { contractor, client, nv2 } = scope;
  if (contractor) query = query.where((eb) => eb.or([eb('p.RutContratista', '=', contractor), eb('p.RutContratistaSesion', '=', contractor)]));
  if (client) query = query.where('p.IdCliente', '=', client);
  if (nv2) query = query.where('p.IdNivel2', '=', nv2);
  const rows = await query.groupBy('p.Mes').orderBy('p.Mes').execute();
  return rows.map((row) => ({ Mes: row.Mes!, HH: Number(row.HH), Filas: Number(row.Filas) }));
}

const RANGES = [
  ['2025-01-01', '2026-12-31'],
  ['2026-03-01', '2026-04-30'],
  ['2026-03-15', '2026-05-10'],
  ['2026-04-02', '2026-04-20'],
  ['2026-03-31', '2026-04-01'],
] as const;

type Figure = { total: number | null; data: [string, number][] };
const figure = (total: number, data: [string, number][]): Figure => ({ total, data });

/** What the four figures read from the summary must answer, counted from the attendance. */
async function expected(name: string, from: string, to: string, scope: Scope, month: string): Promise<Figure> {
  const sum = (rows: { HH: number }[]) => rows.reduce((total, row) => total + row.HH, 0);
  if (name === 'HHAnual') {
    const year = monthsOfYear(month);
    const rows = new Map((await counted(`${year[0]}-01`, `${year[11]}-31`, scope)).map((row) => [row.Mes, row]));
    return figure(round(sum([...rows.values()])), year.map((m) => [shortMonthLabel(m), round(rows.get(m)?.HH ?? 0)]));
  }
  const rows = await counted(from, to, scope);
  const label = (row: { Mes: string }) => shortMonthLabel(row.Mes);
  if (name === 'HHCapacitacion') return figure(round(sum(rows)), rows.map((row) => [label(row), round(row.HH)]));
  if (name === 'TotalAsistentes') return figure(rows.reduce((total, row) => total + row.Filas, 0), rows.map((row) => [label(row), row.Filas]));
  const filters = { nv2: scope.nv2 ?? null, nv3: null, start: from, end: to, month, rutContratista: null, rutCliente: null };
  const workers = await activeWorkerCount(test.server.deps.db, { company: ANDES.id, filters, contractor: scope.contractor ?? null });
  const rate = (hours: number) => (workers > 0 ? round(hours / workers) : 0);
  return figure(rate(sum(rows)), rows.map((row) => [label(row), rate(row.HH)]));
}

const INDICATORS = ['HHCapacitacion', 'TotalAsistentes', 'TasaCapacitacion', 'HHAnual'];

async function expectSummaryEqualsAttendance(step: string) {
  expect([step, await kept()]).toEqual([step, await rebuilt()]);
  const { server, admin } = test;
  const contractor = await server.login('contratista@andesdemo.cl');
  const client = await server.login('cliente@andesdemo.cl');
  const viewers: [string, string, string, Scope][] = [
    ['empresa', admin.token, '', {}],
    ['empresa por contratista', admin.token, `&RutContratista=${SEEDED.contractorRut}`, { contractor: SEEDED.contractorRut }],
    ['empresa por cliente', admin.token, `&RutCliente=${CLIENT}`, { client: CLIENT }],
    ['empresa por nivel', admin.token, `&nv2=${SEEDED.nv2(1)}`, { nv2: SEEDED.nv2(1) }],
    ['contratista', contractor.token, '', { contractor: SEEDED.contractorRut }],
    ['cliente', client.token, '', { client: CLIENT }],
  ];
  for (const [viewer, token, query, scope] of viewers) {
    for (const [from, to] of RANGES) {
      for (const name of INDICATORS) {
        const month = to.slice(0, 7);
        const path = `${CAPACITACIONES}/dashboard/${name}/${ANDES.id}?start=${from}&end=${to}&month=${month}${query}`;
        const answer = (await send<DashboardAnswer>(server, 'GET', path, { token })).body;
        const got = { total: answer.total, data: answer.data.map((point): [string, number] => [point.Nombre, point.Valor]) };
        expect([step, viewer, name, from, to, got]).toEqual([step, viewer, name, from, to, await expected(name, from, to, scope, month)]);
      }
    }
  }
}

describe('trainings dashboard: hours and attendances by month from the monthly summary rows', () => {
  it('equal the attendance after every kind of write of a session, in whole and cut months, for every scope', async () => {
    const { server, admin } = test;
    expect((await kept()).length).toBeGreaterThan(2);
    await expectSummaryEqualsAttendance('demo');
    const firma = await signature(server, admin.token);
    const ok = async (method: string, path: string, body?: unknown): Promise<Capacitacion> => {
      const answer = await write(server, admin.token, method, path, body);
      expect([path, answer.status]).toEqual([path, 200]);
      return answer.body.data;
    };
    const participants = (workers: number[]) => workers.map((n) => ({ Id: crypto.randomUUID(), IdPersona: SEEDED.worker(n) }));
    const create = (type: string, workers: number[], fields: Parameters<typeof sessionBody>[1] = {}) =>
      ok('POST', CREADAS, sessionBody(type, { Fecha: '2026-03-10', ...fields, Participantes: participants(workers) }));
    const realise = (session: Capacitacion, FechaRealizacion: string, grades: number[] | null = null, fields = {}) =>
      ok('PUT', REALIZAR, realisationBody(session, firma, grades, { FechaRealizacion, ...fields }));

    let own = await realise(await create(EPP, [1, 2, 3]), '2026-03-31');
    let held = await realise(await create(EPP, [4, 5, 6], { RutContratista: SEEDED.contractorRut, IdCliente: CLIENT }), '2026-04-01');
    let graded = await realise(await create(ALTURA, [1, 2, 7]), '2026-04-15', [6, 5, 4]);
    await create(EPP, [2, 3]);
    await expectSummaryEqualsAttendance('creadas y realizadas');
    // The scopes see some of it and not all: the parties' dimensions are exercised, not only the company's whole.
    const april = (scope: Scope) => counted('2026-04-01', '2026-04-30', scope);
    expect((await april({ contractor: SEEDED.contractorRut }))[0]!.Filas).toBeGreaterThan(0);
    expect((await april({ client: CLIENT }))[0]!.Filas).toBeLessThan((await april({}))[0]!.Filas);

    await realise(own, '2026-04-02');
    held = await realise(held, '2026-05-31');
    await expectSummaryEqualsAttendance('fecha de realización movida de mes');

    held = await ok('PUT', CREADAS, { IdCapacitacion: held.IdCapacitacion, Version: held.Version, DuracionHoras: 3.5 });
    own = await ok('PUT', CREADAS, { IdCapacitacion: own.IdCapacitacion, Version: own.Version, IdTipoCapacitacion: ALTURA, DuracionHoras: 8 });
    await expectSummaryEqualsAttendance('horas y tipo cambiados');

    const [absent, ...present] = graded.Participantes;
    graded = await ok('PUT', REALIZAR, {
      IdCapacitacion: graded.IdCapacitacion,
      Version: graded.Version,
      FechaRealizacion: '2026-04-15',
      Participantes: [{ Id: absent!.Id, Asistio: 0, Nota: null }, ...present.map((child) => ({ Id: child.Id, Asistio: 1, Nota: 6 }))],
    });
    const removed = held.Participantes[0]!;
    held = await ok('DELETE', `${CAPACITACIONES}/detalles/trabajador/${removed.Id}`);
    own = await ok('POST', `${CAPACITACIONES}/detalles/newParticipantes`, { IdCapacitacion: own.IdCapacitacion, IdPersona: SEEDED.worker(8) });
    await realise(own, '2026-04-02');
    await expectSummaryEqualsAttendance('asistencia, participantes agregados y quitados');

    await ok('DELETE', `${CREADAS}/${graded.IdCapacitacion}`);
    await expectSummaryEqualsAttendance('eliminada');
    expect((await kept()).some(([indicator, month]) => indicator === 'capacitaciones.hh' && month === '2026-05')).toBe(true);
    // Seven checkpoints of every indicator, range and scope: several hundred dashboard calls, each checked against
    // the raw rows. About 4 s alone and 9 s in the full run on PostgreSQL (2 cores); the project's 30 s leaves too
    // little room when the machine is busy with something else too.
  }, 90_000);

  it('is back-filled by migration 0023 from the attendance that already exists', async () => {
    const { db } = test.server.deps;
    await sql`DELETE FROM resumenes_mensuales WHERE "Indicador" IN (${sql.join(SUMMARIES)})`.execute(db);
    expect(await kept()).toEqual([]);
    await backFill(db as never);
    expect((await kept()).length).toBeGreaterThan(2);
    await expectSummaryEqualsAttendance('migrada');
  });
});

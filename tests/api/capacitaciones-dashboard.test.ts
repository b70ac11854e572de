import { beforeEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { UntrainedWorkerRow } from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import type { InformeFila } from '#sync/schemas/capacitaciones-informes.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import {
  CAPACITACIONES,
  CREADAS,
  REALIZAR,
  realisationBody,
  sessionBody,
  signature,
  TIPOS,
  typeBody,
  write,
} from './support/capacitaciones-factory.ts';
import { send } from './support/sync-harness.ts';
import { SEEDED } from './support/trabajadores-factory.ts';

const test = serverForEachTest();
const charla = typeBody({ Nombre: 'Charla de orden y aseo', DuracionHoras: 4, VigenciaMeses: 12, Evaluada: 0 });
const curso = typeBody({ Nombre: 'Curso de rigger', DuracionHoras: 8, VigenciaMeses: 12, Evaluada: 1 });
const lines = { enero: uuidV7(), febrero: uuidV7(), marzo: uuidV7() };

/**
 * A plan of three lines in 2025 (January and March charla, February curso), and two realised sessions under the
 * first two: January, workers 2, 3 and 4 (12 HH); February, workers 2 and 5 graded 6,0 and 3,0 (16 HH). No demo data
 * falls in 2025 before March.
 */
async function realise(
  type: string,
  programme: string | null,
  tema: string,
  date: string,
  workers: number[],
  grades: number[] | null,
): Promise<void> {
  const { server, admin } = test;
  const firma = await signature(server, admin.token);
  const body = sessionBody(type, {
    IdPrograma: programme,
    Tema: tema,
    Participantes: workers.map((n) => ({ Id: uuidV7(), IdPersona: SEEDED.worker(n) })),
  });
  const created = (await write(server, admin.token, 'POST', CREADAS, body)).body.data;
  await write(server, admin.token, 'PUT', REALIZAR, realisationBody(created, firma, grades, { FechaRealizacion: date }));
}

beforeEach(async () => {
  const { server, admin } = test;
  for (const type of [charla, curso]) await write(server, admin.token, 'POST', TIPOS, type);
  const line = (IdCapacitacion: string, Mes: number, type: string) =>
    write(server, admin.token, 'POST', `${CAPACITACIONES}/programa/${ANDES.id}`, {
      IdCapacitacion,
      Anio: 2025,
      Mes,
      IdTipoCapacitacion: type,
      Tema: 'Plan 2025',
    });
  await line(lines.enero, 1, charla.IdTipoCapacitacion);
  await line(lines.febrero, 2, curso.IdTipoCapacitacion);
  await line(lines.marzo, 3, charla.IdTipoCapacitacion);
  await realise(charla.IdTipoCapacitacion, lines.enero, 'Orden y aseo en bodegas', '2025-01-10', [2, 3, 4], null);
  await realise(curso.IdTipoCapacitacion, lines.febrero, 'Rigger nivel 1', '2025-02-15', [2, 5], [6, 3]);
});

const RANGE = 'start=2025-01-01&end=2025-02-28&month=2025-03';
const indicator = async (name: string, query = RANGE, token = test.admin.token) =>
  (await send<DashboardAnswer>(test.server, 'GET', `${CAPACITACIONES}/dashboard/${name}/${ANDES.id}?${query}`, { token })).body;
const values = (answer: DashboardAnswer) =>
  answer.data.map((point) => [point.Nombre, point.Valor, ...(point.Valor2 === undefined ? [] : [point.Valor2])]);
const report = async (body: Record<string, unknown>) =>
  (
    await send<{ data: InformeFila[]; total: number }>(test.server, 'POST', `${CAPACITACIONES}/informes/informe/${ANDES.id}`, {
      token: test.admin.token,
      body,
    })
  ).body;

describe('the trainings dashboard: every indicator of the spec, each value with the records behind it', () => {
  it('adds man-hours, people and sessions over the range', async () => {
    expect(await indicator('HHCapacitacion')).toMatchObject({ total: 28, unidad: 'HH' });
    expect(values(await indicator('HHCapacitacion'))).toEqual([
      ['ene 2025', 12],
      ['feb 2025', 16],
    ]);
    expect(await indicator('HHPromedio')).toMatchObject({ total: 7 });
    expect(values(await indicator('HHTipo'))).toEqual([
      ['Curso de rigger', 16],
      ['Charla de orden y aseo', 12],
    ]);
    expect((await indicator('HHTipo')).data[0]!.registros).toEqual({ type: curso.IdTipoCapacitacion });
    expect(await indicator('TotalAsistentes')).toMatchObject({ total: 5 });
    expect(await indicator('TotalActividades')).toMatchObject({ total: 2 });
    expect((await indicator('HHCargo')).total).toBe(28);
    // 4 different workers of the company's 20 active ones.
    expect(await indicator('Cobertura')).toMatchObject({
      total: 20,
      data: [
        { Nombre: 'Capacitados', Valor: 4 },
        { Nombre: 'Sin capacitación en el período', Valor: 16 },
      ],
    });
    expect(await indicator('TasaCapacitacion')).toMatchObject({ total: 1.4, unidad: 'HH por trabajador' });
    expect(values(await indicator('HHAnual')).slice(0, 3)).toEqual([
      ['ene 2025', 12],
      ['feb 2025', 16],
      ['mar 2025', 0],
    ]);
  });

  it('follows the programme: the range, the month and the year', async () => {
    expect(await indicator('CumplimientoPrograma')).toMatchObject({
      total: 100,
      data: [
        { Nombre: 'Programadas', Valor: 2 },
        { Nombre: 'Realizadas', Valor: 2 },
      ],
    });
    expect(values(await indicator('ProgramaMesActual'))).toEqual([
      ['Programadas', 1],
      ['Realizadas', 0],
      ['Pendientes', 1],
    ]);
    expect(values(await indicator('ProgramaAnual')).slice(0, 4)).toEqual([
      ['ene 2025', 1, 1],
      ['feb 2025', 1, 1],
      ['mar 2025', 1, 0],
      ['abr 2025', 0, 0],
    ]);
    expect(values(await indicator('CumplimientoAnual')).slice(0, 3)).toEqual([
      ['ene 2025', 100, 100],
      ['feb 2025', 100, 100],
      ['mar 2025', 0, 66.7],
    ]);
  });

  it('counts the state of validities today, a renewed training once, and opens the records behind each state', async () => {
    const count = (answer: DashboardAnswer, state: string) => answer.data.find((point) => point.Nombre === state)!.Valor;
    const before = await indicator('estadoVigencias', '');
    const vencidas = before.data.find((point) => point.Nombre === 'Vencida')!;
    // Both 2025 sessions expired in 2026: worker-type pairs of them are vencidas (worker 5 failed: no validity).
    const rows = await report({ ...vencidas.registros, type: charla.IdTipoCapacitacion });
    expect(rows.data.map((row) => row.Estado)).toEqual(['vencida', 'vencida', 'vencida']);
    // Worker 2 renews the charla: one pair leaves "vencida" for "vigente"; the pair still counts once.
    await realise(charla.IdTipoCapacitacion, null, 'Orden y aseo, repaso', '2026-11-20', [2], null);
    const after = await indicator('estadoVigencias', '');
    expect([count(after, 'Vencida'), count(after, 'Vigente'), after.total]).toEqual([
      count(before, 'Vencida') - 1,
      count(before, 'Vigente') + 1,
      before.total,
    ]);
    expect((await report({ ...vencidas.registros, type: charla.IdTipoCapacitacion })).total).toBe(2);
    const failed = await report({ estado: 'reprobada', start: '2025-02', end: '2025-02' });
    expect(failed.data.map((row) => [row.Nombre, row.Nota])).toEqual([[expect.any(String), 3]]);
  });

  it('counts the coverage in workers under a % headline, and its "Sin capacitación" slice opens those very workers, a page at a time', async () => {
    const { server, admin } = test;
    const untrained = (query: string, token = admin.token) =>
      send<ReportListAnswer<UntrainedWorkerRow>>(
        server,
        'GET',
        `${CAPACITACIONES}/dashboard/registros/sin-capacitacion/${ANDES.id}?${query}`,
        { token },
      );
    // Worker 6 is trained in March 2025, after the range: untrained in it, with that training as their latest.
    await realise(charla.IdTipoCapacitacion, lines.marzo, 'Orden y aseo en patios', '2025-03-05', [6], null);
    const coverage = await indicator('Cobertura');
    expect(coverage).toMatchObject({ total: 20, unidad: '%', unidadValor: 'trabajadores' });
    expect(coverage.data[1]).toEqual({ Nombre: 'Sin capacitación en el período', Valor: 16, registros: { sinCapacitacion: '1' } });
    const all = (await untrained(`${RANGE}&PorPagina=100`)).body;
    expect(all).toMatchObject({ statusCode: 200, total: 16, Pagina: 1, PorPagina: 100 });
    for (const trained of [2, 3, 4, 5]) expect(all.data.some((row) => row.IdPersona === SEEDED.worker(trained))).toBe(false);
    const six = all.data.find((row) => row.IdPersona === SEEDED.worker(6))!;
    expect(six.UltimaCapacitacion! >= '2025-03-05').toBe(true);
    expect(six.Nombre).not.toBe('');
    expect(six.Cargos).not.toBe('');
    expect(six.Nivel2).not.toBe('');
    // A page of five: the fourth holds the last one.
    const page = (await untrained(`${RANGE}&PorPagina=5&Pagina=4`)).body;
    expect(page).toMatchObject({ total: 16, Pagina: 4, PorPagina: 5 });
    expect(page.data.map((row) => row.IdPersona)).toEqual(all.data.slice(15).map((row) => row.IdPersona));
    // The slice and its list agree under the dashboard's filters too.
    const byLevel = `${RANGE}&nv2=${SEEDED.nv2(2)}`;
    expect((await untrained(byLevel)).body.total).toBe((await indicator('Cobertura', byLevel)).data[1]!.Valor);
    // A contractor user counts and lists only its own workers, whatever it asks.
    const contractor = await server.login('contratista@andesdemo.cl');
    const theirs = (await untrained(RANGE, contractor.token)).body;
    const ruts = await server.deps.db
      .selectFrom('trabajadores')
      .select(['IdPersona', 'RutContratista'])
      .where('IdEmpresa', '=', ANDES.id)
      .execute();
    const contractorOf = new Map(ruts.map((row) => [row.IdPersona, row.RutContratista]));
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.total).toBeLessThan(16);
    expect(theirs.data.every((row) => contractorOf.get(row.IdPersona) === SEEDED.contractorRut.replace(/\./g, ''))).toBe(true);
    expect((await indicator('Cobertura', RANGE, contractor.token)).data[1]!.Valor).toBe(theirs.total);
    expect((await untrained('PorPagina=5000')).body).toMatchObject({ statusCode: 400, message: 'La página pedida no es válida' });
    expect((await untrained('start=2025-03-01&end=2025-01-01')).body).toMatchObject({
      statusCode: 400,
      message: 'Fecha inicial no puede ser mayor que Fecha final',
    });
  });

  it('defaults the range to the first day of this month through today, limits it to its levels, and refuses bad filters', async () => {
    const { server, admin } = test;
    await realise(charla.IdTipoCapacitacion, null, 'Orden y aseo en talleres', '2026-11-20', [2, 3, 4], null);
    // Today is 2026-11-21 on the test clock: November so far holds this session and nothing of the demo.
    expect(await indicator('HHCapacitacion', '')).toMatchObject({
      total: 12,
      data: [{ Nombre: 'nov 2026', Valor: 12, registros: { desde: '2026-11-01', hasta: '2026-11-21' } }],
    });
    expect((await indicator('TotalAsistentes', `${RANGE}&nv2=${SEEDED.nv2(2)}`)).total).toBe(1);
    expect(await indicator('TotalAsistentes', 'start=2025-03-01&end=2025-01-01')).toMatchObject({
      statusCode: 400,
      message: 'Fecha inicial no puede ser mayor que Fecha final',
    });
    expect(await indicator('TotalAsistentes', 'month=2025-13')).toMatchObject({
      statusCode: 400,
      message: 'El mes debe tener el formato AAAA-MM',
    });
    const options = await send<{ data: { nv2: unknown[]; tipos: unknown[]; cargos: unknown[] } }>(
      server,
      'GET',
      `${CAPACITACIONES}/dashboard/filtros/${ANDES.id}`,
      { token: admin.token },
    );
    expect(options.body.data.nv2).toHaveLength(2);
    expect(
      (await send<{ data: unknown[] }>(server, 'GET', `${CAPACITACIONES}/dashboard/mascaras/${ANDES.id}`, { token: admin.token })).body
        .data,
    ).toHaveLength(3);
  });
});

describe('the trainings report (spec informes): server-queried, filtered and paged', () => {
  it('filters by type, months, levels, training titles and workers, and pages', async () => {
    expect((await report({ start: '2025-01', end: '2025-02' })).total).toBe(5);
    expect((await report({ start: '2025-01', end: '2025-01' })).data.map((row) => row.Tema)).toEqual([
      'Orden y aseo en bodegas',
      'Orden y aseo en bodegas',
      'Orden y aseo en bodegas',
    ]);
    expect((await report({ start: '2025-01', end: '2025-02', type: curso.IdTipoCapacitacion })).total).toBe(2);
    expect((await report({ start: '2025-01', end: '2025-02', capacitaciones: ['Rigger nivel 1'] })).total).toBe(2);
    const worker2 = (await report({ start: '2025-01', end: '2025-01' })).data.find((row) => row.IdPersona === SEEDED.worker(2))!;
    expect((await report({ start: '2025-01', end: '2025-02', trabajadores: [worker2.RunPersona] })).total).toBe(2);
    expect((await report({ start: '2025-01', end: '2025-02', idNv2: SEEDED.nv2(2) })).total).toBe(1);
    const page = await report({ start: '2025-01', end: '2025-02', PorPagina: 2, Pagina: 3 });
    expect(page).toMatchObject({ total: 5, Pagina: 3, PorPagina: 2 });
    expect(page.data).toHaveLength(1);
    expect(await report({ start: '2025-02', end: '2025-01' })).toMatchObject({
      statusCode: 400,
      message: 'Fecha inicial no puede ser mayor que Fecha final',
    });
    expect(await report({ PorPagina: 5000 })).toMatchObject({ statusCode: 400, message: 'La página pedida no es válida' });
    const rigger = (await report({ start: '2025-02', end: '2025-02' })).data.find((row) => row.Nota === 6)!;
    expect(rigger).toMatchObject({
      TipoCapacitacion: 'Curso de rigger',
      Categoria: 'Riesgos específicos del trabajo',
      DuracionHoras: 8,
      Evaluada: 1,
      FechaVencimiento: '2026-02-15',
      Estado: 'vencida',
    });
  });

  it('answers its pick lists: masks, filters, workers and training titles of the levels', async () => {
    const get = <T>(path: string) =>
      send<{ statusCode: number; data: T }>(test.server, 'GET', `${CAPACITACIONES}/informes${path}`, { token: test.admin.token });
    expect((await get<unknown[]>(`/mascaras/${ANDES.id}`)).body.data).toHaveLength(3);
    expect((await get<{ tipos: unknown[] }>(`/filtros/${ANDES.id}`)).body.data.tipos.length).toBeGreaterThanOrEqual(9);
    expect((await get<unknown[]>(`/listas/trabajadores/${ANDES.id}?nv2=${SEEDED.nv2(2)}`)).body.data.length).toBeLessThan(20);
    expect((await get<{ Tema: string }[]>(`/listas/capacitaciones/${ANDES.id}`)).body.data.map((title) => title.Tema)).toEqual(
      expect.arrayContaining(['Orden y aseo en bodegas', 'Rigger nivel 1']),
    );
  });
});

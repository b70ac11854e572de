import { beforeEach, describe, expect, it } from 'vitest';
import { EXCLUSION_REASONS, RATE_FORMULAS } from '#sync/domain/accident-rates.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ACCIDENT_INDICATORS, type AccidentRecordsAnswer } from '#sync/schemas/accidentes-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { seedId } from '#server/seed/seed-id.ts';
import { ANDES, serverForEachTest } from './support/api-harness.ts';
import { createCase, DEMO_CONTRACTOR, demoWorker, seeded, stageOneBody } from './support/incidentes-factory.ts';
import { uploadImage } from './support/inspecciones-factory.ts';
import { send } from './support/sync-harness.ts';

const test = serverForEachTest();
const DASHBOARD = '/api/accidentes/dashboard';
const NV2 = seedId(ANDES.id, 'nv2', 1);
const NV3 = seedId(ANDES.id, 'nv3', 1);
const NV2_B = seedId(ANDES.id, 'nv2', 2);
const NV3_B = seedId(ANDES.id, 'nv3', 3);

/** Months 2025-04..2026-01 and 2026-03 of headcount; February 2026 was never entered. */
const MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-03'];

const ids = {} as Record<string, string> & Record<'junio' | 'fatal' | 'diciembre' | 'trayecto' | 'cuasi' | 'sinTiempo' | 'abierto', string>;

/**
 * Today is 15/03/2026. Each month has 170 workers and 34,000 HH: Faena Los Andes 100 own + 20 of the contractor
 * (20,000 + 4,000 HH), Faena Ruta 5 Norte 50 (10,000 HH). The demo's cases and months are deleted first.
 *
 * | caso | fecha | clasificación | alta | días por mes |
 * |---|---|---|---|---|
 * | junio | 2025-06-10 | con tiempo perdido (Ruta 5 Norte) | 2025-06-14 | jun 4 |
 * | fatal | 2025-11-03 | fatal | | (no suma días) |
 * | diciembre | 2025-12-20 | con tiempo perdido | 2026-01-05 | dic 11, ene 5 |
 * | trayecto | 2026-01-08 | trayecto | | excluido |
 * | cuasi | 2026-01-12 | cuasi accidente | | excluido |
 * | sin tiempo | 2026-03-02 | sin tiempo perdido | | excluido |
 * | abierto | 2026-03-10 | con tiempo perdido, trabajador contratista, sin alta | | mar 5 (11 al 15) |
 */
beforeEach(async () => {
  const { server, admin } = test;
  server.clock.current = new Date('2026-03-15T15:00:00Z');
  await server.deps.db.updateTable('incidentes').set({ Estado: 0 }).where('IdEmpresa', '=', ANDES.id).execute();
  await server.deps.db.updateTable('dotaciones').set({ Estado: 0 }).where('IdEmpresa', '=', ANDES.id).execute();
  const month = async (Mes: string, IdNivel2: string, IdNivel3: string, RutContratista: string, Dotacion: number, HorasHombre: number) => {
    const answer = await send(server, 'POST', `/api/accidentes/dotacion/${ANDES.id}`, {
      token: admin.token,
      body: { IdDotacion: uuidV7(), Mes, IdNivel2, IdNivel3, RutContratista, Dotacion, HorasHombre },
    });
    expect(answer.status).toBe(200);
  };
  for (const Mes of MONTHS) {
    await month(Mes, NV2, NV3, '', 100, 20_000);
    await month(Mes, NV2, NV3, DEMO_CONTRACTOR, 20, 4_000);
    await month(Mes, NV2_B, NV3_B, '', 50, 10_000);
  }
  const firma = await uploadImage(server, admin.token, 'firma');
  const report = async (name: string, FechaOcurrencia: string, Clasificacion: string, fields: Record<string, unknown> = {}) => {
    const body = stageOneBody(server, firma, {
      FechaOcurrencia,
      Clasificacion,
      FechaConocimiento: `${FechaOcurrencia}T18:00:00.000Z`,
      ...fields,
    });
    const answer = await createCase(server, admin.token, body);
    expect(answer.body).toMatchObject({ statusCode: 200 });
    ids[name] = body.IdEvaluacion as string;
  };
  await report('junio', '2025-06-10', 'Accidente con tiempo perdido', {
    FechaAlta: '2025-06-14',
    IdNivel2: NV2_B,
    IdNivel3: NV3_B,
    TipoEvento: seeded('tipos_evento', 'Golpeado por'),
  });
  await report('fatal', '2025-11-03', 'Accidente Fatal');
  await report('diciembre', '2025-12-20', 'Accidente con tiempo perdido', {
    FechaAlta: '2026-01-05',
    ActosSubestandar: [seeded('actos_subestandares', 'No usar el equipo de protección personal')],
    Factores: [seeded('factores', 'Factores personales')],
  });
  await report('trayecto', '2026-01-08', 'Accidente de Trayecto');
  await report('cuasi', '2026-01-12', 'Cuasi Accidente', { TipoEvento: seeded('tipos_evento', 'Golpeado por') });
  await report('sinTiempo', '2026-03-02', 'Accidente sin tiempo perdido');
  await report('abierto', '2026-03-10', 'Accidente con tiempo perdido', {
    IdPersona: demoWorker(1),
    Factores: [seeded('factores', 'Factores del trabajo')],
  });
});

const RANGE = 'start=2026-01-01&end=2026-03-15';
const indicator = async (name: string, query = RANGE, token = test.admin.token) => {
  const answer = await send<DashboardAnswer>(test.server, 'GET', `${DASHBOARD}/${name}/${ANDES.id}?${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const points = (answer: DashboardAnswer) =>
  answer.data.map((point) => [point.Nombre, point.Valor, ...(point.Valor2 === undefined ? [] : [point.Valor2])]);
const records = async (query: string, token = test.admin.token) => {
  const answer = await send<AccidentRecordsAnswer>(test.server, 'GET', `${DASHBOARD}/registros/${ANDES.id}?${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const MISSING =
  'Sin dotación registrada en 02/2025, 03/2025 y 02/2026: esos meses no tienen tasa mensual y los últimos 12 meses promedian solo los meses con dotación';

describe('the accident rates, the official way, against hand-computed figures', () => {
  it('tasa de accidentabilidad: lost-time and fatal accidents × 100 / average headcount; February stated, not divided by zero', async () => {
    const answer = await indicator('tasa_accidentabilidad');
    // January: no lost-time accident (trayecto and cuasi excluded). March: the open case, 1 × 100 / 170.
    // Rolling January (02/2025–01/2026, 10 months with headcount): junio, fatal, diciembre = 3 × 100 / 170.
    // Rolling March (04/2025–03/2026, 11 months): + abierto = 4 × 100 / 170.
    expect(points(answer)).toEqual([
      ['ene 2026', 0, 1.76],
      ['mar 2026', 0.59, 2.35],
    ]);
    expect(answer).toMatchObject({
      total: 2.35,
      unidad: '%',
      series: ['Mensual', 'Últimos 12 meses'],
      formula: RATE_FORMULAS.tasa_accidentabilidad,
    });
    expect(answer.avisos).toContain(MISSING);
    expect(answer.avisos).toContain('1 accidente de trayecto en el rango: se muestran en la tabla de eventos, no entran en las tasas');
    expect(answer.data.map((point) => point.registros)).toEqual([{ Mes: '2026-01' }, { Mes: '2026-03' }]);
  });

  it('tasa de siniestralidad: lost days × 100 / average headcount, the open case counting its days to date', async () => {
    const answer = await indicator('tasa_siniestralidad');
    // January: diciembre's 5 days (1–5 Jan) × 100 / 170. March: abierto's 5 days (11–15 Mar).
    // Rolling January: 4 + 11 + 5 = 20 days; rolling March: 4 + 16 + 5 = 25 days.
    expect(points(answer)).toEqual([
      ['ene 2026', 2.94, 11.76],
      ['mar 2026', 2.94, 14.71],
    ]);
    expect(answer).toMatchObject({ total: 14.71, formula: RATE_FORMULAS.tasa_siniestralidad });
    // A week later the open case has lost 7 more days.
    test.server.clock.current = new Date('2026-03-22T15:00:00Z');
    expect(points(await indicator('tasa_siniestralidad', 'start=2026-03-01&end=2026-03-22'))).toEqual([['mar 2026', 7.06, 18.82]]);
  });

  it('índice de frecuencia and de gravedad: × 1,000,000 / hours worked', async () => {
    // January 34,000 HH: 0 accidents, 5 days. March: 1 accident, 5 days. Rolling January: 340,000 HH; March: 374,000 HH.
    const frecuencia = await indicator('tasa_frecuencia');
    expect(points(frecuencia)).toEqual([
      ['ene 2026', 0, 8.82],
      ['mar 2026', 29.41, 10.7],
    ]);
    expect(frecuencia).toMatchObject({ total: 10.7, unidad: '', formula: RATE_FORMULAS.tasa_frecuencia });
    expect(frecuencia.avisos).toContain(
      'Sin horas hombre registradas en 02/2025, 03/2025 y 02/2026: esos meses no tienen índice mensual y los últimos 12 meses suman solo los meses con horas',
    );
    const gravedad = await indicator('tasa_gravedad');
    expect(points(gravedad)).toEqual([
      ['ene 2026', 147.06, 58.82],
      ['mar 2026', 147.06, 66.84],
    ]);
    expect(gravedad.total).toBe(66.84);
  });

  it('a range with no headcount at all has no rate: total null, every month stated', async () => {
    const answer = await indicator('tasa_accidentabilidad', 'start=2024-01-01&end=2024-02-29');
    expect(answer.data).toEqual([]);
    expect(answer.total).toBeNull();
    expect(answer.avisos![0]).toMatch(/^Sin dotación registrada en 02\/2023, 03\/2023, .* y 02\/2024:/);
  });

  it('the rolling twelve months cross the year boundary', async () => {
    // December 2025's rolling year is 01/2025–12/2025: junio, fatal, diciembre over 9 months with headcount.
    const answer = await indicator('tasa_accidentabilidad', 'start=2025-12-01&end=2025-12-31');
    expect(points(answer)).toEqual([['dic 2025', 0.59, 1.76]]);
    const dias = await indicator('tasa_siniestralidad', 'start=2025-12-01&end=2026-01-31');
    // December: 11 days; rolling December 4 + 11 = 15; January adds 5.
    expect(points(dias)).toEqual([
      ['dic 2025', 6.47, 8.82],
      ['ene 2026', 2.94, 11.76],
    ]);
  });

  it('filters by level: cases and headcount of Faena Ruta 5 Norte only', async () => {
    const query = `start=2025-06-01&end=2025-06-30&nv2=${NV2_B}`;
    expect(points(await indicator('tasa_accidentabilidad', query))).toEqual([['jun 2025', 2, 2]]);
    expect(points(await indicator('tasa_frecuencia', query))).toEqual([['jun 2025', 100, 33.33]]);
    expect(points(await indicator('tasa_siniestralidad', query))).toEqual([['jun 2025', 8, 8]]);
    expect(points(await indicator('tasa_gravedad', query))).toEqual([['jun 2025', 400, 133.33]]);
    expect(points(await indicator('dotacion', `${query}&nv3=${NV3_B}`))).toEqual([['jun 2025', 50]]);
  });

  it('a contractor user sees only its own cases and headcount; a client user is told there is no headcount', async () => {
    const contractor = await test.server.login('contratista@andesdemo.cl');
    // March: the open case of its worker over its 20 workers and 4,000 HH; whatever the query asks.
    expect(points(await indicator('tasa_accidentabilidad', `${RANGE}&RutContratista=`, contractor.token))).toEqual([
      ['ene 2026', 0, 0],
      ['mar 2026', 5, 5],
    ]);
    expect(points(await indicator('tasa_frecuencia', RANGE, contractor.token))).toEqual([
      ['ene 2026', 0, 0],
      ['mar 2026', 250, 22.73],
    ]);
    expect((await indicator('tabla_evento', RANGE, contractor.token)).total).toBe(1);
    const casos = (await records('indicador=tasa_accidentabilidad&Mes=2026-03', contractor.token)).casos;
    expect(casos.map((row) => row.IdEvaluacion)).toEqual([ids.abierto]);
    const client = await test.server.login('cliente@andesdemo.cl');
    const answer = await indicator('tasa_accidentabilidad', RANGE, client.token);
    expect(answer).toMatchObject({
      total: null,
      data: [],
      avisos: ['Un cliente no registra dotación ni horas hombre: las tasas no se calculan para un cliente'],
    });
    // A company user may look at one contractor.
    expect((await indicator('dotacion', `${RANGE}&RutContratista=${DEMO_CONTRACTOR}`)).total).toBe(20);
  });
});

describe('every figure opens the cases and months behind it', () => {
  it('a month of a rate: the counted case, the excluded ones with their reason, and the month divided by', async () => {
    const answer = await records('indicador=tasa_accidentabilidad&Mes=2026-03&desde=2026-01-01&hasta=2026-03-15');
    expect(answer).toMatchObject({
      titulo: 'Tasa de accidentabilidad 03/2026',
      formula: RATE_FORMULAS.tasa_accidentabilidad,
      numerador: 1,
      denominador: 170,
      valor: 0.59,
    });
    expect(answer.casos.map((row) => [row.IdEvaluacion, row.Cuenta, row.Motivo, row.DiasEnPeriodo])).toEqual([
      [ids.sinTiempo, false, EXCLUSION_REASONS['Accidente sin tiempo perdido'], null],
      [ids.abierto, true, null, 5],
    ]);
    expect(answer.meses).toEqual([{ Mes: '2026-03', Dotacion: 170, HorasHombre: 34_000 }]);
    // February: its cases are listed, its month has no headcount and the figure no value.
    expect(await records('indicador=tasa_accidentabilidad&Mes=2026-02')).toMatchObject({
      numerador: 0,
      denominador: null,
      valor: null,
      meses: [{ Mes: '2026-02', Dotacion: null, HorasHombre: null }],
    });
  });

  it('the total of a rate: the rolling twelve months, numerator and denominator as the figure computed them', async () => {
    const answer = await records('indicador=tasa_siniestralidad&desde=2026-01-01&hasta=2026-03-15');
    expect(answer).toMatchObject({
      titulo: 'Tasa de siniestralidad temporal de los últimos 12 meses, 04/2025–03/2026',
      numerador: 25,
      denominador: 170,
      valor: 14.71,
    });
    const counted = answer.casos.filter((row) => row.Cuenta);
    expect(counted.map((row) => [row.IdEvaluacion, row.DiasEnPeriodo])).toEqual([
      [ids.junio, 4],
      [ids.diciembre, 16],
      [ids.abierto, 5],
    ]);
    expect(counted.reduce((sum, row) => sum + row.DiasEnPeriodo!, 0)).toBe(answer.numerador);
    const excluded = Object.fromEntries(answer.casos.filter((row) => !row.Cuenta).map((row) => [row.IdEvaluacion, row.Motivo]));
    expect(excluded).toEqual({
      [ids.fatal]: 'Fatal: cuenta como accidente, pero no suma días de incapacidad temporal',
      [ids.trayecto]: EXCLUSION_REASONS['Accidente de Trayecto'],
      [ids.cuasi]: EXCLUSION_REASONS['Cuasi Accidente'],
      [ids.sinTiempo]: EXCLUSION_REASONS['Accidente sin tiempo perdido'],
    });
    expect(answer.meses).toHaveLength(12);
    expect(answer.meses.filter((month) => month.Dotacion === null).map((month) => month.Mes)).toEqual(['2026-02']);
    const known = answer.meses.filter((month) => month.Dotacion !== null);
    expect(known.reduce((sum, month) => sum + month.Dotacion!, 0) / known.length).toBe(answer.denominador);
    // The frequency's rolling year divides by the hours of the months, summed.
    expect(await records('indicador=tasa_frecuencia&hasta=2026-03-15')).toMatchObject({ numerador: 4, denominador: 374_000, valor: 10.7 });
  });

  it('headcount, hours and lost days per month, each month with its records', async () => {
    const dotacion = await indicator('dotacion');
    expect(points(dotacion)).toEqual([
      ['ene 2026', 170],
      ['mar 2026', 170],
    ]);
    expect(dotacion).toMatchObject({ total: 170, unidad: 'trabajadores', avisos: ['Sin dotación registrada en 02/2026'] });
    expect(await indicator('horas_hombre')).toMatchObject({ total: 68_000, unidad: 'HH' });
    const dias = await indicator('dias_perdidos');
    expect(points(dias)).toEqual([
      ['ene 2026', 5],
      ['feb 2026', 0],
      ['mar 2026', 5],
    ]);
    expect(dias.total).toBe(10);
    const january = await records('indicador=dias_perdidos&Mes=2026-01');
    expect(january).toMatchObject({ numerador: 5, valor: 5 });
    expect(january.casos.map((row) => [row.IdEvaluacion, row.DiasEnPeriodo])).toEqual([[ids.diciembre, 5]]);
    expect((await records('indicador=horas_hombre&desde=2026-01-01&hasta=2026-03-15')).meses.map((month) => month.HorasHombre)).toEqual([
      34_000,
      null,
      34_000,
    ]);
  });

  it('cases of every classification counted in their own figures, not in the rates', async () => {
    const tabla = await indicator('tabla_evento');
    expect(points(tabla)).toEqual([
      ['Accidente con tiempo perdido', 1],
      ['Cuasi Accidente', 1],
      ['Accidente de Trayecto', 1],
      ['Accidente Fatal', 0],
      ['Accidente sin tiempo perdido', 1],
      ['Accidente CDM', 0],
    ]);
    expect(tabla.total).toBe(4);
    expect(tabla.avisos).toContain(EXCLUSION_REASONS['Accidente de Trayecto']);
    const trayecto = await records('indicador=tabla_evento&Clasificacion=Accidente de Trayecto&desde=2026-01-01&hasta=2026-03-15');
    expect(trayecto.casos.map((row) => row.IdEvaluacion)).toEqual([ids.trayecto]);
    // Without an indicator, the records are every case of the period.
    const todos = await records('desde=2026-01-01&hasta=2026-03-15');
    expect(todos.casos).toHaveLength(4);
    const acumulados = await indicator('accidentes_acumulados');
    expect(points(acumulados)).toEqual([
      ['ene 2026', 2, 2],
      ['feb 2026', 0, 2],
      ['mar 2026', 2, 4],
    ]);
    expect(acumulados.data[2]!.registros).toEqual({ desde: '2026-03-01', hasta: '2026-03-15' });
  });

  it('the catalogue charts count cases by name and open the cases of each bar', async () => {
    const year = 'start=2025-06-01&end=2026-03-15';
    const tipos = await indicator('tipo_evento', year);
    expect(points(tipos)).toEqual([
      ['Caída al mismo nivel', 5],
      ['Golpeado por', 2],
    ]);
    const golpeado = await records(
      `indicador=tipo_evento&TipoEvento=${tipos.data[1]!.registros!.TipoEvento}&desde=2025-06-01&hasta=2026-03-15`,
    );
    expect(golpeado.casos.map((row) => row.IdEvaluacion)).toEqual([ids.junio, ids.cuasi]);
    expect(points(await indicator('accion_subestandar', year))).toEqual([['No usar el equipo de protección personal', 1]]);
    expect(points(await indicator('factor_personal', year))).toEqual([['Factores personales', 1]]);
    expect(points(await indicator('factor_trabajo', year))).toEqual([['Factores del trabajo', 1]]);
    expect((await records('indicador=factor_trabajo&desde=2025-06-01&hasta=2026-03-15')).casos.map((row) => row.IdEvaluacion)).toEqual([
      ids.abierto,
    ]);
  });

  it('every indicator of the spec answers; filters and masks too; bad filters are a 400 in Spanish', async () => {
    for (const name of ACCIDENT_INDICATORS) {
      const answer = await indicator(name, '');
      expect(answer.statusCode).toBe(200);
      expect((await records(`indicador=${name}`)).statusCode).toBe(200);
    }
    expect(
      (await send<{ data: { nv2: unknown[] } }>(test.server, 'GET', `${DASHBOARD}/filtros/${ANDES.id}`, { token: test.admin.token })).body
        .data.nv2,
    ).toHaveLength(2);
    expect(
      (await send<{ data: unknown[] }>(test.server, 'GET', `${DASHBOARD}/mascaras/${ANDES.id}`, { token: test.admin.token })).body.data,
    ).toHaveLength(3);
    const bad = await send(test.server, 'GET', `${DASHBOARD}/tasa_frecuencia/${ANDES.id}?start=2026-03-10&end=2026-03-01`, {
      token: test.admin.token,
    });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Fecha inicial no puede ser mayor que Fecha final' } });
    expect(
      (await send(test.server, 'GET', `${DASHBOARD}/registros/${ANDES.id}?indicador=otra`, { token: test.admin.token })).body,
    ).toMatchObject({ statusCode: 400, message: 'El indicador indicado no existe' });
    expect(
      (await send(test.server, 'GET', `${DASHBOARD}/registros/${ANDES.id}?indicador=dotacion&Mes=2026-13`, { token: test.admin.token }))
        .body,
    ).toMatchObject({ statusCode: 400, message: 'El mes debe tener el formato AAAA-MM' });
  });
});

describe('the demo data', () => {
  it('brings a year of headcount and cases of every classification: the rates of the year have values', async () => {
    const { server } = test;
    await server.deps.db
      .updateTable('incidentes')
      .set({ Estado: 1 })
      .where('IdEmpresa', '=', ANDES.id)
      .where('IdEvaluacion', 'not in', Object.values(ids))
      .execute();
    await server.deps.db.updateTable('dotaciones').set({ Estado: 0 }).where('IdEmpresa', '=', ANDES.id).execute();
    const demoMonths = Array.from({ length: 12 }, (_, m) => [0, 1, 2, 3].map((s) => seedId(ANDES.id, 'dotacion', m, s))).flat();
    await server.deps.db.updateTable('dotaciones').set({ Estado: 1 }).where('IdDotacion', 'in', demoMonths).execute();
    await server.deps.db.updateTable('incidentes').set({ Estado: 0 }).where('IdEvaluacion', 'in', Object.values(ids)).execute();
    // Back to the day the demo was seeded.
    server.clock.current = new Date('2026-11-21T12:00:00Z');
    const query = 'start=2025-12-01&end=2026-11-21';
    const tabla = await indicator('tabla_evento', query);
    expect(tabla.data.every((point) => point.Valor > 0)).toBe(true);
    const rate = await indicator('tasa_accidentabilidad', query);
    expect(rate.data).toHaveLength(12);
    expect(rate.total).toBeGreaterThan(0);
    expect(rate.avisos).toContain('2 accidentes de trayecto en el rango: se muestran en la tabla de eventos, no entran en las tasas');
  });
});

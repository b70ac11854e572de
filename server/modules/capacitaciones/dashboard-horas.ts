import { sql } from 'kysely';
import { validityState } from '#sync/domain/validity.ts';
import { TRAINING_STATE_LABELS } from '#sync/domain/training-rules.ts';
import { type DashboardAnswer, type DashboardPoint, monthsOfYear, shortMonthLabel } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AppDeps } from '../../app-env.ts';
import { activeWorkerCount, type DashboardScope, monthEnd } from '../../dashboards/dashboard-scope.ts';
import type { Viewer } from '../../tenancy/viewer.ts';
import { addDays, gainsValidity, monthOf, realisedAttendance } from './asistencias.repo.ts';

/** The trainings dashboard's figures over attendance (hours, people, sessions, validity), one query each. */

export interface IndicatorInput {
  deps: AppDeps;
  scope: DashboardScope;
  viewer: Viewer;
}

const round = (value: number, decimals = 1) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const ratio = (part: number, whole: number) => (whole > 0 ? round(part / whole) : 0);
const percent = (part: number, whole: number) => (whole > 0 ? round((100 * part) / whole) : 0);

function attendance({ deps, scope }: IndicatorInput, range: { from: string | null; to: string | null } = { from: scope.filters.start, to: scope.filters.end }) {
  const { company, filters, contractor, client } = scope;
  return realisedAttendance(deps.db, { company, ...range, nv2: filters.nv2, nv3: filters.nv3, contractor, client });
}

/** The days of a month inside the dashboard's range: what a month's bar opens. */
function monthRecords(scope: DashboardScope, month: string): Record<string, string> {
  const first = `${month}-01`;
  const last = addDays(monthEnd(month), -1);
  return { desde: first > scope.filters.start ? first : scope.filters.start, hasta: last < scope.filters.end ? last : scope.filters.end };
}

interface MonthRow {
  Mes: string;
  HH: number;
  Personas: number;
  Filas: number;
  Sesiones: number;
}

async function byMonth(input: IndicatorInput, range?: { from: string; to: string }): Promise<MonthRow[]> {
  const rows = await attendance(input, range)
    .select([
      monthOf.as('Mes'),
      sql<number>`sum(capacitacion_participantes.DuracionHoras)`.as('HH'),
      sql<number>`count(distinct capacitacion_participantes.IdPersona)`.as('Personas'),
      sql<number>`count(*)`.as('Filas'),
      sql<number>`count(distinct capacitacion_participantes.IdCapacitacion)`.as('Sesiones'),
    ])
    .groupBy(monthOf)
    .orderBy(monthOf)
    .execute();
  return rows.map((row) => ({ Mes: row.Mes, HH: Number(row.HH), Personas: Number(row.Personas), Filas: Number(row.Filas), Sesiones: Number(row.Sesiones) }));
}

async function totals(input: IndicatorInput) {
  const row = await attendance(input)
    .select([
      sql<number>`coalesce(sum(capacitacion_participantes.DuracionHoras), 0)`.as('HH'),
      sql<number>`count(distinct capacitacion_participantes.IdPersona)`.as('Personas'),
      sql<number>`count(*)`.as('Filas'),
      sql<number>`count(distinct capacitacion_participantes.IdCapacitacion)`.as('Sesiones'),
    ])
    .executeTakeFirstOrThrow();
  return { HH: Number(row.HH), Personas: Number(row.Personas), Filas: Number(row.Filas), Sesiones: Number(row.Sesiones) };
}

function monthly(input: IndicatorInput, rows: MonthRow[], value: (row: MonthRow) => number): DashboardPoint[] {
  return rows.map((row) => ({ Nombre: shortMonthLabel(row.Mes), Valor: round(value(row)), registros: monthRecords(input.scope, row.Mes) }));
}

export async function hhCapacitacion(input: IndicatorInput): Promise<DashboardAnswer> {
  const [rows, all] = await Promise.all([byMonth(input), totals(input)]);
  return { statusCode: 200, total: round(all.HH), unidad: 'HH', data: monthly(input, rows, (row) => row.HH) };
}

export async function hhPromedio(input: IndicatorInput): Promise<DashboardAnswer> {
  const [rows, all] = await Promise.all([byMonth(input), totals(input)]);
  return { statusCode: 200, total: ratio(all.HH, all.Personas), unidad: 'HH por asistente', data: monthly(input, rows, (row) => row.HH / row.Personas) };
}

export async function totalAsistentes(input: IndicatorInput): Promise<DashboardAnswer> {
  const [rows, all] = await Promise.all([byMonth(input), totals(input)]);
  return { statusCode: 200, total: all.Filas, unidad: 'asistencias', data: monthly(input, rows, (row) => row.Filas) };
}

export async function totalActividades(input: IndicatorInput): Promise<DashboardAnswer> {
  const [rows, all] = await Promise.all([byMonth(input), totals(input)]);
  return { statusCode: 200, total: all.Sesiones, unidad: 'capacitaciones', data: monthly(input, rows, (row) => row.Sesiones) };
}

/** HH of training per worker of the scope's headcount (no worked hours are kept: the rate is per worker). */
export async function tasaCapacitacion(input: IndicatorInput): Promise<DashboardAnswer> {
  const [rows, all, headcount] = await Promise.all([byMonth(input), totals(input), activeWorkerCount(input.deps.db, input.scope)]);
  return { statusCode: 200, total: ratio(all.HH, headcount), unidad: 'HH por trabajador', data: monthly(input, rows, (row) => (headcount > 0 ? row.HH / headcount : 0)) };
}

/** Workers trained in the range against the scope's headcount. */
export async function cobertura(input: IndicatorInput): Promise<DashboardAnswer> {
  const [all, headcount] = await Promise.all([totals(input), activeWorkerCount(input.deps.db, input.scope)]);
  const trained = Math.min(all.Personas, headcount);
  return {
    statusCode: 200,
    total: percent(trained, headcount),
    unidad: '%',
    data: [
      { Nombre: 'Capacitados', Valor: trained, registros: {} },
      { Nombre: 'Sin capacitación en el período', Valor: Math.max(headcount - trained, 0) },
    ],
  };
}

/** The twelve months of the year of the dashboard's month. */
export async function hhAnual(input: IndicatorInput): Promise<DashboardAnswer> {
  const months = monthsOfYear(input.scope.filters.month);
  const rows = await byMonth(input, { from: `${months[0]}-01`, to: `${months[11]}-31` });
  const hours = new Map(rows.map((row) => [row.Mes, row.HH]));
  const data = months.map((month) => ({ Nombre: shortMonthLabel(month), Valor: round(hours.get(month) ?? 0), registros: { desde: `${month}-01`, hasta: addDays(monthEnd(month), -1) } }));
  return { statusCode: 200, total: round(rows.reduce((sum, row) => sum + row.HH, 0)), unidad: 'HH', data };
}

export async function hhTipo(input: IndicatorInput): Promise<DashboardAnswer> {
  const rows = await attendance(input)
    .select(['capacitacion_participantes.IdTipoCapacitacion as Id', sql<number>`sum(capacitacion_participantes.DuracionHoras)`.as('HH')])
    .groupBy('capacitacion_participantes.IdTipoCapacitacion')
    .execute();
  const types = new Map((await input.deps.records.tipos_capacitacion.listActive(input.deps.db, input.scope.company, input.viewer)).map((type) => [type.IdTipoCapacitacion, type.Nombre]));
  const data = rows.map((row) => ({ Nombre: types.get(row.Id) ?? 'Tipo eliminado', Valor: round(Number(row.HH)), registros: { type: row.Id } })).sort((a, b) => b.Valor - a.Valor);
  return { statusCode: 200, total: round(data.reduce((sum, point) => sum + point.Valor, 0)), unidad: 'HH', data };
}

export async function hhCargo(input: IndicatorInput): Promise<DashboardAnswer> {
  const rows = await attendance(input)
    .select(['capacitacion_participantes.IdCargo as Id', sql<number>`sum(capacitacion_participantes.DuracionHoras)`.as('HH')])
    .groupBy('capacitacion_participantes.IdCargo')
    .execute();
  const cargos = new Map((await input.deps.records.cargos.listActive(input.deps.db, input.scope.company, input.viewer)).map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
  const data = rows
    .map((row) => ({ Nombre: (row.Id && cargos.get(row.Id)) || 'Sin cargo', Valor: round(Number(row.HH)), ...(row.Id ? { registros: { IdCargo: row.Id } } : {}) }))
    .sort((a, b) => b.Valor - a.Valor);
  return { statusCode: 200, total: round(data.reduce((sum, point) => sum + point.Valor, 0)), unidad: 'HH', data };
}

/** Every day ever: the state of validities is read on today over all realised attendance in the scope. */
const ALL_TIME = { desde: '1900-01-01', hasta: '9999-12-31' };

/**
 * Each worker's latest valid attendance of each type, by its state today: vigente, por vencer (30 days),
 * vencida. A training renewed since counts once, as the renewal.
 */
export async function estadoVigencias(input: IndicatorInput): Promise<DashboardAnswer> {
  const latest = sql<string>`max(coalesce(capacitacion_participantes.FechaVencimiento, '9999-12-31'))`;
  const rows = await attendance(input, { from: null, to: null })
    .where(gainsValidity)
    .select([latest.as('Vence')])
    .groupBy(['capacitacion_participantes.IdPersona', 'capacitacion_participantes.IdTipoCapacitacion'])
    .execute();
  const counts = { vigente: 0, 'por-vencer': 0, vencida: 0 };
  for (const row of rows) counts[validityState(row.Vence === '9999-12-31' ? null : row.Vence, input.scope.today)] += 1;
  const data = (['vigente', 'por-vencer', 'vencida'] as const).map((state) => ({ Nombre: TRAINING_STATE_LABELS[state], Valor: counts[state], registros: { estado: state, ...ALL_TIME } }));
  return { statusCode: 200, total: rows.length, unidad: 'capacitaciones por trabajador', data };
}

import { sql } from 'kysely';
import { indicatorOf } from '#sync/records/indicator.ts';
import { CAPACITACIONES_DASHBOARD } from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import type { Db } from '#server/db/database.ts';
import { type IndicatorInput, scopedFigures } from '#server/records/indicators/indicator-input.ts';
import { type SummaryRead, type SummaryShare, summedOverRange } from '#server/records/indicators/monthly-summary.ts';
import { monthOf, realisedAttendance } from './asistencias.repo.ts';

/**
 * The trainings dashboard's hours and attendances by month, the figures that grow with every session: their whole
 * months are read from the monthly summary rows (`capacitaciones.hh`, `capacitaciones.asistencias`: by the
 * realisation month, the attendee's contractor, the session's contractor and the session's client), the days at
 * the range's ends from the attendance. The summary is kept by every write of a session (`sessionShares`, called
 * where a session and its attendance rows are written: capacitaciones-escritura.repo.ts).
 */

export const HOURS_SUMMARY = indicatorOf(CAPACITACIONES_DASHBOARD, 'HHCapacitacion').monthlySummary!;
export const ATTENDANCE_SUMMARY = indicatorOf(CAPACITACIONES_DASHBOARD, 'TotalAsistentes').monthlySummary!;

/**
 * Hours are kept in half hours: every session's hours are whole halves (HoursSchema, 0.5 to 500), so the summary's
 * integers hold them exactly and the sum of the halves equals the sum of the hours the attendance adds.
 */
const HALVES = 2;

/**
 * A session's share of the summaries: its counted attendance (active, realised, attended; the rows the figures add,
 * `realisedAttendance`) by month and parties, read from the rows the write leaves, in the write's transaction.
 */
export async function sessionShares(db: Db, company: string, id: string): Promise<SummaryShare[]> {
  const rows = await db
    .selectFrom('capacitacion_participantes')
    .select(['Mes', 'RutContratista', 'RutContratistaSesion', 'IdCliente'])
    .select([sql<number>`sum("DuracionHoras")`.as('HH'), sql<number>`count(*)`.as('Filas')])
    .where('IdEmpresa', '=', company)
    .where('IdCapacitacion', '=', id)
    .where('Activa', '=', 1)
    .where('Realizada', '=', 1)
    .where('Asistio', '=', 1)
    .where('Mes', 'is not', null)
    .groupBy(['Mes', 'RutContratista', 'RutContratistaSesion', 'IdCliente'])
    .execute();
  return rows.flatMap((row) => {
    const dimensions = [row.RutContratista ?? '', row.RutContratistaSesion ?? '', row.IdCliente ?? ''] as const;
    const cell = (indicator: string) => ({ company, indicator, month: row.Mes!, dimensions });
    return [
      { cell: cell(HOURS_SUMMARY), amount: Number(row.HH) * HALVES },
      { cell: cell(ATTENDANCE_SUMMARY), amount: Number(row.Filas) },
    ];
  });
}

export interface MonthCounts {
  HH: number;
  Filas: number;
}

export interface MonthFigures<C = MonthCounts> {
  total: C;
  /** The months with attendance, in order. */
  months: { Mes: string; counts: C }[];
}

/** The attendance of the scope's parties between two days (levels aside), by month: hours in halves and rows. */
type ByMonth = Map<string, number>;

async function rawByMonth(input: IndicatorInput, from: string, to: string): Promise<{ hours: ByMonth; rows: ByMonth }> {
  const { company, contractor, client } = input.scope;
  const found = await realisedAttendance(input.deps.db, { company, from, to, nv2: null, nv3: null, contractor, client })
    .select([monthOf.as('Mes'), sql<number>`sum(capacitacion_participantes."DuracionHoras")`.as('HH'), sql<number>`count(*)`.as('Filas')])
    .groupBy(monthOf)
    .execute();
  return {
    hours: new Map(found.map((row) => [row.Mes, Number(row.HH) * HALVES])),
    rows: new Map(found.map((row) => [row.Mes, Number(row.Filas)])),
  };
}

/** The summary read of the scope's parties: a contractor's is its workers' attendance and that of sessions held for it. */
function readOf(input: IndicatorInput, indicator: string): SummaryRead {
  const { company, contractor, client } = input.scope;
  return {
    company,
    indicator,
    by: 'Mes',
    where: client ? { Dimension3: client } : {},
    ...(contractor ? { anyOf: { dimensions: ['Dimension1', 'Dimension2'], value: contractor } } : {}),
  };
}

async function computeMonths(input: IndicatorInput, from: string, to: string): Promise<MonthFigures> {
  const raw = new Map<string, ReturnType<typeof rawByMonth>>();
  const rawOf = (first: string, last: string) => {
    const key = `${first}/${last}`;
    if (!raw.has(key)) raw.set(key, rawByMonth(input, first, last));
    return raw.get(key)!;
  };
  const db = input.deps.db;
  const [hours, rows] = await Promise.all([
    summedOverRange(db, readOf(input, HOURS_SUMMARY), from, to, async (first, last) => (await rawOf(first, last)).hours),
    summedOverRange(db, readOf(input, ATTENDANCE_SUMMARY), from, to, async (first, last) => (await rawOf(first, last)).rows),
  ]);
  // A month is drawn when it has attendance, as when it was counted from the rows: a summary cell may be left at 0.
  const months = [...rows]
    .filter(([, count]) => count !== 0)
    .map(([Mes, Filas]) => ({ Mes, counts: { HH: (hours.get(Mes) ?? 0) / HALVES, Filas } }))
    .sort((a, b) => a.Mes.localeCompare(b.Mes));
  const total = { HH: 0, Filas: 0 };
  for (const { counts } of months) {
    total.HH += counts.HH;
    total.Filas += counts.Filas;
  }
  return { total, months };
}

/** Hours and attendances by month of the scope's parties between two days, with no level chosen (levels are not kept). */
export function summedMonths(input: IndicatorInput, from: string, to: string): Promise<MonthFigures> {
  return scopedFigures(input, ['capacitaciones-meses', from, to], () => computeMonths(input, from, to));
}

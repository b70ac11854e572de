import { CLASIFICACION_CON_TIEMPO_PERDIDO, countsInRates, type MonthFigures, rollingTwelve } from '#sync/domain/accident-rates.ts';
import { monthsBetween } from '#sync/schemas/dashboard-filters.schema.ts';
import { stringsOf } from '#server/db/json-strings.ts';
import { CLASIFICACION_FATAL } from '#sync/domain/incident-form.ts';
import type { AppDeps } from '#server/app-env.ts';
import { sharedFigures } from '#server/records/dashboard-memo.ts';
import { type DashboardScope, lastDayOf, scopeConditions } from '#server/records/dashboard-scope.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';

/**
 * What the incidents dashboard reads: cases of the scope (never deleted ones, Estado 0), and the headcount and hours
 * of each month. The rates work on whole calendar months (the months the range touches): a month's headcount and
 * hours are entered for the whole month. The figures the four rates share are computed once per burst
 * (dashboard-memo.ts).
 */

export interface IndicatorInput {
  deps: AppDeps;
  scope: DashboardScope;
  viewer: Viewer;
}

const DAY_MS = 86_400_000;

/** "03/2026". */
export const monthName = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** "03/2026, 04/2026 y 05/2026". */
export function monthList(months: readonly string[]): string {
  const names = months.map(monthName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)!}`;
}

/** Cases of the company in the scope: its levels, its contractor or client; deleted cases never. */
export function scopedCases(input: IndicatorInput) {
  const { company } = input.scope;
  let query = input.deps.db.selectFrom('incidentes').where('incidentes.IdEmpresa', '=', company).where('incidentes.Estado', '<>', 0);
  for (const [column, value] of scopeConditions(input.scope)) query = query.where(column, '=', value);
  return query;
}

export interface CaseSpan {
  IdEvaluacion: string;
  Clasificacion: string;
  FechaOcurrencia: string;
  FechaAlta: string;
}

/**
 * The cases a rate over [from..to] reads: lost-time and fatal accidents that happened in it, and lost-time cases of
 * before whose incapacity reaches into it (discharged on or after `from`, or not discharged yet).
 */
export function rateCases(input: IndicatorInput, from: string, to: string): Promise<CaseSpan[]> {
  return scopedCases(input)
    .select(['incidentes.IdEvaluacion', 'incidentes.Clasificacion', 'incidentes.FechaOcurrencia', 'incidentes.FechaAlta'])
    .where('incidentes.Clasificacion', 'in', [CLASIFICACION_CON_TIEMPO_PERDIDO, CLASIFICACION_FATAL])
    .where('incidentes.FechaOcurrencia', '<=', to)
    .where((eb) =>
      eb.or([
        eb('incidentes.FechaOcurrencia', '>=', from),
        eb.and([
          eb('incidentes.Clasificacion', '=', CLASIFICACION_CON_TIEMPO_PERDIDO),
          eb.or([eb('incidentes.FechaAlta', '=', ''), eb('incidentes.FechaAlta', '>=', from)]),
        ]),
      ]),
    )
    .execute();
}

/** Days since the epoch of a YYYY-MM-DD date (UTC calendar arithmetic, as lostDaysBetween counts). */
const dayNumber = (wire: string) => Date.UTC(Number(wire.slice(0, 4)), Number(wire.slice(5, 7)) - 1, Number(wire.slice(8, 10))) / DAY_MS;

/** The months of a window with their first and last day as day numbers, computed once per window. */
export interface MonthBounds {
  Mes: string;
  first: number;
  last: number;
}

export function monthBounds(months: readonly string[]): MonthBounds[] {
  return months.map((Mes) => ({ Mes, first: dayNumber(`${Mes}-01`), last: dayNumber(lastDayOf(Mes)) }));
}

/**
 * The lost days of a case in each month of `months` they fall in: lostDaysBetween (sync/domain/accident-rates.ts)
 * for each month, counted on day numbers so a window of thousands of cases is summed in a few milliseconds.
 */
export function lostDaysByMonth(report: CaseSpan, months: readonly MonthBounds[], today: string): Map<string, number> {
  const days = new Map<string, number>();
  if (report.Clasificacion !== CLASIFICACION_CON_TIEMPO_PERDIDO || months.length === 0) return days;
  const first = dayNumber(report.FechaOcurrencia) + 1;
  const last = dayNumber(report.FechaAlta !== '' ? report.FechaAlta : today);
  for (const month of months) {
    const lost = Math.min(last, month.last) - Math.max(first, month.first) + 1;
    if (lost > 0) days.set(month.Mes, lost);
  }
  return days;
}

export interface HeadcountMonth {
  Dotacion: number;
  HorasHombre: number;
}

/**
 * Headcount and hours of each month of [first..last] in the scope: the sum of the rows of its levels and
 * contractor (the level-2 row without level 3 is the staff outside every level 3, so rows add up). A client has none.
 */
export async function headcountByMonth(input: IndicatorInput, first: string, last: string): Promise<Map<string, HeadcountMonth>> {
  const { company, filters, contractor, client } = input.scope;
  if (client) return new Map();
  let query = input.deps.db
    .selectFrom('dotaciones')
    .select(['Mes', (eb) => eb.fn.sum<number>('Dotacion').as('Dotacion'), (eb) => eb.fn.sum<number>('HorasHombre').as('HorasHombre')])
    .where('IdEmpresa', '=', company)
    .where('Estado', '<>', 0)
    .where('Mes', '>=', first)
    .where('Mes', '<=', last);
  if (filters.nv2) query = query.where('IdNivel2', '=', filters.nv2);
  if (filters.nv3) query = query.where('IdNivel3', '=', filters.nv3);
  if (contractor) query = query.where('RutContratista', '=', contractor);
  const rows = await query.groupBy('Mes').execute();
  return new Map(
    rows.map((row) => [row.Mes, { Dotacion: Number(row.Dotacion), HorasHombre: Math.round(Number(row.HorasHombre) * 100) / 100 }]),
  );
}

export interface WindowFigures {
  /** Every month of the window, oldest first, with what the rates count and divide by. */
  months: Map<string, MonthFigures>;
}

/** Accidents, lost days, headcount and hours of each month of [first..last] (YYYY-MM). */
async function computeWindow(input: IndicatorInput, first: string, last: string): Promise<WindowFigures> {
  const today = input.scope.today;
  const list = monthsBetween(first, last);
  const [cases, headcount] = await Promise.all([rateCases(input, `${first}-01`, lastDayOf(last)), headcountByMonth(input, first, last)]);
  const months = new Map<string, MonthFigures>(
    list.map((Mes) => {
      const found = headcount.get(Mes);
      return [Mes, { Mes, accidents: 0, lostDays: 0, headcount: found ? found.Dotacion : null, hours: found ? found.HorasHombre : null }];
    }),
  );
  const bounds = monthBounds(list);
  for (const report of cases) {
    const month = months.get(report.FechaOcurrencia.slice(0, 7));
    if (month && countsInRates(report.Clasificacion)) month.accidents += 1;
    for (const [Mes, days] of lostDaysByMonth(report, bounds, today)) months.get(Mes)!.lostDays += days;
  }
  return { months };
}

/** The window's figures, shared by the indicators a page asks together. */
export function windowFigures(input: IndicatorInput, first: string, last: string): Promise<WindowFigures> {
  const { filters, contractor, client, today } = input.scope;
  const key = JSON.stringify(['accidentes-tasas', first, last, filters.nv2, filters.nv3, contractor, client, today]);
  return sharedFigures(input.deps.db, input.scope.company, key, () => computeWindow(input, first, last));
}

/** The months of the dashboard's range, and the window the rolling twelve of its first month reaches back to. */
export function rangeMonths(scope: DashboardScope): { range: string[]; first: string; last: string } {
  const range = monthsBetween(scope.filters.start, scope.filters.end);
  return { range, first: rollingTwelve(range[0]!)[0]!, last: range.at(-1)! };
}

/** The figures of `months` (each present in the window). */
export function figuresOf(window: WindowFigures, months: readonly string[]): MonthFigures[] {
  return months.map((Mes) => window.months.get(Mes) ?? { Mes, accidents: 0, lostDays: 0, headcount: null, hours: null });
}

/** Slim rows of the cases that happened in [from..to], with the fields the count charts group by. */
export interface RangeCase {
  IdEvaluacion: string;
  Clasificacion: string;
  FechaOcurrencia: string;
  TipoEvento: string;
  IdRiesgoEspecifico: string | null;
  ActosSubestandar: string[];
  CondicionSubestandar: string[];
  Factores: string[];
  FaltaControl: string[];
}

async function computeRangeCases(input: IndicatorInput, from: string, to: string): Promise<RangeCase[]> {
  const rows = await scopedCases(input)
    .select([
      'IdEvaluacion',
      'Clasificacion',
      'FechaOcurrencia',
      'TipoEvento',
      'IdRiesgoEspecifico',
      'ActosSubestandar',
      'CondicionSubestandar',
      'Factores',
      'FaltaControl',
    ])
    .where('FechaOcurrencia', '>=', from)
    .where('FechaOcurrencia', '<=', to)
    .orderBy('FechaOcurrencia')
    .execute();
  return rows.map((row) => ({
    ...row,
    ActosSubestandar: stringsOf(row.ActosSubestandar),
    CondicionSubestandar: stringsOf(row.CondicionSubestandar),
    Factores: stringsOf(row.Factores),
    FaltaControl: stringsOf(row.FaltaControl),
  }));
}

/** The cases of the dashboard's range (dates, both included), shared by the count charts. */
export function rangeCases(input: IndicatorInput, from = input.scope.filters.start, to = input.scope.filters.end): Promise<RangeCase[]> {
  const { filters, contractor, client } = input.scope;
  const key = JSON.stringify(['accidentes-casos', from, to, filters.nv2, filters.nv3, contractor, client]);
  return sharedFigures(input.deps.db, input.scope.company, key, () => computeRangeCases(input, from, to));
}

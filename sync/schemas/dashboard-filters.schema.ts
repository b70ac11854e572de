import * as v from 'valibot';
import { isWireDate, toWireDate } from '../domain/dates.ts';
import { RUT_MESSAGES } from '../domain/rut.ts';

/**
 * The filters every dashboard shares (spec part 2, "Dashboard filters"; part 1, section 5): level 2 and level 3,
 * a date range that defaults to the first day of the current month through today, and a month (YYYY-MM) for the
 * month and year views. Contractor and client users are limited by the server whatever these say.
 */
export const DASHBOARD_MESSAGES = {
  dateInvalid: 'La fecha debe tener el formato AAAA-MM-DD',
  monthInvalid: 'El mes debe tener el formato AAAA-MM',
  rangeReversed: 'Fecha inicial no puede ser mayor que Fecha final',
  levelInvalid: 'El nivel indicado no es válido',
} as const;

const isWireMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
const Level = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.check((value) => value === '' || /^[0-9a-f-]{36}$/.test(value), DASHBOARD_MESSAGES.levelInvalid)));
const Day = v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || isWireDate(value), DASHBOARD_MESSAGES.dateInvalid)));
const Month = v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || isWireMonth(value), DASHBOARD_MESSAGES.monthInvalid)));
const Rut = v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || /^[\d.]{7,10}-[\dkK]$/.test(value), RUT_MESSAGES.format), v.transform((value) => value.replace(/\./g, '').toUpperCase())));

/** A drill-down's own range: the one it was opened with (desde, hasta: YYYY-MM-DD) or its point's month (Mes: YYYY-MM). */
export const RecordsRangeEntries = { desde: Day, hasta: Day, Mes: Month };

/** A worker's columns in the records behind a figure: their positions' names (separated by "; ") and their levels' names ('' for none). */
export const WorkerColumnEntries = { Cargos: v.string(), Nivel2: v.string(), Nivel3: v.string() };

/** The query string of a dashboard call. Empty values mean "not filtered" (or the default, for dates and month). */
export const DashboardQuerySchema = v.pipe(
  v.object({
    nv2: Level,
    nv3: Level,
    start: Day,
    end: Day,
    month: Month,
    /** A company user may look at one contractor or one client; theirs users always see only their own. */
    RutContratista: Rut,
    RutCliente: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  }),
  v.check((query) => !query.start || !query.end || query.start <= query.end, DASHBOARD_MESSAGES.rangeReversed),
);
export type DashboardQuery = v.InferOutput<typeof DashboardQuerySchema>;

/** The filters with their defaults filled in: what every indicator reads. */
export interface DashboardFilters {
  nv2: string | null;
  nv3: string | null;
  /** YYYY-MM-DD, both included. */
  start: string;
  end: string;
  /** YYYY-MM. */
  month: string;
  rutContratista: string | null;
  rutCliente: string | null;
}

/** Spec: the date filter defaults to the first day of the current month through today (Chile). */
export function defaultDashboardRange(now: Date): { start: string; end: string; month: string } {
  const today = toWireDate(now);
  return { start: `${today.slice(0, 7)}-01`, end: today, month: today.slice(0, 7) };
}

export function dashboardFilters(query: DashboardQuery, now: Date): DashboardFilters {
  const defaults = defaultDashboardRange(now);
  return {
    nv2: query.nv2 || null,
    nv3: query.nv3 || null,
    start: query.start || defaults.start,
    end: query.end || defaults.end,
    month: query.month || defaults.month,
    rutContratista: query.RutContratista || null,
    rutCliente: query.RutCliente || null,
  };
}

/** The twelve months (YYYY-MM) of the year `month` belongs to. */
export function monthsOfYear(month: string): string[] {
  const year = month.slice(0, 4);
  return Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
}

/** The months (YYYY-MM) from the month of `start` to the month of `end`, both included. */
export function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  let [year, month] = start.slice(0, 7).split('-').map(Number) as [number, number];
  const last = end.slice(0, 7);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current > last) return months;
    months.push(current);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** Month number and year name in Spanish, for chart axes: "mar 2026". */
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
export function shortMonthLabel(month: string): string {
  return `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/**
 * What every indicator answers: labelled values (bars, slices) or one number, plus how to reach the records behind
 * each value (`registros`: the filters a drill-down list applies, on top of the dashboard's own).
 */
export interface DashboardPoint {
  /** The label on the chart's axis or slice. */
  Nombre: string;
  Valor: number;
  /** A second series (planned against realised, cumulative percentage): absent when the chart has one. */
  Valor2?: number;
  /** Filters that select the records behind this point. */
  registros?: Record<string, string>;
}

export interface DashboardAnswer {
  statusCode: 200;
  /** The headline figure (a percentage, a total); null when the chart has none. */
  total: number | null;
  /** The unit of `total` and `Valor`: '%', 'HH', or a count. */
  unidad: string;
  /** The unit of `Valor` when it is not the headline's: coverage is a % of workers, its slices count workers. */
  unidadValor?: string;
  data: DashboardPoint[];
  /** Names of the series, when there are two. */
  series?: [string, string];
  /** How the figure is computed, in words, shown under the chart ("Accidentes con tiempo perdido × 100 / dotación promedio"). */
  formula?: string;
  /** What the figure could not count and why ("Sin dotación registrada en 03/2026"), shown with the chart. */
  avisos?: string[];
}

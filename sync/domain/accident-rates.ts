import { CLASIFICACION_FATAL, type Clasificacion } from './incident-form.ts';

/**
 * The accident rates the official way (Ley 16.744, DS 67; what the mutualidades publish), for one month or a
 * rolling twelve. A trayecto accident, a cuasi accidente, an accident sin tiempo perdido and a CDM case never enter a
 * rate: each is counted in its own figure.
 */

export const CLASIFICACION_CON_TIEMPO_PERDIDO: Clasificacion = 'Accidente con tiempo perdido';

export type AccidentRate = 'tasa_accidentabilidad' | 'tasa_siniestralidad' | 'tasa_frecuencia' | 'tasa_gravedad';

/** The formulas as the dashboard states them. */
export const RATE_FORMULAS: Record<AccidentRate, string> = {
  tasa_accidentabilidad: 'Accidentes con tiempo perdido y fatales × 100 / dotación promedio',
  tasa_siniestralidad: 'Días perdidos × 100 / dotación promedio (los casos sin alta cuentan sus días hasta hoy)',
  tasa_frecuencia: 'Accidentados con tiempo perdido y fatales × 1.000.000 / horas hombre',
  tasa_gravedad: 'Días perdidos × 1.000.000 / horas hombre',
};

/** Why a case is listed but not counted in the rates. */
export const EXCLUSION_REASONS: Partial<Record<Clasificacion, string>> = {
  'Accidente de Trayecto': 'Trayecto: se muestra, pero no entra en las tasas',
  'Cuasi Accidente': 'Cuasi accidente: se cuenta aparte, no entra en las tasas',
  'Accidente sin tiempo perdido': 'Sin tiempo perdido: se cuenta aparte, no entra en las tasas',
  'Accidente CDM': 'Daño material: se cuenta aparte, no entra en las tasas',
};

/** A case that enters the accident and frequency rates: a lost-time accident at work, or a fatal one. */
export function countsInRates(clasificacion: string): boolean {
  return clasificacion === CLASIFICACION_CON_TIEMPO_PERDIDO || clasificacion === CLASIFICACION_FATAL;
}

const DAY_MS = 86_400_000;
const dayNumber = (wire: string) => Math.round(Date.parse(`${wire}T12:00:00Z`) / DAY_MS);

/**
 * The lost days of a lost-time case that fall between `from` and `to` (YYYY-MM-DD, both included): the days after
 * the accident up to the medical discharge, or up to `today` while the case has none. Summed over every month they
 * are the case's DiasPerdidos (discharge minus accident, in calendar days). Other classifications lose no days that
 * enter a rate (a death is not a temporary incapacity).
 */
export function lostDaysBetween(
  report: { Clasificacion: string; FechaOcurrencia: string; FechaAlta: string },
  from: string,
  to: string,
  today: string,
): number {
  if (report.Clasificacion !== CLASIFICACION_CON_TIEMPO_PERDIDO) return 0;
  const end = report.FechaAlta !== '' ? report.FechaAlta : today;
  const first = Math.max(dayNumber(report.FechaOcurrencia) + 1, dayNumber(from));
  const last = Math.min(dayNumber(end), dayNumber(to));
  return Math.max(0, last - first + 1);
}

/** One month of the scope: what the rates count and what they divide by (null: nothing entered for the month). */
export interface MonthFigures {
  Mes: string;
  /** Lost-time and fatal accidents that happened in the month (one injured worker each). */
  accidents: number;
  /** Lost days that fall in the month. */
  lostDays: number;
  headcount: number | null;
  hours: number | null;
}

export interface RateResult {
  value: number | null;
  numerator: number;
  /** The average headcount or the hours; null when no month of the period has one. */
  denominator: number | null;
  /** Months of the period with no headcount (or hours) entered: the result leaves them out, and says so. */
  missing: string[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A rate over the months given (one month, or a rolling twelve). The average headcount is the mean of the months
 * that have one; hours are summed over the months that have them. A period with none has no rate, never a division
 * by zero.
 */
export function accidentRate(rate: AccidentRate, months: readonly MonthFigures[]): RateResult {
  const byHeadcount = rate === 'tasa_accidentabilidad' || rate === 'tasa_siniestralidad';
  const numerator = months.reduce(
    (sum, month) => sum + (rate === 'tasa_accidentabilidad' || rate === 'tasa_frecuencia' ? month.accidents : month.lostDays),
    0,
  );
  const known = months.filter((month) => (byHeadcount ? month.headcount : month.hours) !== null);
  const missing = months.filter((month) => !known.includes(month)).map((month) => month.Mes);
  const total = known.reduce((sum, month) => sum + ((byHeadcount ? month.headcount : month.hours) ?? 0), 0);
  const denominator = known.length === 0 ? null : byHeadcount ? round2(total / known.length) : total;
  if (denominator === null || denominator === 0) return { value: null, numerator, denominator, missing };
  const factor = byHeadcount ? 100 : 1_000_000;
  return { value: round2((numerator * factor) / denominator), numerator, denominator, missing };
}

/** The twelve months (YYYY-MM) that end at `month`, oldest first: the rolling period of the published rates. */
export function rollingTwelve(month: string): string[] {
  const [year, value] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, index) => {
    const offset = value - 12 + index;
    const y = year + Math.floor(offset / 12);
    const m = ((offset % 12) + 12) % 12;
    return `${y}-${String(m + 1).padStart(2, '0')}`;
  });
}

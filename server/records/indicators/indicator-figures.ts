import { type DashboardAnswer, type DashboardPoint, shortMonthLabel } from '#sync/schemas/dashboard-filters.schema.ts';

/** The arithmetic and shapes every indicator's answer shares. */

export const round = (value: number, decimals = 1) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** part × 100 / whole with one decimal; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? round((100 * part) / whole) : 0);

/** The sum of the values, added in order. */
export function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** An indicator's answer: its headline, its unit and its points, then what it adds (series, formula, avisos). */
export function indicatorAnswer(
  total: number | null,
  unidad: string,
  data: DashboardPoint[],
  more: Pick<DashboardAnswer, 'series' | 'formula' | 'avisos'> = {},
): DashboardAnswer {
  return { statusCode: 200, total, unidad, data, ...more };
}

/** One point per month (YYYY-MM), named "mar 2026" on the axis. */
export function monthlyPoints(months: readonly string[], point: (month: string) => Omit<DashboardPoint, 'Nombre'>): DashboardPoint[] {
  return months.map((month) => ({ Nombre: shortMonthLabel(month), ...point(month) }));
}

/** How many times each key occurs, in the order of each key's first occurrence. */
export function countBy<Key>(keys: Iterable<Key>): Map<Key, number> {
  const counts = new Map<Key, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * Bars of values by id (a type, a position, a level), largest first (ties: by name when `byName`, otherwise in the
 * values' order), each opening its records by `key`; a bar without an id ("Sin cargo") opens none.
 */
export function barsById<Id extends string | null>(
  values: Iterable<readonly [Id, number]>,
  nameOf: (id: Id) => string,
  key: string,
  byName = false,
): DashboardPoint[] {
  return [...values]
    .map(([id, value]) => ({ Nombre: nameOf(id), Valor: value, ...(id ? { registros: { [key]: id } } : {}) }))
    .sort((a, b) => b.Valor - a.Valor || (byName ? a.Nombre.localeCompare(b.Nombre, 'es') : 0));
}

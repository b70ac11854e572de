import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * Monthly summary rows (migration 0022): what an indicator counts, per company, month and up to three dimensions
 * it filters by, so a figure over years of raw rows reads a few hundred rows instead. The write that changes the raw
 * rows changes the summary in its own transaction (`addToSummary` or `keepingSummary` with the write's `db`), so a
 * summary is never behind its rows; the figure reads whole months from it and the days of a month cut by the range
 * from the rows.
 */
interface ResumenesMensualesTable {
  IdEmpresa: string;
  Indicador: string;
  Mes: string;
  Dimension1: string;
  Dimension2: string;
  Dimension3: string;
  Valor: number;
}

const summaryDb = (db: Db) => db.withTables<{ resumenes_mensuales: ResumenesMensualesTable }>();

/** One month's row of an indicator: its dimensions in order, '' for none. */
export interface SummaryCell {
  company: string;
  indicator: string;
  /** YYYY-MM. */
  month: string;
  dimensions: readonly [string, string, string];
}

/** Adds `amount` (negative to take away) to a month's row, in the transaction of the write that changed the raw rows. */
export async function addToSummary(db: Db, cell: SummaryCell, amount: number): Promise<void> {
  const [Dimension1, Dimension2, Dimension3] = cell.dimensions;
  const row = { IdEmpresa: cell.company, Indicador: cell.indicator, Mes: cell.month, Dimension1, Dimension2, Dimension3, Valor: amount };
  await summaryDb(db)
    .insertInto('resumenes_mensuales')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['IdEmpresa', 'Indicador', 'Mes', 'Dimension1', 'Dimension2', 'Dimension3'])
        .doUpdateSet({ Valor: sql<number>`resumenes_mensuales."Valor" + ${amount}` }),
    )
    .execute();
}

/** What one record adds to a summary: a cell and its amount (a record may add to several cells). */
export interface SummaryShare {
  cell: SummaryCell;
  amount: number;
}

const cellKey = ({ company, indicator, month, dimensions }: SummaryCell) => JSON.stringify([company, indicator, month, ...dimensions]);

/**
 * Takes away a record's share as it was before a write and adds its share after it, cell by cell, in the write's
 * transaction: whatever the write changed (the month, the amounts, a dimension, or whether it counts at all), the
 * summary follows, because both shares are read from the rows the figure counts. Cells left as they were are not
 * written.
 */
export async function applySummaryDelta(db: Db, before: readonly SummaryShare[], after: readonly SummaryShare[]): Promise<void> {
  const delta = new Map<string, SummaryShare>();
  for (const [shares, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const { cell, amount } of shares) {
      const found = delta.get(cellKey(cell)) ?? { cell, amount: 0 };
      found.amount += sign * amount;
      delta.set(cellKey(cell), found);
    }
  }
  for (const { cell, amount } of delta.values()) if (amount !== 0) await addToSummary(db, cell, amount);
}

/** Runs a write of one record keeping its summary: `share` (read with the write's `db`) before and after, the difference added. */
export async function keepingSummary<T>(db: Db, share: () => Promise<SummaryShare[]>, write: () => Promise<T>): Promise<T> {
  const before = await share();
  const result = await write();
  await applySummaryDelta(db, before, await share());
  return result;
}

interface DayRange {
  from: string;
  to: string;
}

/** The last day (YYYY-MM-DD) of a month (YYYY-MM). */
const lastDay = (month: string) =>
  `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;

/**
 * A range of days as the whole months inside it (read from the summary) and the days left at either end (read from
 * the raw rows): '2026-01-15'..'2026-04-10' is January 15–31, February and March whole, April 1–10.
 */
export function splitByMonths(from: string, to: string): { months: { first: string; last: string } | null; days: DayRange[] } {
  if (from > to) return { months: null, days: [] };
  const first = from.endsWith('-01') ? from.slice(0, 7) : nextMonth(from.slice(0, 7));
  const last = to === lastDay(to.slice(0, 7)) ? to.slice(0, 7) : previousMonth(to.slice(0, 7));
  if (first > last) return { months: null, days: [{ from, to }] };
  const days: DayRange[] = [];
  if (from < `${first}-01`) days.push({ from, to: lastDay(previousMonth(first)) });
  if (to > lastDay(last)) days.push({ from: `${nextMonth(last)}-01`, to });
  return { months: { first, last }, days };
}

function nextMonth(month: string): string {
  const [year, value] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return value === 12 ? `${year + 1}-01` : `${year}-${String(value + 1).padStart(2, '0')}`;
}

function previousMonth(month: string): string {
  const [year, value] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return value === 1 ? `${year - 1}-12` : `${year}-${String(value - 1).padStart(2, '0')}`;
}

type Dimension = 'Dimension1' | 'Dimension2' | 'Dimension3';

export interface SummaryRead {
  company: string;
  indicator: string;
  /** The dimensions fixed to one value (a contractor's own); the others are summed over. */
  where: Partial<Record<Dimension, string>>;
  /** A value any of these dimensions may hold, each cell counted once (a contractor: the attendee's or the session's). */
  anyOf?: { dimensions: readonly Dimension[]; value: string };
  /** What the sums are by: a dimension, or the month. */
  by: Dimension | 'Mes';
}

/**
 * The sums by one dimension (or by month) over a range of days: the whole months from the summary rows, the days at the ends from
 * `raw` (the raw rows' sums by the same dimension, as the figure always counted them). Equal to `raw(from, to)`.
 */
export async function summedOverRange(
  db: Db,
  read: SummaryRead,
  from: string,
  to: string,
  raw: (from: string, to: string) => Promise<Map<string, number>>,
): Promise<Map<string, number>> {
  const { months, days } = splitByMonths(from, to);
  const whole = months ? summaryOf(db, read, months.first, months.last) : Promise.resolve(new Map<string, number>());
  const parts = await Promise.all([whole, ...days.map((range) => raw(range.from, range.to))]);
  const sums = new Map<string, number>();
  for (const part of parts) for (const [key, value] of part) sums.set(key, (sums.get(key) ?? 0) + value);
  return sums;
}

async function summaryOf(db: Db, read: SummaryRead, first: string, last: string): Promise<Map<string, number>> {
  let query = summaryDb(db)
    .selectFrom('resumenes_mensuales')
    .select([read.by, sql<number>`sum("Valor")`.as('Valor')])
    .where('IdEmpresa', '=', read.company)
    .where('Indicador', '=', read.indicator)
    .where('Mes', '>=', first)
    .where('Mes', '<=', last);
  for (const [column, value] of Object.entries(read.where)) query = query.where(column as Dimension, '=', value);
  const anyOf = read.anyOf;
  if (anyOf) query = query.where((eb) => eb.or(anyOf.dimensions.map((column) => eb(column, '=', anyOf.value))));
  const rows = await query.groupBy(read.by).execute();
  return new Map(rows.map((row) => [row[read.by] as string, Number(row.Valor)]));
}

import { formatDisplayDate } from '../domain/dates.ts';
import { formatNumber } from '../domain/number-format.ts';
import { formatRut } from '../domain/rut.ts';

/** How a column's value is written: as it comes, a day, a RUT, a number. */
export type ReportCellFormat = 'text' | 'date' | 'rut' | 'number';

/** A column of a report list: its header (or the company's name of a level) and its value, the same on screen and in the CSV. */
export interface ReportColumn<Row> {
  header: string | { level: 2 | 3 };
  value: (row: Row) => string | number | null;
  format?: ReportCellFormat;
  /** What an empty value reads ("No vence" for a day that never comes). */
  empty?: string;
  /** A long text (a name, a detail) that breaks over lines so the table fits a wide screen; others stay on one line. */
  wrap?: boolean;
}

type Written = (value: string | number) => string;
const decimals = (value: number) => (Number.isInteger(value) ? 0 : 1);

/**
 * The screen's words, and Excel's in Chile: a day DD-MM-YYYY (its short date), a number without thousands marks and
 * with a decimal comma, so a spreadsheet reads both as values and not as texts.
 */
const WRITTEN: Record<'screen' | 'csv', Record<ReportCellFormat, Written>> = {
  screen: {
    text: String,
    date: (value) => formatDisplayDate(String(value)),
    rut: (value) => formatRut(String(value)),
    number: (value) => formatNumber(Number(value), decimals(Number(value))),
  },
  csv: {
    text: String,
    date: (value) => formatDisplayDate(String(value)).replaceAll('/', '-'),
    rut: (value) => formatRut(String(value)),
    number: (value) => String(value).replace('.', ','),
  },
};

/** A row's cell of a column, for the screen or the CSV. */
export function cellText<Row>(column: ReportColumn<Row>, row: Row, target: 'screen' | 'csv'): string {
  const value = column.value(row);
  if (value === null || value === '') return column.empty ?? '';
  return WRITTEN[target][column.format ?? 'text'](value);
}

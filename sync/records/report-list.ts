import * as v from 'valibot';
import { RUT_MESSAGES, cleanRut, rutError } from '../domain/rut.ts';
import { isWireDate } from '../domain/dates.ts';
import { MESSAGES } from '../schemas/common.schema.ts';
import { ReportPageQueryEntries } from '../schemas/report-list.schema.ts';
import type { ReportColumn } from './report-list-columns.ts';

/**
 * A report list (a "consulta", a log): too big for a device, asked to the server a page at a time with its filters
 * in the query string, drawn as a table and exported to CSV. Described once here; the server builds its route and the
 * app its screen from the description, and the module keeps only its query and its words.
 */
export const REPORT_FILTER_MESSAGES = {
  dateInvalid: MESSAGES.dateFormat,
  rangeReversed: MESSAGES.rangeReversed,
} as const;

/** A filter's wire name (the spec's) and what it holds, which says how it is checked and drawn. */
export type ReportFilter =
  /** A select of records by their UUID (lower-cased). */
  | { kind: 'id'; name: string; label: string; message: string; emptyLabel?: string }
  /** A select of fixed words (a situation), each with how a person reads it. */
  | { kind: 'choice'; name: string; label: string; choices: Readonly<Record<string, string>>; message: string; emptyLabel?: string }
  /** A select of records by a whole number id. */
  | { kind: 'number'; name: string; label: string; message: string; emptyLabel?: string }
  /** A select of the company's level 2 or 3 (named by the company's masks); a level 3 narrows to its `parent`. */
  | { kind: 'level'; name: string; level: 2 | 3; parent?: string; message: string }
  /** A select of RUTs (dots allowed, cleaned); `companyOnly`: only a company's user chooses one. */
  | { kind: 'rut'; name: string; label: string; emptyLabel?: string; companyOnly?: boolean }
  /** A text searched while typed (part of a name or a RUT). */
  | { kind: 'text'; name: string; label: string; max: number; message: string }
  /** Two days, both included, YYYY-MM-DD: the first may not come after the second. */
  | { kind: 'days'; from: string; to: string; labels: readonly [string, string] };

type NamesOf<F> = F extends { kind: 'days'; from: infer From; to: infer To } ? From | To : F extends { name: infer N } ? N : never;
/** The parsed query of a report list: each filter's text ('' when not given) and the page asked. */
export type ReportQuery<F extends readonly ReportFilter[]> = { [K in NamesOf<F[number]> & string]: string } & ReportPageOf;
type ReportPageOf = { Pagina: number; PorPagina: number };
/** The filters as a screen holds them: the texts of the query string. */
export type ReportFilterValues = Record<string, string>;

const optional = (schema: v.GenericSchema<string, string>) => v.optional(schema, '');
const uuidOrEmpty = (value: string) => value === '' || /^[0-9a-f-]{36}$/.test(value);

const Day = optional(
  v.pipe(
    v.string(REPORT_FILTER_MESSAGES.dateInvalid),
    v.trim(),
    v.check((value) => value === '' || isWireDate(value), REPORT_FILTER_MESSAGES.dateInvalid),
  ),
);

function entriesOf(filter: ReportFilter): Record<string, v.GenericSchema<unknown, string>> {
  switch (filter.kind) {
    case 'id':
    case 'level':
      return {
        [filter.name]: optional(v.pipe(v.string(filter.message), v.trim(), v.toLowerCase(), v.check(uuidOrEmpty, filter.message))),
      };
    case 'choice':
      return { [filter.name]: optional(v.picklist(['', ...Object.keys(filter.choices)], filter.message)) };
    case 'number':
      return { [filter.name]: optional(v.pipe(v.string(filter.message), v.trim(), v.regex(/^\d{0,12}$/, filter.message))) };
    case 'rut':
      return {
        [filter.name]: optional(
          v.pipe(
            v.string(RUT_MESSAGES.format),
            v.trim(),
            v.check((value) => value === '' || rutError(value) === null, RUT_MESSAGES.invalid),
            v.transform((value) => (value ? cleanRut(value) : '')),
          ),
        ),
      };
    case 'text':
      return { [filter.name]: optional(v.pipe(v.string(filter.message), v.trim(), v.maxLength(filter.max, filter.message))) };
    case 'days':
      return { [filter.from]: Day, [filter.to]: Day };
  }
}

/** A date range whose first day comes after its last, or null: the screen says it instead of asking. */
export function reversedRange(filters: readonly ReportFilter[], values: ReportFilterValues): string | null {
  const reversed = (from = '', to = '') => !!from && !!to && from > to;
  const any = filters.some((filter) => filter.kind === 'days' && reversed(values[filter.from], values[filter.to]));
  return any ? REPORT_FILTER_MESSAGES.rangeReversed : null;
}

/** The query string's schema of a report list: every filter, the paging, and each date range in order. */
export function reportQuerySchema<const F extends readonly ReportFilter[]>(filters: F): v.GenericSchema<unknown, ReportQuery<F>> {
  const entries = Object.assign({}, ...filters.map(entriesOf), ReportPageQueryEntries) as v.ObjectEntries;
  return v.pipe(
    v.object(entries),
    v.check((query) => reversedRange(filters, query as ReportFilterValues) === null, REPORT_FILTER_MESSAGES.rangeReversed),
  ) as unknown as v.GenericSchema<unknown, ReportQuery<F>>;
}

/** What a report list's screen shows and exports: its title, its table's name, its CSV's name, its filters and columns. */
export interface ReportList<Row> {
  title: string;
  /** Names the table and its region. */
  label: string;
  /** The CSV's name before the day's date. */
  fileName: string;
  /** Said when nothing matches. */
  empty: string;
  filters: readonly ReportFilter[];
  columns: readonly ReportColumn<Row>[];
  rowKey: (row: Row) => string;
}

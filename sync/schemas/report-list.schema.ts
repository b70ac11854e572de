import * as v from 'valibot';

/**
 * Lists too big for a device (reports, "consultas"): asked to the server a page at a time, exported whole. The
 * paging of every such list, in the spec's worker-list words (Pagina, PorPagina).
 */
export const REPORT_LIST_MESSAGES = {
  pageInvalid: 'La página pedida no es válida',
} as const;

export const MAX_REPORT_PAGE = 1000;

const positive = (max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.number(REPORT_LIST_MESSAGES.pageInvalid),
      v.integer(REPORT_LIST_MESSAGES.pageInvalid),
      v.minValue(1, REPORT_LIST_MESSAGES.pageInvalid),
      v.maxValue(max, REPORT_LIST_MESSAGES.pageInvalid),
    ),
    fallback,
  );

/** Paging entries to spread into a report's body schema. */
export const ReportPageEntries = {
  Pagina: positive(1_000_000, 1),
  PorPagina: positive(MAX_REPORT_PAGE, 50),
};

/** A page of a report list: its rows, how many match in all, and which page this is. */
export interface ReportListAnswer<Row> {
  statusCode: 200;
  data: Row[];
  total: number;
  Pagina: number;
  PorPagina: number;
}

/** The schema of a page of a report list of `row`s (ReportListAnswer), for answers documented from it. */
export function reportListAnswer<Row extends v.GenericSchema>(row: Row) {
  return v.object({ statusCode: v.literal(200), data: v.array(row), total: v.number(), Pagina: v.number(), PorPagina: v.number() });
}

const positiveText = (max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(REPORT_LIST_MESSAGES.pageInvalid),
      v.trim(),
      v.regex(/^\d{1,7}$/, REPORT_LIST_MESSAGES.pageInvalid),
      v.transform(Number),
      v.minValue(1, REPORT_LIST_MESSAGES.pageInvalid),
      v.maxValue(max, REPORT_LIST_MESSAGES.pageInvalid),
    ),
    String(fallback),
  );

/** The same paging in a GET call's query string (texts that must be whole numbers). */
export const ReportPageQueryEntries = {
  Pagina: positiveText(1_000_000, 1),
  PorPagina: positiveText(MAX_REPORT_PAGE, 50),
};

import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';

/** The page a report list was asked for (ReportPageQueryEntries, already parsed). */
export interface ReportPage {
  Pagina: number;
  PorPagina: number;
}

/** The rows to skip and to read for the page. */
const pageWindow = ({ Pagina, PorPagina }: ReportPage) => ({ limit: PorPagina, offset: (Pagina - 1) * PorPagina });

/** A page of a report list: its rows, how many match in all, and the page it is. */
export function reportPage<Row>({ Pagina, PorPagina }: ReportPage, data: Row[], total: number): ReportListAnswer<Row> {
  return { statusCode: 200, data, total: Number(total), Pagina, PorPagina };
}

type Counted<Raw> = Raw & { total: number | string | bigint };

/**
 * One page of rows that each carry how many match in all (`COUNT(*) OVER ()`: one pass over the data), without that
 * count. A page past the end has no row to read it from: then the first row of page 1 tells it.
 */
export async function pagedRows<Raw>(
  page: ReportPage,
  read: (window: { limit: number; offset: number }) => Promise<Counted<Raw>[]>,
): Promise<{ rows: Raw[]; total: number }> {
  const rows = await read(pageWindow(page));
  const strip = ({ total: _total, ...raw }: Counted<Raw>) => raw as Raw;
  if (rows.length > 0) return { rows: rows.map(strip), total: Number(rows[0]!.total) };
  if (page.Pagina === 1) return { rows: [], total: 0 };
  const first = await read({ limit: 1, offset: 0 });
  return { rows: [], total: Number(first[0]?.total ?? 0) };
}

import { lastDayOf } from '../dashboard-scope.ts';

/** One page of the records behind a figure, with how many there are in all (Pagina from 1, PorPagina 50 by default). */
export function pageOf<Row>(rows: readonly Row[], page: { Pagina?: number; PorPagina?: number }) {
  const Pagina = page.Pagina ?? 1;
  const PorPagina = page.PorPagina ?? 50;
  return { data: rows.slice((Pagina - 1) * PorPagina, Pagina * PorPagina), total: rows.length, Pagina, PorPagina };
}

type Levels = { IdNivel2: string | null; IdNivel3: string | null };

/** A record's level columns: the names of its levels 2 and 3, '' for none. */
export function levelColumns(names: ReadonlyMap<string, string>, row: Levels) {
  return { Nivel2: (row.IdNivel2 && names.get(row.IdNivel2)) || '', Nivel3: (row.IdNivel3 && names.get(row.IdNivel3)) || '' };
}

/** A worker's columns in a records list: their positions' names (in the order given) and their levels' names. */
export function workerColumns(names: ReadonlyMap<string, string>, worker: Levels | undefined, cargos: readonly string[]) {
  return { Cargos: cargos.join('; '), ...levelColumns(names, worker ?? { IdNivel2: null, IdNivel3: null }) };
}

/** The days a drill-down lists: its point's month (Mes), else the range it was opened with (desde, hasta), else the dashboard's. */
export function recordsRange(query: { Mes?: string; desde?: string; hasta?: string }, filters: { start: string; end: string }) {
  if (query.Mes) return { from: `${query.Mes}-01`, to: lastDayOf(query.Mes) };
  return { from: query.desde || filters.start, to: query.hasta || filters.end };
}

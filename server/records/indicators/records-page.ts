/** One page of the records behind a figure, with how many there are in all (Pagina from 1, PorPagina 50 by default). */
export function pageOf<Row>(rows: readonly Row[], page: { Pagina?: number; PorPagina?: number }) {
  const Pagina = page.Pagina ?? 1;
  const PorPagina = page.PorPagina ?? 50;
  return { data: rows.slice((Pagina - 1) * PorPagina, Pagina * PorPagina), total: rows.length, Pagina, PorPagina };
}

/** A record's level columns: the names of its levels 2 and 3, '' for none. */
export function levelColumns(names: ReadonlyMap<string, string>, row: { IdNivel2: string | null; IdNivel3: string | null }) {
  return { Nivel2: (row.IdNivel2 && names.get(row.IdNivel2)) || '', Nivel3: (row.IdNivel3 && names.get(row.IdNivel3)) || '' };
}

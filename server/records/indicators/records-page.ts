/** One page of the records behind a figure, with how many there are in all (Pagina from 1, PorPagina 50 by default). */
export function pageOf<Row>(rows: readonly Row[], page: { Pagina?: number; PorPagina?: number }) {
  const Pagina = page.Pagina ?? 1;
  const PorPagina = page.PorPagina ?? 50;
  return { data: rows.slice((Pagina - 1) * PorPagina, Pagina * PorPagina), total: rows.length, Pagina, PorPagina };
}

import type { ReportColumn } from '#sync/records/report-list-columns.ts';
import type { ReportList } from '#sync/records/report-list.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { CONSULTA_FILTERS, type ConsultaFilaByKind, type ConsultaTrabajador, DATED_CONSULTAS } from '#sync/schemas/epp-consultas.schema.ts';
import { type EppConsulta, LINE_COLUMNS } from '#sync/schemas/epp-consultas.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import type { RowLink } from '#app/ui/report-list/report-table.tsx';

const workerColumns: ReportColumn<ConsultaTrabajador>[] = [
  { header: 'RUT', value: (row) => row.RunPersona, format: 'rut' },
  { header: 'Trabajador', value: (row) => row.Nombre },
  { header: 'Cargo', value: (row) => row.Cargos },
  { header: { level: 2 }, value: (row) => row.Nivel2 },
  { header: { level: 3 }, value: (row) => row.Nivel3 },
  { header: 'RUT contratista', value: (row) => row.RutContratista, format: 'rut' },
];

const life = (months: number) => (months === 0 ? 'No vence' : months === 1 ? '1 mes' : `${months} meses`);
const actaLink = (row: { IdEntregadosEpp: string; Nombre: string }) => ({
  href: paths.eppEntregados.detalles.href(row.IdEntregadosEpp),
  label: `Acta de ${row.Nombre}`,
});
const satLink = (row: ConsultaTrabajador) => ({ href: paths.eppInformeSat.href(row.RunPersona), label: `Informe SAT de ${row.Nombre}` });

const { epp, talla, cantidad, entregado, vence, estado } = LINE_COLUMNS;
const motivo: ReportColumn<ConsultaFilaByKind['entregados']> = { header: 'Motivo', value: (row) => row.Motivo };

type ConsultaList<K extends EppConsulta> = Omit<ReportList<ConsultaFilaByKind[K]>, 'filters'> & {
  rowLink?: (row: ConsultaFilaByKind[K]) => RowLink;
};

/** What each consulta shows: its title, the list's name, the CSV's name, its empty message, its columns and links. */
const LISTS: { [K in EppConsulta]: ConsultaList<K> } = {
  asignados: {
    title: 'EPP asignado',
    label: 'EPP que cada trabajador debe tener',
    fileName: 'epp-asignado',
    empty: 'No tiene epp asignado a trabajadores con estos filtros.',
    columns: [...workerColumns, { header: 'EPP', value: (row) => row.NombreEpp }, { header: 'Vida útil', value: (row) => life(row.VidaUtilMeses) }],
    rowKey: (row) => `${row.IdPersona} ${row.IdEpp}`,
  },
  entregados: {
    title: 'EPP entregado',
    label: 'Líneas de las actas de entrega',
    fileName: 'epp-entregado',
    empty: 'No tiene epp entregado en este periodo.',
    columns: [entregado, ...workerColumns, epp, talla, cantidad, motivo, vence, estado],
    rowKey: (row) => row.IdLinea,
    rowLink: actaLink,
  },
  vencidos: {
    title: 'Trabajadores con EPP vencido',
    label: 'Trabajadores con al menos un EPP vencido',
    fileName: 'trabajadores-epp-vencido',
    empty: 'No tiene trabajadores con epp vencido.',
    columns: [
      ...workerColumns,
      { header: 'EPP vencidos', value: (row) => row.Epps },
      { header: 'Cantidad', value: (row) => row.Vencidos, format: 'number' },
      { header: 'Vencido desde', value: (row) => row.VencidoDesde, format: 'date' },
    ],
    rowKey: (row) => row.IdPersona,
    rowLink: satLink,
  },
  epp_vencidos: {
    title: 'EPP vencidos',
    label: 'EPP vencidos sin reponer, por elemento',
    fileName: 'epp-vencidos',
    empty: 'No tiene epp vencidos.',
    columns: [epp, talla, cantidad, ...workerColumns, entregado, motivo, vence, estado],
    rowKey: (row) => row.IdLinea,
    rowLink: actaLink,
  },
  pendientes_entrega: {
    title: 'EPP pendiente de entrega',
    label: 'EPP exigido que el trabajador no tiene vigente',
    fileName: 'epp-pendiente-entrega',
    empty: 'No tiene epp pendiente de entrega.',
    columns: [
      ...workerColumns,
      { header: 'EPP', value: (row) => row.NombreEpp },
      { header: 'Situación', value: (row) => (row.VencioEl ? `Vencido el ${formatDisplayDate(row.VencioEl)}` : 'Nunca entregado') },
      { header: 'Última entrega', value: (row) => row.UltimaEntrega, format: 'date' },
    ],
    rowKey: (row) => `${row.IdPersona} ${row.IdEpp}`,
    rowLink: satLink,
  },
};

/** A consulta's list: its view with the filters it draws (the delivery's dates only where they apply). */
export function consultaList<K extends EppConsulta>(kind: K): ConsultaList<K> & ReportList<ConsultaFilaByKind[K]> {
  const filters = DATED_CONSULTAS.has(kind) ? CONSULTA_FILTERS : CONSULTA_FILTERS.filter((filter) => filter.kind !== 'days');
  return { ...(LISTS[kind] as ConsultaList<K>), filters };
}

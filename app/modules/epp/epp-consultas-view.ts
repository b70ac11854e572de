import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { VALIDITY_LABELS } from '#sync/domain/validity.ts';
import type { ConsultaFilaByKind, ConsultaTrabajador, EppConsulta } from '#sync/schemas/epp-consultas.schema.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import type { ReportColumn } from '#app/ui/report-list/server-report-list.tsx';

/** What each consulta page shows: its title, the list's name, the CSV's name, its empty message and its columns. */
export interface ConsultaView<Row> {
  title: string;
  label: string;
  fileName: string;
  empty: string;
  columns: (session: Session) => ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  rowLink?: (row: Row) => { href: string; label: string } | null;
}

const workerColumns = <Row extends ConsultaTrabajador>(session: Session): ReportColumn<Row>[] => [
  { header: 'RUT', cell: (row) => formatRut(row.RunPersona) },
  { header: 'Trabajador', cell: (row) => row.Nombre },
  { header: 'Cargo', cell: (row) => row.Cargos },
  { header: levelName(session, 2), cell: (row) => row.Nivel2 },
  { header: levelName(session, 3), cell: (row) => row.Nivel3 },
  { header: 'RUT contratista', cell: (row) => (row.RutContratista ? formatRut(row.RutContratista) : '') },
];

const expiry = (date: string | null) => (date ? formatDisplayDate(date) : 'No vence');
const life = (months: number) => (months === 0 ? 'No vence' : months === 1 ? '1 mes' : `${months} meses`);
const actaLink = (row: { IdEntregadosEpp: string; Nombre: string }) => ({
  href: paths.eppEntregados.detalles.href(row.IdEntregadosEpp),
  label: `Acta de ${row.Nombre}`,
});
const satLink = (row: ConsultaTrabajador) => ({ href: paths.eppInformeSat.href(row.RunPersona), label: `Informe SAT de ${row.Nombre}` });

type LineRow = ConsultaFilaByKind['entregados'];
const lineColumns = (session: Session, itemFirst: boolean): ReportColumn<LineRow>[] => {
  const item: ReportColumn<LineRow>[] = [
    { header: 'EPP', cell: (row) => row.NombreEpp },
    { header: 'Talla', cell: (row) => row.Talla },
    { header: 'Cantidad', cell: (row) => String(row.Cantidad) },
  ];
  const dates: ReportColumn<LineRow>[] = [
    { header: 'Entregado el', cell: (row) => formatDisplayDate(row.Fecha) },
    { header: 'Motivo', cell: (row) => row.Motivo },
    { header: 'Vence el', cell: (row) => expiry(row.VenceEl) },
    { header: 'Estado', cell: (row) => VALIDITY_LABELS[row.Estado] },
  ];
  return itemFirst
    ? [...item, ...workerColumns<LineRow>(session), ...dates]
    : [...dates.slice(0, 1), ...workerColumns<LineRow>(session), ...item, ...dates.slice(1)];
};

export const CONSULTA_VIEWS: { [K in EppConsulta]: ConsultaView<ConsultaFilaByKind[K]> } = {
  asignados: {
    title: 'EPP asignado',
    label: 'EPP que cada trabajador debe tener',
    fileName: 'epp-asignado',
    empty: 'No tiene epp asignado a trabajadores con estos filtros.',
    columns: (session) => [
      ...workerColumns(session),
      { header: 'EPP', cell: (row) => row.NombreEpp },
      { header: 'Vida útil', cell: (row) => life(row.VidaUtilMeses) },
    ],
    rowKey: (row) => `${row.IdPersona} ${row.IdEpp}`,
  },
  entregados: {
    title: 'EPP entregado',
    label: 'Líneas de las actas de entrega',
    fileName: 'epp-entregado',
    empty: 'No tiene epp entregado en este periodo.',
    columns: (session) => lineColumns(session, false),
    rowKey: (row) => row.IdLinea,
    rowLink: actaLink,
  },
  vencidos: {
    title: 'Trabajadores con EPP vencido',
    label: 'Trabajadores con al menos un EPP vencido',
    fileName: 'trabajadores-epp-vencido',
    empty: 'No tiene trabajadores con epp vencido.',
    columns: (session) => [
      ...workerColumns(session),
      { header: 'EPP vencidos', cell: (row) => row.Epps },
      { header: 'Cantidad', cell: (row) => String(row.Vencidos) },
      { header: 'Vencido desde', cell: (row) => formatDisplayDate(row.VencidoDesde) },
    ],
    rowKey: (row) => row.IdPersona,
    rowLink: satLink,
  },
  epp_vencidos: {
    title: 'EPP vencidos',
    label: 'EPP vencidos sin reponer, por elemento',
    fileName: 'epp-vencidos',
    empty: 'No tiene epp vencidos.',
    columns: (session) => lineColumns(session, true),
    rowKey: (row) => row.IdLinea,
    rowLink: actaLink,
  },
  pendientes_entrega: {
    title: 'EPP pendiente de entrega',
    label: 'EPP exigido que el trabajador no tiene vigente',
    fileName: 'epp-pendiente-entrega',
    empty: 'No tiene epp pendiente de entrega.',
    columns: (session) => [
      ...workerColumns(session),
      { header: 'EPP', cell: (row) => row.NombreEpp },
      { header: 'Situación', cell: (row) => (row.VencioEl ? `Vencido el ${formatDisplayDate(row.VencioEl)}` : 'Nunca entregado') },
      { header: 'Última entrega', cell: (row) => (row.UltimaEntrega ? formatDisplayDate(row.UltimaEntrega) : '') },
    ],
    rowKey: (row) => `${row.IdPersona} ${row.IdEpp}`,
    rowLink: satLink,
  },
};

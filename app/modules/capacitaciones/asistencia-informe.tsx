import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatGrade, formatNumber } from '#sync/domain/number-format.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { TRAINING_STATE_LABELS } from '#sync/domain/training-rules.ts';
import type { InformeBody, InformeFila } from '#sync/schemas/capacitaciones-informes.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import type { ReportColumn } from '#sync/records/report-list-columns.ts';
import { ServerReportList } from '#app/ui/report-list/server-report-list.tsx';

/** The report's filters as the page sets them (the server's body without paging). */
export type InformeFilters = Partial<Omit<InformeBody, 'Pagina' | 'PorPagina'>>;

/**
 * Attendance of realised sessions asked to the server (spec informes): the trainings report and every dashboard
 * drill-down, a page at a time, exported whole, each line with the person's certificate.
 */
export function AttendanceReport({
  label,
  filters,
  fileName,
  headed = true,
}: {
  label: string;
  filters: InformeFilters;
  fileName: string;
  headed?: boolean;
}) {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const columns: ReportColumn<InformeFila>[] = [
    { header: 'Realizada el', value: (row) => formatDisplayDate(row.FechaRealizacion) },
    { header: 'Capacitación', value: (row) => row.Tema, wrap: true },
    { header: 'Tipo', value: (row) => row.TipoCapacitacion, wrap: true },
    { header: 'Categoría', value: (row) => row.Categoria, wrap: true },
    { header: 'Horas', value: (row) => formatNumber(row.DuracionHoras, Number.isInteger(row.DuracionHoras) ? 0 : 1) },
    { header: 'RUT', value: (row) => formatRut(row.RunPersona) },
    { header: 'Nombre', value: (row) => row.Nombre, wrap: true },
    { header: 'Cargo', value: (row) => row.Cargo, wrap: true },
    { header: levelName(session, 2), value: (row) => row.Nivel2, wrap: true },
    { header: levelName(session, 3), value: (row) => row.Nivel3, wrap: true },
    { header: 'Nota', value: (row) => (row.Nota === null ? '' : formatGrade(row.Nota)) },
    { header: 'Estado', value: (row) => TRAINING_STATE_LABELS[row.Estado] },
    {
      header: 'Vence el',
      value: (row) => (row.FechaVencimiento ? formatDisplayDate(row.FechaVencimiento) : row.Estado === 'reprobada' ? '' : 'Indefinida'),
    },
  ];
  return (
    <ServerReportList
      label={label}
      queryKey={['capacitaciones', company, filters]}
      fetchPage={(page, signal) =>
        apiRequest<ReportListAnswer<InformeFila>>(`/capacitaciones/informes/informe/${company}`, {
          method: 'POST',
          body: { ...filters, ...page },
          signal,
        })
      }
      columns={columns}
      rowKey={(row) => row.Id}
      rowLink={(row) => ({ href: paths.pdf.report.href('capacitacion', company, row.Id), label: `Certificado de ${row.Nombre}` })}
      fileName={fileName}
      emptyMessage="Ninguna asistencia coincide con los filtros."
      headed={headed}
    />
  );
}

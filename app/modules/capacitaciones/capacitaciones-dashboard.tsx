import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { UNTRAINED_RECORDS, type UntrainedWorkerRow } from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { dashboardQueryString } from '#app/ui/charts/dashboard-filters.ts';
import { type DashboardIndicator, DashboardPage, type DrillDown } from '#app/ui/charts/dashboard-page.tsx';
import { type ReportColumn, ServerReportList } from '#app/ui/report-list/server-report-list.tsx';
import { AttendanceReport } from './asistencia-informe.tsx';

/** Every indicator of the spec's list, in the order a prevention expert reads them. */
const INDICATORS: DashboardIndicator[] = [
  { name: 'CumplimientoPrograma', title: 'Cumplimiento del programa', kind: 'barras' },
  { name: 'ProgramaMesActual', title: 'Programa del mes', kind: 'barras' },
  { name: 'TotalActividades', title: 'Capacitaciones realizadas', kind: 'barras' },
  { name: 'TotalAsistentes', title: 'Asistencias', kind: 'barras' },
  { name: 'HHCapacitacion', title: 'Horas hombre de capacitación', kind: 'barras' },
  { name: 'HHPromedio', title: 'Horas hombre promedio por asistente', kind: 'barras' },
  { name: 'TasaCapacitacion', title: 'Tasa de capacitación (HH por trabajador)', kind: 'barras' },
  { name: 'Cobertura', title: 'Cobertura', kind: 'torta' },
  { name: 'HHTipo', title: 'Horas hombre por tipo', kind: 'barras-horizontales' },
  { name: 'HHCargo', title: 'Horas hombre por cargo', kind: 'barras-horizontales' },
  { name: 'ProgramaAnual', title: 'Programa anual', kind: 'barras' },
  { name: 'CumplimientoAnual', title: 'Cumplimiento anual', kind: 'lineas' },
  { name: 'HHAnual', title: 'Horas hombre anuales', kind: 'barras' },
  { name: 'estadoVigencias', title: 'Estado de vigencias', kind: 'torta' },
];

/** The coverage's "Sin capacitación" slice: the workers of the scope with no training in the range, to train next. */
function UntrainedWorkers({ selection }: { selection: DrillDown }) {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const query = dashboardQueryString(selection.filters);
  const columns: ReportColumn<UntrainedWorkerRow>[] = [
    { header: 'Trabajador', cell: (row) => row.Nombre, wrap: true },
    { header: 'RUT', cell: (row) => formatRut(row.RunPersona) },
    { header: 'Cargo', cell: (row) => row.Cargos, wrap: true },
    { header: levelName(session, 2), cell: (row) => row.Nivel2, wrap: true },
    { header: levelName(session, 3), cell: (row) => row.Nivel3, wrap: true },
    { header: 'Última capacitación', cell: (row) => (row.UltimaCapacitacion ? formatDisplayDate(row.UltimaCapacitacion) : 'Nunca') },
  ];
  return (
    <ServerReportList<UntrainedWorkerRow>
      label="Trabajadores sin capacitación en el período"
      queryKey={['capacitaciones-sin-capacitacion', company, query]}
      fetchPage={(page, signal) =>
        apiRequest<ReportListAnswer<UntrainedWorkerRow>>(
          `/capacitaciones/dashboard/registros/sin-capacitacion/${company}?${query}&Pagina=${page.Pagina}&PorPagina=${page.PorPagina}`,
          { signal },
        )
      }
      columns={columns}
      rowKey={(row) => row.IdPersona}
      rowLink={(row) => ({ href: paths.trabajadores.detalles.href(row.IdPersona), label: `Ver a ${row.Nombre}` })}
      fileName={`capacitaciones-sin-capacitacion-${selection.filters.start}-al-${selection.filters.end}`}
      emptyMessage="Todos los trabajadores del alcance tienen una capacitación en el período."
      headed={false}
    />
  );
}

const isUntrained = (selection: DrillDown) => selection.registros.sinCapacitacion === UNTRAINED_RECORDS.sinCapacitacion;

/** `/dashboard/capacitaciones`: the trainings dashboard on the shared chart kit; each chart opens its attendance. */
export function CapacitacionesDashboardPage() {
  const company = useRequiredSession().empresa.IdEmpresa;
  return (
    <DashboardPage
      title="Dashboard de capacitaciones"
      queryKey="capacitaciones"
      indicators={INDICATORS}
      load={(name, filters, signal) =>
        apiRequest<DashboardAnswer>(`/capacitaciones/dashboard/${name}/${company}?${dashboardQueryString(filters)}`, { signal })
      }
      records={(selection: DrillDown) =>
        isUntrained(selection) ? (
          <UntrainedWorkers selection={selection} />
        ) : (
          <AttendanceReport
            label={`Asistencias de ${selection.indicator.title.toLocaleLowerCase('es')}`}
            fileName={`capacitaciones-${selection.indicator.name}`}
            filters={{ idNv2: selection.filters.nv2, idNv3: selection.filters.nv3, ...selection.registros }}
            headed={false}
          />
        )
      }
    />
  );
}

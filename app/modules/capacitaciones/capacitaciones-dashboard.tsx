import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { dashboardQueryString } from '#app/ui/charts/dashboard-filters.ts';
import { type DashboardIndicator, DashboardPage, type DrillDown } from '#app/ui/charts/dashboard-page.tsx';
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

/** `/dashboard/capacitaciones`: the trainings dashboard on the shared chart kit; each chart opens its attendance. */
export function CapacitacionesDashboardPage() {
  const company = useRequiredSession().empresa.IdEmpresa;
  return (
    <DashboardPage
      title="Dashboard de capacitaciones"
      queryKey="capacitaciones"
      indicators={INDICATORS}
      load={(name, filters, signal) => apiRequest<DashboardAnswer>(`/capacitaciones/dashboard/${name}/${company}?${dashboardQueryString(filters)}`, { signal })}
      records={(selection: DrillDown) => (
        <AttendanceReport
          label={`Asistencias de ${selection.indicator.title.toLocaleLowerCase('es')}`}
          fileName={`capacitaciones-${selection.indicator.name}`}
          filters={{ idNv2: selection.filters.nv2, idNv3: selection.filters.nv3, ...selection.registros }}
        />
      )}
    />
  );
}

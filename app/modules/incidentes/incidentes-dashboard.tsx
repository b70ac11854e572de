import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AccidentIndicator } from '#sync/schemas/accidentes-dashboard.schema.ts';
import { apiRequest } from '#app/data/api-client.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { dashboardQueryString } from '#app/ui/charts/dashboard-filters.ts';
import { type DashboardIndicator, DashboardPage } from '#app/ui/charts/dashboard-page.tsx';
import { AccidentRecords } from './accident-records.tsx';

/**
 * Every indicator of the spec's accident dashboard, in the order a prevention expert reads them: the rates first
 * (each month and the last twelve months, with two decimals as the mutualidades publish them), what they divide by,
 * then the counts.
 */
const INDICATORS: (DashboardIndicator & { name: AccidentIndicator })[] = [
  { name: 'tasa_accidentabilidad', title: 'Tasa de accidentabilidad', kind: 'lineas', decimals: 2 },
  { name: 'tasa_siniestralidad', title: 'Tasa de siniestralidad', kind: 'lineas', decimals: 2 },
  { name: 'tasa_frecuencia', title: 'Índice de frecuencia', kind: 'lineas', decimals: 2 },
  { name: 'tasa_gravedad', title: 'Índice de gravedad', kind: 'lineas', decimals: 2 },
  { name: 'dotacion', title: 'Dotación', kind: 'barras' },
  { name: 'horas_hombre', title: 'Horas hombre', kind: 'barras' },
  { name: 'dias_perdidos', title: 'Días perdidos', kind: 'barras' },
  { name: 'accidentes_acumulados', title: 'Accidentes acumulados', kind: 'barras' },
  { name: 'tabla_evento', title: 'Casos por clasificación', kind: 'barras-horizontales' },
  { name: 'tipo_evento', title: 'Casos por tipo de evento', kind: 'barras-horizontales' },
  { name: 'riesgo_especifico', title: 'Casos por riesgo específico', kind: 'barras-horizontales' },
  { name: 'accion_subestandar', title: 'Acciones subestándares', kind: 'barras-horizontales' },
  { name: 'condicion_subestandar', title: 'Condiciones subestándares', kind: 'barras-horizontales' },
  { name: 'factor_personal', title: 'Factores personales', kind: 'barras-horizontales' },
  { name: 'factor_trabajo', title: 'Factores del trabajo', kind: 'barras-horizontales' },
  { name: 'falta_control', title: 'Falta de control', kind: 'barras-horizontales' },
];

/** `/dashboard/incidentes`: the accident dashboard on the shared chart kit; each figure opens its cases and months. */
export function IncidentesDashboardPage() {
  const company = useRequiredSession().empresa.IdEmpresa;
  return (
    <DashboardPage
      title="Dashboard de incidentes"
      queryKey="incidentes"
      indicators={INDICATORS}
      load={(name, filters, signal) =>
        apiRequest<DashboardAnswer>(`/accidentes/dashboard/${name}/${company}?${dashboardQueryString(filters)}`, { signal })
      }
      records={(selection) => (
        <AccidentRecords key={JSON.stringify([selection.indicator.name, selection.registros])} selection={selection} />
      )}
    />
  );
}

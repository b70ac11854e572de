import * as v from 'valibot';
import { defineDashboard } from '../records/indicator.ts';
import { DashboardQuerySchema, WorkerColumnEntries } from './dashboard-filters.schema.ts';
import { ReportPageQueryEntries, reportListAnswer } from './report-list.schema.ts';

const bars = 'barras' as const;

/**
 * The spec's trainings dashboard (part 2, "Trainings", Dashboard), in the order a prevention expert reads it. Each
 * indicator answers `{ statusCode, total, unidad, data: [{ Nombre, Valor, Valor2?, registros? }] }`, where
 * `registros` are the report filters that list the attendance behind the value.
 */
export const CAPACITACIONES_DASHBOARD = defineDashboard({
  base: 'capacitaciones',
  title: 'Dashboard de capacitaciones',
  permission: '/dashboard/capacitaciones',
  tag: 'dashboard capacitaciones',
  filtersNote: '?nv2 &nv3 &start &end (AAAA-MM-DD; por defecto del primer día del mes a hoy) &month (AAAA-MM) &RutContratista &RutCliente',
  indicators: [
    {
      name: 'CumplimientoPrograma',
      title: 'Cumplimiento del programa',
      kind: bars,
      summary: 'Líneas del programa de los meses del rango: programadas y realizadas; total en %',
    },
    {
      name: 'ProgramaMesActual',
      title: 'Programa del mes',
      kind: bars,
      summary: 'Programa del mes (month, por defecto el actual): programadas, realizadas y pendientes',
    },
    { name: 'TotalActividades', title: 'Capacitaciones realizadas', kind: bars, summary: 'Capacitaciones realizadas en el rango, por mes' },
    {
      name: 'TotalAsistentes',
      title: 'Asistencias',
      kind: bars,
      summary: 'Asistencias registradas en el rango, por mes',
      monthlySummary: 'capacitaciones.asistencias',
    },
    {
      name: 'HHCapacitacion',
      title: 'Horas hombre de capacitación',
      kind: bars,
      summary: 'Horas hombre de capacitación (horas del tipo por asistente) por mes del rango',
      monthlySummary: 'capacitaciones.hh',
    },
    { name: 'HHPromedio', title: 'Horas hombre promedio por asistente', kind: bars, summary: 'Horas hombre promedio por asistente, por mes del rango' },
    {
      name: 'TasaCapacitacion',
      title: 'Tasa de capacitación (HH por trabajador)',
      kind: bars,
      summary: 'Horas hombre de capacitación por trabajador activo del alcance, por mes del rango',
      monthlySummary: 'capacitaciones.hh',
    },
    {
      name: 'Cobertura',
      title: 'Cobertura',
      kind: 'torta',
      summary: 'Trabajadores capacitados en el rango contra la dotación activa del alcance, en %',
      formula: 'Trabajadores activos con asistencia a una capacitación realizada en el período × 100 / trabajadores activos',
    },
    { name: 'HHTipo', title: 'Horas hombre por tipo', kind: 'barras-horizontales', summary: 'Horas hombre por tipo de capacitación en el rango' },
    { name: 'HHCargo', title: 'Horas hombre por cargo', kind: 'barras-horizontales', summary: 'Horas hombre por cargo del asistente en el rango' },
    { name: 'ProgramaAnual', title: 'Programa anual', kind: bars, summary: 'Programa del año de month, mes a mes: programadas (Valor) y realizadas (Valor2)' },
    {
      name: 'CumplimientoAnual',
      title: 'Cumplimiento anual',
      kind: 'lineas',
      summary: 'Cumplimiento del programa de cada mes del año de month (Valor) y acumulado (Valor2), en %',
    },
    {
      name: 'HHAnual',
      title: 'Horas hombre anuales',
      kind: bars,
      summary: 'Horas hombre de cada mes del año de month',
      monthlySummary: 'capacitaciones.hh',
    },
    {
      name: 'estadoVigencias',
      title: 'Estado de vigencias',
      kind: 'torta',
      summary: 'Última capacitación válida de cada trabajador por tipo, según su estado hoy: vigente, por vencer (30 días) o vencida',
    },
  ],
});

/**
 * GET /api/capacitaciones/dashboard/registros/sin-capacitacion/{company}: the workers behind the coverage's
 * "Sin capacitación en el período" slice, a page at a time (Pagina, PorPagina): the active workers of the scope
 * (their levels now, a contractor's own) with no realised attendance in the range (start..end, the dashboard's).
 */
export const UntrainedWorkersQuerySchema = v.intersect([DashboardQuerySchema, v.object(ReportPageQueryEntries)]);
export type UntrainedWorkersQuery = v.InferOutput<typeof UntrainedWorkersQuerySchema>;

/** What the coverage's slices count: workers, while its headline is a percentage of them. */
export const COVERAGE_POINT_UNIT = 'trabajadores';

/** The drill-down filter of the slice of workers without training (its `registros`). */
export const UNTRAINED_RECORDS = { sinCapacitacion: '1' } as const;

/** One worker without training in the range. */
export const UntrainedWorkerRowSchema = v.object({
  IdPersona: v.string(),
  RunPersona: v.string(),
  Nombre: v.string(),
  /** The worker's positions, by name, and levels. */
  ...WorkerColumnEntries,
  /** The day of the worker's latest realised attendance ever (YYYY-MM-DD), or null: never trained. */
  UltimaCapacitacion: v.nullable(v.string()),
});
export type UntrainedWorkerRow = v.InferOutput<typeof UntrainedWorkerRowSchema>;

/** GET dashboard/registros/sin-capacitacion/{company}: a page of the untrained workers. */
export const UntrainedWorkersAnswerSchema = reportListAnswer(UntrainedWorkerRowSchema);

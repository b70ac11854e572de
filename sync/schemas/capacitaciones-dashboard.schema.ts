import * as v from 'valibot';
import { DashboardQuerySchema } from './dashboard-filters.schema.ts';
import { ReportPageQueryEntries, reportListAnswer } from './report-list.schema.ts';

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
  /** The worker's positions, by name, separated by "; ". */
  Cargos: v.string(),
  Nivel2: v.string(),
  Nivel3: v.string(),
  /** The day of the worker's latest realised attendance ever (YYYY-MM-DD), or null: never trained. */
  UltimaCapacitacion: v.nullable(v.string()),
});
export type UntrainedWorkerRow = v.InferOutput<typeof UntrainedWorkerRowSchema>;

/** GET dashboard/registros/sin-capacitacion/{company}: a page of the untrained workers. */
export const UntrainedWorkersAnswerSchema = reportListAnswer(UntrainedWorkerRowSchema);

import { DashboardFiltrosAnswer } from '#sync/schemas/capacitaciones-answers.schema.ts';
import {
  CAPACITACIONES_DASHBOARD,
  UntrainedWorkersAnswerSchema,
  UntrainedWorkersQuerySchema,
} from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import { DashboardQuerySchema } from '#sync/schemas/dashboard-filters.schema.ts';
import { dashboardRead, dashboardRecords, indicatorRoutes } from '#server/records/indicators/indicator-routes.ts';
import { cargoList, levelLists, typeList } from './capacitaciones-listas.ts';
import { cobertura, untrainedWorkers } from './dashboard-cobertura.ts';
import * as hours from './dashboard-horas.ts';
import * as plan from './dashboard-programa.ts';

/** The permission of the trainings dashboard (spec route /dashboard/capacitaciones). */
export const DASHBOARD_ROUTE = CAPACITACIONES_DASHBOARD.permission;

const UNTRAINED =
  'Los trabajadores de la porción «Sin capacitación en el período» de Cobertura: activos del alcance sin asistencia a una ' +
  'capacitación realizada en el rango, por apellido, con sus cargos, niveles y su última capacitación. Los filtros del ' +
  'dashboard y Pagina, PorPagina. { statusCode, data, total, Pagina, PorPagina }';

/**
 * GET /dashboard/<Indicador>/{company} for each indicator of CAPACITACIONES_DASHBOARD, its filter options and the
 * workers behind the coverage's untrained slice. Contractor and client users count only their own (server-enforced).
 */
export const dashboardRoutes = indicatorRoutes(CAPACITACIONES_DASHBOARD, DashboardQuerySchema, {
  CumplimientoPrograma: plan.cumplimientoPrograma,
  HHCapacitacion: hours.hhCapacitacion,
  HHPromedio: hours.hhPromedio,
  HHTipo: hours.hhTipo,
  ProgramaMesActual: plan.programaMesActual,
  ProgramaAnual: plan.programaAnual,
  TasaCapacitacion: hours.tasaCapacitacion,
  HHAnual: hours.hhAnual,
  CumplimientoAnual: plan.cumplimientoAnual,
  Cobertura: cobertura,
  HHCargo: hours.hhCargo,
  TotalAsistentes: hours.totalAsistentes,
  TotalActividades: hours.totalActividades,
  estadoVigencias: hours.estadoVigencias,
})
  .route(
    '/',
    dashboardRead(
      CAPACITACIONES_DASHBOARD,
      'filtros',
      { summary: 'Opciones de los filtros: { statusCode, data: { nv2, nv3, tipos, cargos } }', answer: DashboardFiltrosAnswer },
      async (c) => {
        const [levels, tipos, cargos] = await Promise.all([levelLists(c), typeList(c), cargoList(c)]);
        return { statusCode: 200 as const, data: { ...levels, tipos, cargos } };
      },
    ),
  )
  .route(
    '/',
    dashboardRecords(
      CAPACITACIONES_DASHBOARD,
      'registros/sin-capacitacion',
      { summary: UNTRAINED, answer: UntrainedWorkersAnswerSchema, query: UntrainedWorkersQuerySchema },
      (input) => untrainedWorkers(input, input.query),
    ),
  );

import { Hono } from 'hono';
import { DashboardFiltrosAnswer } from '#sync/schemas/capacitaciones-answers.schema.ts';
import { UntrainedWorkersAnswerSchema, UntrainedWorkersQuerySchema } from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import { DashboardQuerySchema } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { dashboardScope } from '#server/records/dashboard-scope.ts';
import { readRoute } from '#server/http/read-route.ts';
import { IndicatorAnswer, MasksAnswer } from '#server/records/dashboard-answers.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { cargoList, levelLists, maskList, typeList } from './capacitaciones-listas.ts';
import { cobertura, untrainedWorkers } from './dashboard-cobertura.ts';
import * as hours from './dashboard-horas.ts';
import * as plan from './dashboard-programa.ts';

/** The permission of the trainings dashboard (spec route /dashboard/capacitaciones). */
export const DASHBOARD_ROUTE = '/dashboard/capacitaciones';

const can = permissionsOf(DASHBOARD_ROUTE);
const tags = ['dashboard capacitaciones'];

/** Every indicator of the spec's list, by its name there. */
export const INDICATORS = {
  CumplimientoPrograma: {
    summary: 'Líneas del programa de los meses del rango: programadas y realizadas; total en %',
    compute: plan.cumplimientoPrograma,
  },
  HHCapacitacion: {
    summary: 'Horas hombre de capacitación (horas del tipo por asistente) por mes del rango',
    compute: hours.hhCapacitacion,
  },
  HHPromedio: { summary: 'Horas hombre promedio por asistente, por mes del rango', compute: hours.hhPromedio },
  HHTipo: { summary: 'Horas hombre por tipo de capacitación en el rango', compute: hours.hhTipo },
  ProgramaMesActual: {
    summary: 'Programa del mes (month, por defecto el actual): programadas, realizadas y pendientes',
    compute: plan.programaMesActual,
  },
  ProgramaAnual: {
    summary: 'Programa del año de month, mes a mes: programadas (Valor) y realizadas (Valor2)',
    compute: plan.programaAnual,
  },
  TasaCapacitacion: {
    summary: 'Horas hombre de capacitación por trabajador activo del alcance, por mes del rango',
    compute: hours.tasaCapacitacion,
  },
  HHAnual: { summary: 'Horas hombre de cada mes del año de month', compute: hours.hhAnual },
  CumplimientoAnual: {
    summary: 'Cumplimiento del programa de cada mes del año de month (Valor) y acumulado (Valor2), en %',
    compute: plan.cumplimientoAnual,
  },
  Cobertura: { summary: 'Trabajadores capacitados en el rango contra la dotación activa del alcance, en %', compute: cobertura },
  HHCargo: { summary: 'Horas hombre por cargo del asistente en el rango', compute: hours.hhCargo },
  TotalAsistentes: { summary: 'Asistencias registradas en el rango, por mes', compute: hours.totalAsistentes },
  TotalActividades: { summary: 'Capacitaciones realizadas en el rango, por mes', compute: hours.totalActividades },
  estadoVigencias: {
    summary: 'Última capacitación válida de cada trabajador por tipo, según su estado hoy: vigente, por vencer (30 días) o vencida',
    compute: hours.estadoVigencias,
  },
} as const;

/**
 * GET /dashboard/<Indicador>/{company}?nv2&nv3&start&end&month&RutContratista&RutCliente: each answers `{ statusCode,
 * total, unidad, data: [{ Nombre, Valor, Valor2?, registros? }] }`, where `registros` are the report filters that
 * list the records behind the value. Contractor and client users count only their own (server-enforced).
 */
export const dashboardRoutes = new Hono<AppEnv>()
  .route(
    '/',
    readRoute(
      '/dashboard/filtros/:company',
      {
        tags,
        summary: 'Opciones de los filtros: { statusCode, data: { nv2, nv3, tipos, cargos } }',
        answer: DashboardFiltrosAnswer,
        access: can('index'),
      },
      async (c) => {
        const [levels, tipos, cargos] = await Promise.all([levelLists(c), typeList(c), cargoList(c)]);
        return { statusCode: 200, data: { ...levels, tipos, cargos } };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/dashboard/mascaras/:company',
      {
        tags,
        summary: 'Nombres de los niveles 2, 3 y 4: { statusCode, data: [{ TipoNv, Nombre }] }',
        answer: MasksAnswer,
        access: can('index'),
      },
      async (c) => ({
        statusCode: 200,
        data: await maskList(c),
      }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/dashboard/registros/sin-capacitacion/:company',
      {
        tags,
        summary:
          'Los trabajadores de la porción «Sin capacitación en el período» de Cobertura: activos del alcance sin asistencia a una ' +
          'capacitación realizada en el rango, por apellido, con sus cargos, niveles y su última capacitación. Los filtros del ' +
          'dashboard y Pagina, PorPagina. { statusCode, data, total, Pagina, PorPagina }',
        answer: UntrainedWorkersAnswerSchema,
        access: can('index'),
        query: UntrainedWorkersQuerySchema,
      },
      (c, { query }) => {
        const input = { deps: c.get('deps'), scope: dashboardScope(c, query), viewer: c.get('session').viewer };
        return untrainedWorkers(input, { Pagina: query.Pagina, PorPagina: query.PorPagina });
      },
    ),
  );

for (const [name, indicator] of Object.entries(INDICATORS)) {
  const summary = `${indicator.summary}. ?nv2 &nv3 &start &end (AAAA-MM-DD; por defecto del primer día del mes a hoy) &month (AAAA-MM) &RutContratista ` +
    `&RutCliente`;
  const spec = { tags, summary, answer: IndicatorAnswer, access: can('index'), query: DashboardQuerySchema };
  const read = readRoute(`/dashboard/${name}/:company`, spec, (c, { query }) =>
    indicator.compute({ deps: c.get('deps'), scope: dashboardScope(c, query), viewer: c.get('session').viewer }),
  );
  dashboardRoutes.route('/', read);
}

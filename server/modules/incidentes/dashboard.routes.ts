import { Hono } from 'hono';
import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { NivelSchema } from '#sync/schemas/niveles.schema.ts';
import {
  ACCIDENTES_DASHBOARD_ROUTE,
  AccidentRecordsAnswerSchema,
  AccidentRecordsQuerySchema,
} from '#sync/schemas/accidentes-dashboard.schema.ts';
import { DashboardQuerySchema } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { levelLists } from '#server/records/dashboard-levels.ts';
import { dashboardScope } from '#server/records/dashboard-scope.ts';
import { IndicatorAnswer, MasksAnswer } from '#server/records/dashboard-answers.ts';
import { readRoute } from '#server/http/read-route.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { ACCIDENT_INDICATOR_ANSWERS } from './dashboard-indicadores.ts';
import { accidentRecords } from './dashboard-registros.ts';

const can = permissionsOf(ACCIDENTES_DASHBOARD_ROUTE);
const tags = ['dashboard incidentes'];
const FiltersAnswer = dataAnswer(v.object({ nv2: v.array(NivelSchema), nv3: v.array(NivelSchema) }));
const FILTERS = '?nv2 &nv3 &start &end (AAAA-MM-DD; por defecto del primer día del mes a hoy) &month (AAAA-MM) &RutContratista &RutCliente';

/**
 * GET /api/accidentes/dashboard/<indicador>/{company}: each indicator of the spec's list answers a DashboardAnswer
 * (with `formula` and `avisos`); /registros/{company}?indicador=... the cases and months behind a figure. Contractor
 * and client users count only their own (server-enforced, dashboardScope).
 */
export const incidentesDashboardRoutes = new Hono<AppEnv>()
  .use('/dashboard/*', requireSession)
  .route(
    '/',
    readRoute(
      '/dashboard/filtros/:company',
      { tags, summary: 'Opciones de los filtros: { statusCode, data: { nv2, nv3 } }', answer: FiltersAnswer, access: can('index') },
      async (c) => ({ statusCode: 200, data: await levelLists(c) }),
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
        data: await listMasks(c.get('deps').db, c.get('session').company),
      }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/dashboard/registros/:company',
      {
        tags,
        summary: `Casos y meses detrás de una cifra: { statusCode, titulo, formula, numerador, denominador, valor, casos, meses }. ?indicador (sin él, ` +
          `todos los casos del período) ${FILTERS} y los registros del punto (desde, hasta, Mes, Clasificacion, TipoEvento, IdRiesgoEspecifico, ` +
          `IdActo, IdCondicion, IdFactor, IdFaltaControl)`,
        answer: AccidentRecordsAnswerSchema,
        access: can('index'),
        query: AccidentRecordsQuerySchema,
      },
      (c, { query }) => accidentRecords({ deps: c.get('deps'), scope: dashboardScope(c, query), viewer: c.get('session').viewer }, query),
    ),
  );

for (const [name, indicator] of Object.entries(ACCIDENT_INDICATOR_ANSWERS)) {
  const spec = {
    tags,
    summary: `${indicator.summary}. ${FILTERS}`,
    answer: IndicatorAnswer,
    access: can('index'),
    query: DashboardQuerySchema,
  };
  const read = readRoute(`/dashboard/${name}/:company`, spec, (c, { query }) =>
    indicator.compute({ deps: c.get('deps'), scope: dashboardScope(c, query), viewer: c.get('session').viewer }),
  );
  incidentesDashboardRoutes.route('/', read);
}

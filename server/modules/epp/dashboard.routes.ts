import { Hono } from 'hono';
import { EppDashboardFiltersAnswer } from '#sync/schemas/epp-answers.schema.ts';
import {
  EPP_DASHBOARD_ROUTE,
  EppDashboardQuerySchema,
  EppRecordsAnswerSchema,
  EppRecordsQuerySchema,
} from '#sync/schemas/epp-dashboard.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { dashboardScope } from '#server/records/dashboard-scope.ts';
import { readRoute } from '#server/http/read-route.ts';
import { IndicatorAnswer, MasksAnswer } from '#server/records/dashboard-answers.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { EPP_INDICATOR_ANSWERS } from './dashboard-indicadores.ts';
import { eppRecords } from './dashboard-registros.ts';

const can = permissionsOf(EPP_DASHBOARD_ROUTE);
const tags = ['dashboard epp'];
const FILTERS =
  '?nv2 &nv3 &start &end (AAAA-MM-DD; por defecto del primer día del mes a hoy; los estados se leen el día end) &month &RutContratista &RutCliente &IdCargo';

/**
 * GET /api/epp/dashboard/<indicador>/{company} (spec part 2, "EPP", Dashboard: all with Cargo): each indicator
 * answers a DashboardAnswer with its `formula`; /registros/{company}?indicador=... the records behind a figure.
 * Contractor and client users count only their own (server-enforced, dashboardScope).
 */
export const eppDashboardRoutes = new Hono<AppEnv>()
  .use('/dashboard/*', requireSession)
  .route(
    '/',
    readRoute(
      '/dashboard/filtros/:company',
      {
        tags,
        summary: 'Opciones de los filtros: { statusCode, data: { nv2, nv3, cargos } }',
        answer: EppDashboardFiltersAnswer,
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const [levels, cargos] = await Promise.all([
          records.niveles.listActive(db, company, viewer),
          records.cargos.listActive(db, company, viewer),
        ]);
        return {
          statusCode: 200,
          data: {
            nv2: levels.filter((level) => level.TipoNivel === 2),
            nv3: levels.filter((level) => level.TipoNivel === 3),
            cargos: cargos
              .map((cargo) => ({ IdCargo: cargo.IdCargo, NombreCargo: cargo.NombreCargo }))
              .sort((a, b) => a.NombreCargo.localeCompare(b.NombreCargo, 'es')),
          },
        };
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
        summary: `Registros detrás de una cifra, por páginas: { statusCode, titulo, formula, data, total, Pagina, PorPagina }. ?indicador (sin él, ` +
          `todas las líneas entregadas del período) ${FILTERS} &Tipo y los registros del punto (desde, hasta, IdEpp, Mes, IdNivel, Motivo, ` +
          `Capacitado) &Pagina &PorPagina`,
        answer: EppRecordsAnswerSchema,
        access: can('index'),
        query: EppRecordsQuerySchema,
      },
      (c, { query }) => eppRecords({ deps: c.get('deps'), scope: dashboardScope(c, query), query }, query),
    ),
  );

for (const [name, indicator] of Object.entries(EPP_INDICATOR_ANSWERS)) {
  const summary = `${indicator.summary}. ${FILTERS}${name === 'no_uso_grafico' ? ' &Tipo' : ''}`;
  const spec = { tags, summary, answer: IndicatorAnswer, access: can('index'), query: EppDashboardQuerySchema };
  eppDashboardRoutes.route(
    '/',
    readRoute(`/dashboard/${name}/:company`, spec, (c, { query }) =>
      indicator.compute({ deps: c.get('deps'), scope: dashboardScope(c, query), query }),
    ),
  );
}

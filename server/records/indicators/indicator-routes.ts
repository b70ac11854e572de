import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import type { DashboardDef } from '#sync/records/indicator.ts';
import type { DashboardAnswer, DashboardQuery } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { IndicatorAnswer, MasksAnswer } from '../dashboard-answers.ts';
import { listMasks } from '../level-masks.ts';
import { indicatorInput, type IndicatorInput } from './indicator-input.ts';

type QuerySchema = v.GenericSchema<Record<string, unknown>, DashboardQuery>;
type Read<Answer extends v.GenericSchema, Input> = (input: Input) => Promise<v.InferOutput<Answer>>;

interface ReadSpec<Answer extends v.GenericSchema, Query extends QuerySchema | undefined> {
  summary: string;
  answer: Answer;
  query?: Query;
}

const MASKS = 'Nombres de los niveles 2, 3 y 4: { statusCode, data: [{ TipoNv, Nombre }] }';

const specOf = <Answer extends v.GenericSchema, Query extends QuerySchema | undefined>(
  dashboard: DashboardDef,
  spec: ReadSpec<Answer, Query>,
) => ({
  ...spec,
  tags: [dashboard.tag],
  access: permissionsOf(dashboard.permission)('index'),
});

/**
 * A dashboard's calls from its description: GET /dashboard/<indicador>/{company} for each indicator (its summary,
 * then the dashboard's filters and its own), answering what `compute` counts, and /dashboard/mascaras/{company}; all
 * behind the session and the dashboard's `index` permission. The module chains its filter options and its records.
 */
export function indicatorRoutes<Name extends string, Query extends QuerySchema>(
  dashboard: DashboardDef<Name>,
  query: Query,
  compute: Record<Name, (input: IndicatorInput<v.InferOutput<Query>>) => Promise<DashboardAnswer>>,
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
    .use('/dashboard/*', requireSession)
    .route(
      '/',
      dashboardRead(dashboard, 'mascaras', { summary: MASKS, answer: MasksAnswer }, async (c) => ({
        statusCode: 200 as const,
        data: await listMasks(c.get('deps').db, c.get('session').company),
      })),
    );
  for (const indicator of dashboard.indicators) {
    const own = (indicator.filters ?? []).map((name) => ` &${name}`).join('');
    const spec = specOf(dashboard, { summary: `${indicator.summary}. ${dashboard.filtersNote}${own}`, answer: IndicatorAnswer, query });
    routes.route('/', readRoute(`/dashboard/${indicator.name}/:company`, spec, (c, read) => compute[indicator.name](indicatorInput(c, read.query))));
  }
  return routes;
}

/** Another read of the dashboard without a query (its filter options): GET /dashboard/<path>/{company}. */
export function dashboardRead<Answer extends v.GenericSchema>(
  dashboard: DashboardDef,
  path: string,
  spec: ReadSpec<Answer, undefined>,
  read: (c: Context<AppEnv>) => Promise<v.InferOutput<Answer>>,
): Hono<AppEnv> {
  return readRoute(`/dashboard/${path}/:company`, specOf(dashboard, spec), (c) => read(c));
}

/** The records behind a dashboard's points: GET /dashboard/<path>/{company} with the dashboard's filters and the point's. */
export function dashboardRecords<Answer extends v.GenericSchema, Query extends QuerySchema>(
  dashboard: DashboardDef,
  path: string,
  spec: ReadSpec<Answer, Query> & { query: Query },
  read: Read<Answer, IndicatorInput<v.InferOutput<Query>>>,
): Hono<AppEnv> {
  return readRoute(`/dashboard/${path}/:company`, specOf(dashboard, spec), (c, input) =>
    read(indicatorInput(c, input.query as v.InferOutput<Query>)),
  );
}

import type { Context } from 'hono';
import type { DashboardQuery } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AppDeps, AppEnv } from '#server/app-env.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { dashboardScope, type DashboardScope } from '../dashboard-scope.ts';
import { sharedFigures } from '../dashboard-memo.ts';

/** What an indicator and the records behind it read: the deps, the request's scope, its parsed query and who asks. */
export interface IndicatorInput<Query = DashboardQuery> {
  deps: AppDeps;
  scope: DashboardScope;
  query: Query;
  viewer: Viewer;
}

export function indicatorInput<Query extends DashboardQuery>(c: Context<AppEnv>, query: Query): IndicatorInput<Query> {
  return { deps: c.get('deps'), scope: dashboardScope(c, query), query, viewer: c.get('session').viewer };
}

/**
 * A figure set the indicators of a page share, keyed by what it is (`parts`) and the scope's filters and parties:
 * computed once per burst (dashboard-memo.ts).
 */
export function scopedFigures<T>(input: Pick<IndicatorInput<unknown>, 'deps' | 'scope'>, parts: readonly unknown[], compute: () => Promise<T>): Promise<T> {
  const { company, filters, contractor, client } = input.scope;
  return sharedFigures(input.deps.db, company, JSON.stringify([...parts, filters, contractor, client]), compute);
}

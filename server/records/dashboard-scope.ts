import { NOBODY } from '#server/db/portable-sql.ts';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { toWireDate } from '#sync/domain/dates.ts';
import { type DashboardFilters, dashboardFilters, type DashboardQuery } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { Viewer } from '../tenancy/viewer.ts';

/**
 * What every dashboard reads from a request: its filters with the spec's defaults, and whose records it may count.
 * Spec part 1, section 6: a contractor user is limited to its contractor and a client user to its client, whatever
 * the query says; a company user may narrow to one contractor or one client.
 */
export interface DashboardScope {
  company: string;
  filters: DashboardFilters;
  /** The contractor RUT the figures are limited to, or null. */
  contractor: string | null;
  /** The client id the figures are limited to, or null. */
  client: string | null;
  /** Today in Chile (YYYY-MM-DD): the day validity states are read on. */
  today: string;
}

/** An empty RUT or client id of a user set up without one matches nothing, not everything. */

export function dashboardScope(c: Context<AppEnv>, query: DashboardQuery): DashboardScope {
  const now = c.get('deps').now();
  const { company, viewer } = c.get('session');
  const filters = dashboardFilters(query, now);
  return { company, filters, ...partiesOf(viewer, filters), today: toWireDate(now) };
}

export function partiesOf(viewer: Viewer, filters: Pick<DashboardFilters, 'rutContratista' | 'rutCliente'>): { contractor: string | null; client: string | null } {
  if (viewer.kind === 'contratista') return { contractor: viewer.rut || NOBODY, client: null };
  if (viewer.kind === 'cliente') return { contractor: null, client: viewer.id || NOBODY };
  return { contractor: filters.rutContratista, client: filters.rutCliente };
}

/** The first day after a YYYY-MM month, to compare wire dates with `<`. */
export function monthEnd(month: string): string {
  const [year, value] = month.split('-').map(Number) as [number, number];
  return value === 12 ? `${year + 1}-01-01` : `${year}-${String(value + 1).padStart(2, '0')}-01`;
}

/**
 * The company's active workers in the scope (its levels; a contractor's own): the headcount that coverage and
 * rates divide by. Workers belong to a contractor or to the company, never to a client, so a client's scope
 * counts the whole company.
 */
export async function activeWorkerCount(db: Db, scope: Pick<DashboardScope, 'company' | 'filters' | 'contractor'>): Promise<number> {
  let query = db.selectFrom('trabajadores').select(sql<number>`count(*)`.as('total')).where('IdEmpresa', '=', scope.company).where('Estado', '=', 1);
  if (scope.filters.nv2) query = query.where('IdNivel2', '=', scope.filters.nv2);
  if (scope.filters.nv3) query = query.where('IdNivel3', '=', scope.filters.nv3);
  if (scope.contractor) query = query.where('RutContratista', '=', scope.contractor);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

import { NOBODY } from '#server/db/portable-sql.ts';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { toWireDate } from '#sync/domain/dates.ts';
import { type DashboardFilters, dashboardFilters, type DashboardQuery } from '#sync/schemas/dashboard-filters.schema.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import { workersOfScope } from './indicators/scope-workers.ts';

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

type ScopeColumn = 'IdNivel2' | 'IdNivel3' | 'RutContratista' | 'IdCliente';

/** The scope's chosen levels and parties as conditions on a record that keeps its own (an accident, an inspection). */
export function scopeConditions(scope: Pick<DashboardScope, 'filters' | 'contractor' | 'client'>): [ScopeColumn, string][] {
  const { filters, contractor, client } = scope;
  const all: [ScopeColumn, string | null][] = [
    ['IdNivel2', filters.nv2],
    ['IdNivel3', filters.nv3],
    ['RutContratista', contractor],
    ['IdCliente', client],
  ];
  return all.filter((condition): condition is [ScopeColumn, string] => Boolean(condition[1]));
}

/** The first day after a YYYY-MM month, to compare wire dates with `<`. */
export function monthEnd(month: string): string {
  const [year, value] = month.split('-').map(Number) as [number, number];
  return value === 12 ? `${year + 1}-01-01` : `${year}-${String(value + 1).padStart(2, '0')}-01`;
}

const DAY_MS = 86_400_000;

/** The last day (YYYY-MM-DD) of a YYYY-MM month. */
export function lastDayOf(month: string): string {
  return new Date(Date.parse(`${monthEnd(month)}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * The company's active workers in the scope (its levels; a contractor's own): the headcount that coverage and
 * rates divide by. Workers belong to a contractor or to the company, never to a client, so a client's scope
 * counts the whole company.
 */
export async function activeWorkerCount(db: Db, scope: Pick<DashboardScope, 'company' | 'filters' | 'contractor'>): Promise<number> {
  const query = workersOfScope(db, scope).select(sql<number>`count(*)`.as('total')).where('trabajadores.Estado', '=', 1);
  return Number((await query.executeTakeFirstOrThrow()).total);
}

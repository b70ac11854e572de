import type { Db } from '#server/db/database.ts';
import type { DashboardScope } from '../dashboard-scope.ts';

/** What a records list shows of a worker: who they are (personName) and their levels. */
export const WORKER_COLUMNS = ['IdPersona', 'RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'IdNivel2', 'IdNivel3'] as const;

/**
 * The company's workers of the scope's levels (their levels now) and, when it has one, of its contractor: the query
 * a figure over workers narrows by, active or not as the figure says. Workers belong to a contractor or to the
 * company, never to a client.
 */
export function workersOfScope(db: Db, scope: Pick<DashboardScope, 'company' | 'filters' | 'contractor'>) {
  let query = db.selectFrom('trabajadores').where('trabajadores.IdEmpresa', '=', scope.company);
  if (scope.filters.nv2) query = query.where('trabajadores.IdNivel2', '=', scope.filters.nv2);
  if (scope.filters.nv3) query = query.where('trabajadores.IdNivel3', '=', scope.filters.nv3);
  if (scope.contractor) query = query.where('trabajadores.RutContratista', '=', scope.contractor);
  return query;
}

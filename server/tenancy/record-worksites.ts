import { entityOf, isEntityTable } from '#sync/records/entities.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { type DeviceScopeQuery, keepInWorksites, namesOwnWorksite, type WorksiteLevels, worksiteOfRow } from '#sync/records/worksites.ts';
import type { Db } from '../db/database.ts';

/** Past this many workers a download reads the levels of the whole company at once rather than by id. */
const BY_ID_LIMIT = 500;

/** The worksite levels of the company's workers: these ones, or all. */
export async function workerLevels(db: Db, company: string, ids?: readonly string[]): Promise<Map<string, WorksiteLevels>> {
  if (ids?.length === 0) return new Map();
  const rows = await db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'IdNivel2', 'IdNivel3'])
    .where('IdEmpresa', '=', company)
    .$if(ids !== undefined && ids.length <= BY_ID_LIMIT, (query) => query.where('IdPersona', 'in', [...ids!]))
    .execute();
  return new Map(rows.map((row) => [row.IdPersona, { nivel2: row.IdNivel2, nivel3: row.IdNivel3 }]));
}

/**
 * Where a row of `table` is for field devices (SPEC PL13, PL16), as its change is stamped; undefined for a table
 * every device holds whole.
 */
export async function worksiteOfChange(db: Db, company: string, table: string, row: object): Promise<WorksiteLevels | undefined> {
  if (!isEntityTable(table)) return undefined;
  const { worksite } = entityOf(table);
  if (!worksite) return undefined;
  const fields = row as Record<string, unknown>;
  if (namesOwnWorksite(worksite)) return worksiteOfRow(worksite, fields);
  const levels = await workerLevels(db, company, worksite.workers(fields));
  return worksiteOfRow(worksite, fields, (id) => levels.get(id));
}

/**
 * The rows a list call answers: all of them, or for a field device's download (`Faenas=propias`, SPEC PL13) the
 * rows of the user's worksites; after a widening (`Antes`, PL15) only those its device lacks.
 */
export async function rowsForQuery<Row extends Record<string, unknown>>(
  db: Db,
  session: { company: string; worksites: readonly string[] | null },
  entity: AnyEntity,
  rows: readonly Row[],
  query: DeviceScopeQuery,
): Promise<Row[]> {
  const { worksite } = entity;
  const scope = { worksites: session.worksites, before: query.Antes };
  if (query.Faenas !== 'propias' || !worksite || (scope.worksites === null && !scope.before)) return [...rows];
  if (namesOwnWorksite(worksite)) return keepInWorksites(rows, worksite, scope);
  const ids = [...new Set(rows.flatMap((row) => worksite.workers(row)))];
  const levels = await workerLevels(db, session.company, ids.length > BY_ID_LIMIT ? undefined : ids);
  return keepInWorksites(rows, worksite, scope, (id) => levels.get(id));
}

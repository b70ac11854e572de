import { NOBODY } from '#server/db/portable-sql.ts';
import type { Reference } from '#sync/records/entity.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { withChildren } from './capacitaciones-lectura.repo.ts';

/** Sessions found by id, listed for a viewer, and the lookups of their references and child ids. */

export async function companyOfSession(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('capacitaciones').select('IdEmpresa').where('IdCapacitacion', '=', id).executeTakeFirst())?.IdEmpresa;
}

export async function loadSession(
  db: Db,
  company: string,
  id: string,
): Promise<{ session: Capacitacion; fieldVersions: string } | undefined> {
  const row = await db
    .selectFrom('capacitaciones')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdCapacitacion', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [session] = await withChildren(db, [row]);
  return { session: session!, fieldVersions: row.VersionesCampos };
}

export interface SessionFilters {
  realizada?: 0 | 1;
  nv2?: string | null;
  nv3?: string | null;
}

/** Active sessions the viewer may see (SPEC PL7, `partes`), newest first, with their lists. */
export async function listSessions(db: Db, company: string, viewer: Viewer, filters: SessionFilters = {}): Promise<Capacitacion[]> {
  let query = db.selectFrom('capacitaciones').selectAll().where('IdEmpresa', '=', company).where('Estado', '=', 1);
  // An empty RUT or client id matches nothing: a user set up without one sees nothing, not everything.
  if (viewer.kind === 'contratista') query = query.where('RutContratista', '=', viewer.rut === '' ? NOBODY : viewer.rut);
  if (viewer.kind === 'cliente') query = query.where('IdCliente', '=', viewer.id === '' ? NOBODY : viewer.id);
  if (filters.realizada !== undefined) query = query.where('Realizada', '=', filters.realizada);
  if (filters.nv2) query = query.where('IdNivel2', '=', filters.nv2);
  if (filters.nv3) query = query.where('IdNivel3', '=', filters.nv3);
  const rows = await query.orderBy('Fecha', 'desc').orderBy('IdCapacitacion').execute();
  return withChildren(db, rows);
}

export async function activeSessionIds(db: Db, company: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('capacitaciones')
    .select('IdCapacitacion')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('IdCapacitacion', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.IdCapacitacion));
}

/** Whether an active session points at `id` through a reference field of one value (its type, its programme). */
export async function sessionPointsAt(db: Db, company: string, reference: Reference, id: string): Promise<boolean> {
  if (reference.field !== 'IdTipoCapacitacion' && reference.field !== 'IdPrograma') return false;
  const found = await db
    .selectFrom('capacitaciones')
    .select('IdCapacitacion')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where(reference.field, '=', id)
    .executeTakeFirst();
  return found !== undefined;
}

/** The session holding a child row (participant, presenter or evidence) of the company, by the child's Id. */
export async function sessionOfChild(
  db: Db,
  company: string,
  table: 'capacitacion_participantes' | 'capacitacion_relatores' | 'capacitacion_evidencias',
  childId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select('IdCapacitacion')
    .where('IdEmpresa', '=', company)
    .where('Id', '=', childId)
    .executeTakeFirst();
  return row?.IdCapacitacion;
}

/** Of `ids`, those some row of `table` already has (child ids are global UUIDs, like record ids). */
export async function takenChildIds(
  db: Db,
  table: 'capacitacion_participantes' | 'capacitacion_relatores' | 'capacitacion_evidencias',
  ids: readonly string[],
  exceptSession: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select('Id')
    .where('Id', 'in', [...ids])
    .where('IdCapacitacion', '!=', exceptSession)
    .execute();
  return rows.map((row) => row.Id);
}

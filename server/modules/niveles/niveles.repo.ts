import type { Selectable } from 'kysely';
import type { LevelType, Nivel } from '#sync/schemas/niveles.schema.ts';
import type { Db } from '../../db/database.ts';
import type { NivelesTable } from '../../db/schema.ts';

export type LevelRow = Selectable<NivelesTable>;

export function toWireLevel(row: LevelRow): Nivel {
  return {
    IdNivel: row.IdNivel,
    IdEmpresa: row.IdEmpresa,
    TipoNivel: row.TipoNivel as LevelType,
    IdNivelPadre: row.IdNivelPadre,
    Nombre: row.Nombre,
    RutNivel: row.RutNivel,
    Estado: row.Estado === 1 ? 1 : 0,
    Version: row.Version,
  };
}

/** By id alone: ids are global, so a create must know whether any company already holds it. */
export function findLevelById(db: Db, id: string) {
  return db.selectFrom('niveles').selectAll().where('IdNivel', '=', id).executeTakeFirst();
}

export function findLevel(db: Db, company: string, id: string) {
  return db.selectFrom('niveles').selectAll().where('IdEmpresa', '=', company).where('IdNivel', '=', id).executeTakeFirst();
}

export function listActiveLevels(db: Db, company: string, type?: LevelType) {
  let query = db.selectFrom('niveles').selectAll().where('IdEmpresa', '=', company).where('Estado', '=', 1);
  if (type !== undefined) query = query.where('TipoNivel', '=', type);
  return query.orderBy('TipoNivel').orderBy('Nombre').execute();
}

/** An active level of the company of the given type, or undefined. */
export function findActiveLevelOfType(db: Db, company: string, id: string, type: LevelType) {
  return db
    .selectFrom('niveles')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdNivel', '=', id)
    .where('TipoNivel', '=', type)
    .where('Estado', '=', 1)
    .executeTakeFirst();
}

export async function insertLevel(db: Db, row: Omit<LevelRow, 'Version' | 'Estado' | 'VersionesCampos'>): Promise<void> {
  await db.insertInto('niveles').values(row).execute();
}

export async function updateLevel(
  db: Db,
  company: string,
  id: string,
  changes: Partial<Pick<LevelRow, 'Nombre' | 'IdNivelPadre' | 'RutNivel' | 'Estado' | 'Version' | 'VersionesCampos'>>,
): Promise<void> {
  await db.updateTable('niveles').set(changes).where('IdEmpresa', '=', company).where('IdNivel', '=', id).execute();
}

/** Whether active levels, positions or workers still point at the level. */
export async function levelInUse(db: Db, company: string, id: string): Promise<boolean> {
  const child = await db
    .selectFrom('niveles')
    .select('IdNivel')
    .where('IdEmpresa', '=', company)
    .where('IdNivelPadre', '=', id)
    .where('Estado', '=', 1)
    .executeTakeFirst();
  if (child) return true;
  const cargo = await db
    .selectFrom('cargos')
    .select('IdCargo')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where((eb) => eb.or([eb('IdNivel2', '=', id), eb('IdNivel3', '=', id)]))
    .executeTakeFirst();
  if (cargo) return true;
  const worker = await db
    .selectFrom('trabajadores')
    .select('IdPersona')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where((eb) => eb.or([eb('IdNivel2', '=', id), eb('IdNivel3', '=', id), eb('IdNivel4', '=', id)]))
    .executeTakeFirst();
  return worker !== undefined;
}

import type { Selectable } from 'kysely';
import type { Cargo, CargoNivel } from '#sync/schemas/cargos.schema.ts';
import type { Db } from '../../db/database.ts';
import type { CargosTable } from '../../db/schema.ts';

export type CargoRow = Selectable<CargosTable>;

export function toWireCargo(row: CargoRow): Cargo {
  return {
    IdCargo: row.IdCargo,
    IdEmpresa: row.IdEmpresa,
    NombreCargo: row.NombreCargo,
    IdNivel2: row.IdNivel2,
    IdNivel3: row.IdNivel3,
    Estado: row.Estado === 1 ? 1 : 0,
    Version: row.Version,
  };
}

export function findCargoById(db: Db, id: string) {
  return db.selectFrom('cargos').selectAll().where('IdCargo', '=', id).executeTakeFirst();
}

export function findCargo(db: Db, company: string, id: string) {
  return db.selectFrom('cargos').selectAll().where('IdEmpresa', '=', company).where('IdCargo', '=', id).executeTakeFirst();
}

/** The ids among `ids` that are active positions of the company. */
export async function activeCargoIds(db: Db, company: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('cargos')
    .select('IdCargo')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('IdCargo', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.IdCargo));
}

/** Active positions with the names of their levels, optionally of one level 2 / level 3. */
export function listCargoLevels(db: Db, company: string, filters: { nv2?: string; nv3?: string } = {}) {
  let query = db
    .selectFrom('cargos as c')
    .leftJoin('niveles as n2', 'n2.IdNivel', 'c.IdNivel2')
    .leftJoin('niveles as n3', 'n3.IdNivel', 'c.IdNivel3')
    .selectAll('c')
    .select(['n2.Nombre as Nivel2', 'n3.Nombre as Nivel3'])
    .where('c.IdEmpresa', '=', company)
    .where('c.Estado', '=', 1);
  if (filters.nv2) query = query.where('c.IdNivel2', '=', filters.nv2);
  if (filters.nv3) query = query.where('c.IdNivel3', '=', filters.nv3);
  return query.orderBy('c.NombreCargo').orderBy('n2.Nombre').orderBy('n3.Nombre').execute();
}

export function toCargoNivel(row: Awaited<ReturnType<typeof listCargoLevels>>[number]): CargoNivel {
  return { IdCargo: row.IdCargo, NombreCargo: row.NombreCargo, IdNivel2: row.IdNivel2, Nivel2: row.Nivel2, IdNivel3: row.IdNivel3, Nivel3: row.Nivel3 };
}

/** Another active position with the same name for the same combination of levels. */
export function findDuplicate(db: Db, company: string, cargo: Pick<CargoRow, 'IdCargo' | 'NombreCargo' | 'IdNivel2' | 'IdNivel3'>) {
  return db
    .selectFrom('cargos')
    .select('IdCargo')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where('IdCargo', '!=', cargo.IdCargo)
    .where((eb) => eb(eb.fn('lower', ['NombreCargo']), '=', cargo.NombreCargo.toLowerCase()))
    .where('IdNivel2', 'is', cargo.IdNivel2)
    .where('IdNivel3', 'is', cargo.IdNivel3)
    .executeTakeFirst();
}

export async function insertCargo(db: Db, row: Omit<CargoRow, 'Version' | 'Estado' | 'VersionesCampos'>): Promise<void> {
  await db.insertInto('cargos').values(row).execute();
}

export async function updateCargo(
  db: Db,
  company: string,
  id: string,
  changes: Partial<Pick<CargoRow, 'NombreCargo' | 'IdNivel2' | 'IdNivel3' | 'Estado' | 'Version' | 'VersionesCampos'>>,
): Promise<void> {
  await db.updateTable('cargos').set(changes).where('IdEmpresa', '=', company).where('IdCargo', '=', id).execute();
}

/** Whether an active worker holds the position. */
export async function cargoHeld(db: Db, company: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('trabajador_cargos as tc')
    .innerJoin('trabajadores as t', 't.IdPersona', 'tc.IdPersona')
    .select('t.IdPersona')
    .where('tc.IdCargo', '=', id)
    .where('t.IdEmpresa', '=', company)
    .where('t.Estado', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

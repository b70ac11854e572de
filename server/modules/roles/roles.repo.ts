import { sql } from 'kysely';
import { BASE_ACTIONS, PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';
import type { CatalogoGrupo, Rol, RolPermiso } from '#sync/schemas/roles.schema.ts';
import type { Db } from '#server/db/database.ts';
import { administratorRoles } from '#server/records/office-accounts.ts';
import { declaredActions } from '#server/tenancy/permit.ts';

/** What a route offers in the matrix: Ver, Crear, Editar, Eliminar, and the decisions some call of it checks. */
export function availableActions(route: string): PermissionAction[] {
  const declared = declaredActions(route);
  return PERMISSION_ACTIONS.filter((action) => BASE_ACTIONS.includes(action) || declared.has(action));
}

/** Every submodule of the product with its module, group and system, in menu order. */
export function catalogueRows(db: Db) {
  return db
    .selectFrom('submodulos as s')
    .innerJoin('modulos as m', 'm.IdModulo', 's.IdModulo')
    .innerJoin('grupos_modulos as g', 'g.IdGrupo', 'm.IdGrupo')
    .innerJoin('sistemas as y', 'y.IdSistema', 'm.IdSistema')
    .select([
      'g.IdGrupo',
      'g.NombreGrupo',
      'g.SubtituloGrupo',
      'g.PosicionGrupo',
      'm.IdModulo',
      'm.NombreSistemaModulo',
      'm.PosicionGroupModulos',
      'm.IdSistema',
      'y.Nombre as NombreSistema',
      's.IdSubmodulo',
      's.NombreSistemaModuloSub',
      's.Ruta',
      's.PosicionGroupModulosSub',
    ])
    .orderBy('g.PosicionGrupo')
    .orderBy('m.PosicionGroupModulos')
    .orderBy('s.PosicionGroupModulosSub')
    .execute();
}

export async function loadCatalogue(db: Db): Promise<CatalogoGrupo[]> {
  const groups = new Map<number, CatalogoGrupo>();
  for (const row of await catalogueRows(db)) {
    const group = groups.get(row.IdGrupo) ?? {
      IdGrupo: row.IdGrupo,
      NombreGrupo: row.NombreGrupo,
      SubtituloGrupo: row.SubtituloGrupo,
      PosicionGrupo: row.PosicionGrupo,
      modulos: [],
    };
    groups.set(row.IdGrupo, group);
    let module = group.modulos.find((candidate) => candidate.IdModulo === row.IdModulo);
    if (!module) {
      module = {
        IdModulo: row.IdModulo,
        NombreSistemaModulo: row.NombreSistemaModulo,
        PosicionGroupModulos: row.PosicionGroupModulos,
        IdSistema: row.IdSistema,
        NombreSistema: row.NombreSistema,
        submodulos: [],
      };
      group.modulos.push(module);
    }
    module.submodulos.push({
      IdSubmodulo: row.IdSubmodulo,
      NombreSistemaModuloSub: row.NombreSistemaModuloSub,
      Ruta: row.Ruta,
      PosicionGroupModulosSub: row.PosicionGroupModulosSub,
      Acciones: availableActions(row.Ruta),
    });
  }
  return [...groups.values()];
}

const parseActions = (text: string) => PERMISSION_ACTIONS.filter((action) => text.split(',').includes(action));

/** The company's active roles (or one of them), each with its matrix in menu order, its users and whether it administers. */
export async function listRoles(db: Db, company: string, only?: number): Promise<Rol[]> {
  let roles = db.selectFrom('roles').select(['IdRol', 'NombreRol']).where('IdEmpresa', '=', company).where('Estado', '=', 1);
  if (only !== undefined) roles = roles.where('IdRol', '=', only);
  const found = await roles
    .orderBy(sql`lower("NombreRol")`)
    .orderBy('IdRol')
    .execute();
  if (found.length === 0) return [];
  const ids = found.map((role) => role.IdRol);
  const [grants, counts, administrators] = await Promise.all([
    db
      .selectFrom('rol_permisos as rp')
      .innerJoin('submodulos as s', 's.IdSubmodulo', 'rp.IdSubmodulo')
      .innerJoin('modulos as m', 'm.IdModulo', 's.IdModulo')
      .innerJoin('grupos_modulos as g', 'g.IdGrupo', 'm.IdGrupo')
      .select(['rp.IdRol', 's.Ruta', 'rp.Acciones'])
      .where('rp.IdRol', 'in', ids)
      .orderBy('g.PosicionGrupo')
      .orderBy('m.PosicionGroupModulos')
      .orderBy('s.PosicionGroupModulosSub')
      .execute(),
    db
      .selectFrom('usuarios')
      .select(['IdRol', (eb) => eb.fn.countAll<number>().as('n')])
      .where('IdEmpresa', '=', company)
      .where('IdRol', 'in', ids)
      .groupBy('IdRol')
      .execute(),
    administratorRoles(db, company),
  ]);
  return found.map((role) => ({
    ...role,
    Administrador: administrators.has(role.IdRol),
    Usuarios: Number(counts.find((count) => count.IdRol === role.IdRol)?.n ?? 0),
    // Only what the matrix offers: a grant of an action no call checks (yet) is neither shown nor refused on saving.
    Permisos: grants
      .filter((grant) => grant.IdRol === role.IdRol)
      .map((grant) => ({
        Ruta: grant.Ruta,
        Acciones: parseActions(grant.Acciones).filter((action) => availableActions(grant.Ruta).includes(action)),
      }))
      .filter((grant) => grant.Acciones.length > 0),
  }));
}

export async function findRole(db: Db, company: string, id: number): Promise<Rol | undefined> {
  return (await listRoles(db, company, id))[0];
}

/** Another active role of the company already has this name (any case). */
export async function nameTaken(db: Db, company: string, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('IdRol')
    .where('IdEmpresa', '=', company)
    .where('Estado', '=', 1)
    .where(sql<string>`lower("NombreRol")`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('IdRol', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Db, company: string, name: string): Promise<number> {
  const row = await db.insertInto('roles').values({ IdEmpresa: company, NombreRol: name }).returning('IdRol').executeTakeFirstOrThrow();
  return row.IdRol;
}

export async function renameRole(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('roles').set({ NombreRol: name }).where('IdRol', '=', id).execute();
}

/** The role's whole matrix, replaced: routes without actions leave no row. */
export async function replacePermissions(
  db: Db,
  id: number,
  grants: readonly { IdSubmodulo: number; Acciones: readonly PermissionAction[] }[],
): Promise<void> {
  await db.deleteFrom('rol_permisos').where('IdRol', '=', id).execute();
  const rows = grants
    .filter((grant) => grant.Acciones.length > 0)
    .map((grant) => ({ IdRol: id, IdSubmodulo: grant.IdSubmodulo, Acciones: grant.Acciones.join(',') }));
  if (rows.length) await db.insertInto('rol_permisos').values(rows).execute();
}

/** A deleted role keeps its row (the audit log and old records name it) but grants nothing. */
export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('rol_permisos').where('IdRol', '=', id).execute();
  await db.updateTable('roles').set({ Estado: 0 }).where('IdRol', '=', id).execute();
}

/** The routes a matrix lets its holders read: a change of these changes what their devices may keep (SPEC PL11). */
export function readRoutes(permissions: readonly RolPermiso[]): string {
  return permissions
    .filter((permission) => permission.Acciones.includes('index'))
    .map((permission) => permission.Ruta)
    .sort()
    .join('|');
}

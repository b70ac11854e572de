import type { Db } from '../db/database.ts';
import type { PermissionAction } from '#sync/records/permissions.ts';
import type { Permission, SessionSystem } from '#sync/schemas/auth.schema.ts';

export function findCompanyByRut(db: Db, rutEmpresa: string) {
  return db.selectFrom('empresas').selectAll().where('RutEmpresa', '=', rutEmpresa).executeTakeFirst();
}

export function findCompany(db: Db, companyId: string) {
  return db.selectFrom('empresas').selectAll().where('IdEmpresa', '=', companyId).executeTakeFirst();
}

export function findUserByEmail(db: Db, companyId: string, email: string) {
  return db
    .selectFrom('usuarios')
    .selectAll()
    .where('IdEmpresa', '=', companyId)
    .where('CorreoElectronicoPersona', '=', email)
    .executeTakeFirst();
}

/** The user's own new password; every session of the account ends with it (SPEC SE3). */
export async function setPassword(db: Db, userId: number, hash: string): Promise<void> {
  await db
    .updateTable('usuarios')
    .set((eb) => ({ HashContrasena: hash, DebeCambiarContrasena: 0, Version: eb('Version', '+', 1), GeneracionSesion: eb('GeneracionSesion', '+', 1) }))
    .where('IdUsuario', '=', userId)
    .execute();
}

export async function listPermissions(db: Db, roleId: number): Promise<Permission[]> {
  const rows = await db
    .selectFrom('rol_permisos as rp')
    .innerJoin('submodulos as s', 's.IdSubmodulo', 'rp.IdSubmodulo')
    .innerJoin('modulos as m', 'm.IdModulo', 's.IdModulo')
    .innerJoin('grupos_modulos as g', 'g.IdGrupo', 'm.IdGrupo')
    .select([
      'g.NombreGrupo',
      'g.SubtituloGrupo',
      'g.PosicionGrupo',
      'm.NombreSistemaModulo',
      'm.PosicionGroupModulos',
      'm.IdSistema',
      's.NombreSistemaModuloSub',
      's.Ruta',
      's.PosicionGroupModulosSub',
      'rp.Acciones',
    ])
    .where('rp.IdRol', '=', roleId)
    .orderBy('g.PosicionGrupo')
    .orderBy('m.PosicionGroupModulos')
    .orderBy('s.PosicionGroupModulosSub')
    .execute();
  return rows.map((row) => ({ ...row, Acciones: row.Acciones.split(',').filter(Boolean) as PermissionAction[] }));
}

export function listSystems(db: Db, userId: number): Promise<SessionSystem[]> {
  return db
    .selectFrom('usuario_sistemas as us')
    .innerJoin('sistemas as s', 's.IdSistema', 'us.IdSistema')
    .select(['s.IdSistema', 's.Nombre', 's.RutaInicio'])
    .where('us.IdUsuario', '=', userId)
    .orderBy('s.IdSistema')
    .execute();
}

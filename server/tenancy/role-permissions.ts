import type { PermissionAction } from '#sync/records/permissions.ts';
import { reusableQuery, type Db } from '../db/database.ts';

const selectRolePermissions = reusableQuery((db, roleId: number) =>
  db
    .selectFrom('rol_permisos as rp')
    .innerJoin('submodulos as s', 's.IdSubmodulo', 'rp.IdSubmodulo')
    .select(['s.Ruta', 'rp.Acciones'])
    .where('rp.IdRol', '=', roleId),
);

/** What the role may do, by permission route. */
export async function rolePermissions(db: Db, roleId: number): Promise<Map<string, Set<PermissionAction>>> {
  const rows = await selectRolePermissions(db, roleId);
  return new Map(rows.map((row) => [row.Ruta, new Set(row.Acciones.split(',').filter(Boolean) as PermissionAction[])]));
}

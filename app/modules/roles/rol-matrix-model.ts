import { PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';
import type { RolPermiso } from '#sync/schemas/roles.schema.ts';

/** A role's grants by permission route. */
export type Matrix = Readonly<Record<string, readonly PermissionAction[]>>;

/**
 * Ticking an action also gives Ver (a role cannot act on what it cannot see); removing Ver clears the row.
 */
export function toggled(matrix: Matrix, route: string, action: PermissionAction, on: boolean): Matrix {
  const current = new Set(matrix[route] ?? []);
  if (on) {
    current.add(action);
    current.add('index');
  } else if (action === 'index') {
    current.clear();
  } else {
    current.delete(action);
  }
  return { ...matrix, [route]: PERMISSION_ACTIONS.filter((candidate) => current.has(candidate)) };
}

export function matrixOf(permissions: readonly RolPermiso[]): Matrix {
  return Object.fromEntries(permissions.map((permission) => [permission.Ruta, permission.Acciones]));
}

/** The matrix as a role's body sends it: only routes with actions. */
export function permissionsOf(matrix: Matrix): RolPermiso[] {
  return Object.entries(matrix)
    .filter(([, actions]) => actions.length > 0)
    .map(([Ruta, Acciones]) => ({ Ruta, Acciones: [...Acciones] }));
}

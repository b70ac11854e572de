import { PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';
import type { CatalogoGrupo, RolPermiso } from '#sync/schemas/roles.schema.ts';

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

/**
 * The catalogue as the matrix offers it: only the routes the app serves, modules and groups left empty dropped. The
 * others keep their ids and every grant in the database; they appear when their screens do.
 */
export function servedCatalogue(catalogue: readonly CatalogoGrupo[], isServed: (route: string) => boolean): CatalogoGrupo[] {
  return catalogue
    .map((group) => ({
      ...group,
      modulos: group.modulos
        .map((module) => ({ ...module, submodulos: module.submodulos.filter((sub) => isServed(sub.Ruta)) }))
        .filter((module) => module.submodulos.length > 0),
    }))
    .filter((group) => group.modulos.length > 0);
}

/** The sections a role holds grants on that the matrix does not show ("Combustibles › Carga masiva"): kept as they are. */
export function grantsOutOfSight(catalogue: readonly CatalogoGrupo[], matrix: Matrix, isServed: (route: string) => boolean): string[] {
  return catalogue.flatMap((group) =>
    group.modulos.flatMap((module) =>
      module.submodulos
        .filter((sub) => !isServed(sub.Ruta) && (matrix[sub.Ruta]?.length ?? 0) > 0)
        .map((sub) =>
          sub.NombreSistemaModuloSub === module.NombreSistemaModulo
            ? module.NombreSistemaModulo
            : `${module.NombreSistemaModulo} › ${sub.NombreSistemaModuloSub}`,
        ),
    ),
  );
}

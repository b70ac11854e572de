import { PERMISSION_ACTION_LABELS, PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';
import { actionUnavailableMessage, ROLES_MESSAGES, type RolPermiso } from '#sync/schemas/roles.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { FieldChange } from '#server/records/office-audit-log.ts';
import { HttpError } from '#server/http/http-error.ts';
import { availableActions, catalogueRows } from './roles.repo.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

export interface ResolvedGrant {
  IdSubmodulo: number;
  Ruta: string;
  Acciones: PermissionAction[];
}

/**
 * A role's matrix as stored: every route one of the product's submodules, every action one that route offers
 * (Aprobar only where a call checks it), actions in their usual order. Routes without actions are dropped.
 */
export async function resolveMatrix(db: Db, permissions: readonly RolPermiso[]): Promise<ResolvedGrant[]> {
  const catalogue = new Map((await catalogueRows(db)).map((row) => [row.Ruta, row]));
  return permissions
    .filter((permission) => permission.Acciones.length > 0)
    .map((permission) => {
      const submodule = catalogue.get(permission.Ruta);
      if (!submodule) throw invalid(ROLES_MESSAGES.routeUnknown);
      const offered = availableActions(permission.Ruta);
      const refused = permission.Acciones.find((action) => !offered.includes(action));
      if (refused) throw invalid(actionUnavailableMessage(PERMISSION_ACTION_LABELS[refused], submodule.NombreSistemaModuloSub));
      return {
        IdSubmodulo: submodule.IdSubmodulo,
        Ruta: permission.Ruta,
        Acciones: PERMISSION_ACTIONS.filter((action) => permission.Acciones.includes(action)),
      };
    });
}

const labels = (actions: readonly PermissionAction[] | undefined) =>
  (actions ?? []).map((action) => PERMISSION_ACTION_LABELS[action]).join(', ');

/** What the audit log says of a matrix change: each route whose actions differ, "Ver, Crear" before and after. */
export function matrixChanges(before: readonly RolPermiso[], after: readonly RolPermiso[]): FieldChange[] {
  const was = new Map(before.map((permission) => [permission.Ruta, permission.Acciones]));
  const is = new Map(after.map((permission) => [permission.Ruta, permission.Acciones]));
  return [...new Set([...was.keys(), ...is.keys()])]
    .map((route) => ({ Campo: `Permisos ${route}`, Antes: labels(was.get(route)), Despues: labels(is.get(route)) }))
    .filter((change) => change.Antes !== change.Despues);
}

import * as v from 'valibot';
import { defineOfficeRecord } from '../records/office-record.ts';
import { PERMISSION_ACTIONS } from '../records/permissions.ts';

/** Spec section 8: the role notices, word for word; the rest in the same tone. */
export const ROLES_MESSAGES = {
  created: 'Rol creado con éxito',
  updated: 'Rol actualizado con éxito',
  deleted: 'Rol eliminado con éxito',
  deletedMany: 'Roles eliminados con éxito',
  createFailed: 'No se pudo crear el rol',
  updateFailed: 'No se pudo actualizar el rol',
  deleteFailed: 'No se pudo eliminar el rol',
  nameRequired: 'El nombre del rol es requerido',
  nameInUse: 'Ya existe un rol con ese nombre',
  notFound: 'Rol no encontrado',
  routeUnknown: 'Uno de los módulos indicados no existe',
  actionUnknown: 'Una de las acciones indicadas no existe',
  routeRepeated: 'Cada módulo se indica una sola vez',
  inUse: 'El rol tiene usuarios asignados: cámbialos de rol antes de eliminarlo',
  lastAdminDelete: 'No se puede eliminar el último rol administrador de la empresa',
  lastAdminManagement: 'La empresa quedaría sin administradores: el rol debe conservar Ver y Editar en Roles',
} as const;

export function actionUnavailableMessage(action: string, submodule: string): string {
  return `La acción ${action} no está disponible en ${submodule}`;
}

/** What a role may do on one permission route (`Ruta` of a submodule). */
export const RolPermisoSchema = v.object({
  Ruta: v.pipe(
    v.string(ROLES_MESSAGES.routeUnknown),
    v.trim(),
    v.nonEmpty(ROLES_MESSAGES.routeUnknown),
    v.maxLength(120, ROLES_MESSAGES.routeUnknown),
  ),
  Acciones: v.pipe(
    v.array(v.picklist(PERMISSION_ACTIONS, ROLES_MESSAGES.actionUnknown), ROLES_MESSAGES.actionUnknown),
    v.maxLength(PERMISSION_ACTIONS.length, ROLES_MESSAGES.actionUnknown),
  ),
});
export type RolPermiso = v.InferOutput<typeof RolPermisoSchema>;

const NombreRolSchema = v.pipe(
  v.string(ROLES_MESSAGES.nameRequired),
  v.trim(),
  v.nonEmpty(ROLES_MESSAGES.nameRequired),
  v.maxLength(80, ROLES_MESSAGES.nameRequired),
);
const PermisosSchema = v.pipe(
  v.array(RolPermisoSchema, ROLES_MESSAGES.routeUnknown),
  v.maxLength(500, ROLES_MESSAGES.routeUnknown),
  v.check((list) => new Set(list.map((permission) => permission.Ruta)).size === list.length, ROLES_MESSAGES.routeRepeated),
);

/** A role is saved whole: its name and its whole matrix (routes without actions may be left out). */
export const RolBodySchema = v.object({ NombreRol: NombreRolSchema, Permisos: PermisosSchema });
export type RolBody = v.InferOutput<typeof RolBodySchema>;

export const RolUpdateBodySchema = v.object({ NombreRol: v.optional(NombreRolSchema), Permisos: v.optional(PermisosSchema) });
export type RolUpdateBody = v.InferOutput<typeof RolUpdateBodySchema>;

const ActionsSchema = v.array(v.picklist(PERMISSION_ACTIONS));

export const RolSchema = v.object({
  IdRol: v.number(),
  NombreRol: v.string(),
  /** It may see and change what roles may do (ROLE_MANAGEMENT). */
  Administrador: v.boolean(),
  /** Enabled and disabled users with this role. */
  Usuarios: v.number(),
  Permisos: v.array(v.object({ Ruta: v.string(), Acciones: ActionsSchema })),
});
export type Rol = v.InferOutput<typeof RolSchema>;

/** The product's menu as a role matrix: every group, module and submodule, and the actions each route offers. */
export const CatalogoSubmoduloSchema = v.object({
  IdSubmodulo: v.number(),
  NombreSistemaModuloSub: v.string(),
  Ruta: v.string(),
  PosicionGroupModulosSub: v.number(),
  /** `index` (Ver), crear, editar, eliminar, and the decisions the route's calls check (aprobar, cerrar, despachar). */
  Acciones: ActionsSchema,
});
export type CatalogoSubmodulo = v.InferOutput<typeof CatalogoSubmoduloSchema>;

export const CatalogoModuloSchema = v.object({
  IdModulo: v.number(),
  NombreSistemaModulo: v.string(),
  PosicionGroupModulos: v.number(),
  IdSistema: v.number(),
  NombreSistema: v.string(),
  submodulos: v.array(CatalogoSubmoduloSchema),
});
export type CatalogoModulo = v.InferOutput<typeof CatalogoModuloSchema>;

export const CatalogoGrupoSchema = v.object({
  IdGrupo: v.number(),
  NombreGrupo: v.string(),
  SubtituloGrupo: v.string(),
  PosicionGrupo: v.number(),
  modulos: v.array(CatalogoModuloSchema),
});
export type CatalogoGrupo = v.InferOutput<typeof CatalogoGrupoSchema>;

export const rolOfficeRecord = defineOfficeRecord({
  kind: 'roles',
  noun: { one: 'rol', many: 'roles' },
  displayName: (body) => (typeof body.NombreRol === 'string' ? body.NombreRol : ''),
  failures: {
    createFailed: ROLES_MESSAGES.createFailed,
    updateFailed: ROLES_MESSAGES.updateFailed,
    deleteFailed: ROLES_MESSAGES.deleteFailed,
  },
});

/**
 * The actions a role may have on a permission route (spec 6). `index` is reading, shown as "Ver"; the last three
 * are the decisions of the modules that have them (approve a response, close a case, dispatch a request).
 */
export const PERMISSION_ACTIONS = ['index', 'crear', 'editar', 'eliminar', 'aprobar', 'cerrar', 'despachar'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const PERMISSION_ACTION_LABELS: Record<PermissionAction, string> = {
  index: 'Ver',
  crear: 'Crear',
  editar: 'Editar',
  eliminar: 'Eliminar',
  aprobar: 'Aprobar',
  cerrar: 'Cerrar',
  despachar: 'Despachar',
};

/** Every permission route offers these; the decisions (aprobar, cerrar, despachar) only where a call checks them. */
export const BASE_ACTIONS: readonly PermissionAction[] = ['index', 'crear', 'editar', 'eliminar'];

/**
 * What makes a role an administrator role: it may see and change what roles may do. The company always keeps one
 * enabled company user with such a role (the last administrator is protected).
 */
export const ROLE_MANAGEMENT = { route: '/roles', actions: ['index', 'editar'] } as const satisfies { route: string; actions: readonly PermissionAction[] };

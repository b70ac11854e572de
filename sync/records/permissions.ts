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

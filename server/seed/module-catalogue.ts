import { MODULES } from '#sync/modules/module-list.ts';
import type { DemoRole, MenuEntry, MenuParent } from '#sync/modules/module-manifest.ts';
import { PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';

/** The product's systems and the rail's groups; the drawer's modules and entries come from the modules' manifests. */
export const SYSTEMS = [
  { IdSistema: 1, Nombre: 'Hse', RutaInicio: '/dashboard' },
  { IdSistema: 2, Nombre: 'Producción', RutaInicio: '/combustibles/dashboard' },
];

export const GROUPS = [
  { IdGrupo: 1, NombreGrupo: 'Ajustes', SubtituloGrupo: '(mantenedores)', PosicionGrupo: 1 },
  { IdGrupo: 2, NombreGrupo: 'Módulos', SubtituloGrupo: '', PosicionGrupo: 2 },
  { IdGrupo: 3, NombreGrupo: 'Innoapsion', SubtituloGrupo: '', PosicionGrupo: 3 },
  { IdGrupo: 4, NombreGrupo: 'Dashboard', SubtituloGrupo: '', PosicionGrupo: 4 },
  { IdGrupo: 5, NombreGrupo: 'Informes', SubtituloGrupo: '', PosicionGrupo: 5 },
  { IdGrupo: 6, NombreGrupo: 'Mapa', SubtituloGrupo: '', PosicionGrupo: 6 },
  { IdGrupo: 7, NombreGrupo: 'Perfil', SubtituloGrupo: '', PosicionGrupo: 7 },
];

/** Every menu entry of every module (sync/modules/module-list.ts), by id. */
export const MENU_ENTRIES: readonly MenuEntry[] = MODULES.flatMap((module) => module.menu).sort((a, b) => a.IdSubmodulo - b.IdSubmodulo);

/** The drawer parents the entries name, by id; one id is one parent (a test holds them alike). */
export const MENU_PARENTS: readonly MenuParent[] = [
  ...new Map(MENU_ENTRIES.map((entry) => [entry.parent.IdModulo, entry.parent])).values(),
].sort((a, b) => a.IdModulo - b.IdModulo);

export const ALL_ACTIONS: PermissionAction[] = [...PERMISSION_ACTIONS];

export type RoleGrant = Record<string, readonly PermissionAction[]>;

/** The demo roles' grants, as the modules' menu entries say; the administrator gets every route of the catalogue. */
export const ROLE_GRANTS: Record<DemoRole, RoleGrant> = Object.fromEntries(
  (['supervisor', 'contratista', 'cliente', 'guardia'] as const).map((role) => [
    role,
    Object.fromEntries(MENU_ENTRIES.flatMap((entry) => (entry.demo?.[role] ? [[entry.ruta, entry.demo[role]]] : []))),
  ]),
) as Record<DemoRole, RoleGrant>;

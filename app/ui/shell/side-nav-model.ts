import type { Mask, Permission } from '#sync/schemas/auth.schema.ts';

export interface NavLink {
  label: string;
  href: string;
  /** Opens in the named external tab instead of navigating inside the app. */
  external: boolean;
}

export type NavEntry =
  | ({ kind: 'link'; id: string } & NavLink)
  | { kind: 'parent'; id: string; label: string; children: NavLink[] };

export interface NavGroup {
  id: string;
  name: string;
  subtitle: string;
  entries: NavEntry[];
}

export interface SideNavOptions {
  /** Only permissions of this system are listed; undefined lists all. */
  systemId?: number;
  /** True for permission routes that have a screen in this app. */
  isAppRoute: (route: string) => boolean;
  /** Base address of the external Sedecc site; null hides its entries. */
  sedeccUrl?: string | null;
}

const EXCLUDED_GROUP = 'perfil';
const EXTERNAL_PARENT = 'sedecc';
const MASKED_ROUTES: Record<string, number> = { '/nv2': 2, '/nv3': 3, '/nv4': 4 };

interface ChildDraft extends NavLink {
  position: number;
  rawName: string;
}

interface ParentDraft {
  name: string;
  position: number;
  children: Map<string, ChildDraft>;
}

interface GroupDraft {
  name: string;
  subtitle: string;
  position: number;
  parents: Map<string, ParentDraft>;
}

const normalize = (text: string) => text.trim().toLocaleLowerCase('es');

/** "Dashboard" -> "principal", "Dashboard Observaciones" -> "Observaciones" (spec 2.6). */
export function shortenDashboardLabel(name: string): string {
  const trimmed = name.trim();
  if (normalize(trimmed) === 'dashboard') return 'principal';
  const match = /^dashboard\s+(.+)$/i.exec(trimmed);
  return match?.[1] ?? trimmed;
}

function maskName(route: string, masks: Mask[]): string | undefined {
  const level = MASKED_ROUTES[route];
  if (level === undefined) return undefined;
  return masks.find((mask) => mask.TipoNv === level)?.Nombre;
}

export function sedeccHref(baseUrl: string, route: string): string {
  const separator = baseUrl.includes('?') ? '&' : '?';
  return `${baseUrl}${separator}ruta=${encodeURIComponent(route)}`;
}

function byPosition<T extends { position: number; label?: string; name?: string }>(a: T, b: T): number {
  return a.position - b.position || (a.label ?? a.name ?? '').localeCompare(b.label ?? b.name ?? '', 'es');
}

/**
 * The two-level menu of spec 2.6 from the session's permissions: rail groups, their parents, and the parents'
 * children, each sorted by its position; profile entries and routes without a screen are left out.
 */
export function buildSideNav(permissions: Permission[], masks: Mask[], options: SideNavOptions): NavGroup[] {
  const groups = new Map<string, GroupDraft>();

  for (const permission of permissions) {
    if (normalize(permission.NombreGrupo) === EXCLUDED_GROUP) continue;
    if (options.systemId !== undefined && permission.IdSistema !== options.systemId) continue;
    if (!permission.Acciones.includes('index')) continue;

    const external = normalize(permission.NombreSistemaModulo) === EXTERNAL_PARENT;
    if (external ? !options.sedeccUrl : !options.isAppRoute(permission.Ruta)) continue;

    const group = groups.get(permission.NombreGrupo) ?? {
      name: permission.NombreGrupo,
      subtitle: permission.SubtituloGrupo,
      position: permission.PosicionGrupo,
      parents: new Map<string, ParentDraft>(),
    };
    group.position = Math.min(group.position, permission.PosicionGrupo);
    groups.set(permission.NombreGrupo, group);

    const parent = group.parents.get(permission.NombreSistemaModulo) ?? {
      name: permission.NombreSistemaModulo,
      position: permission.PosicionGroupModulos,
      children: new Map<string, ChildDraft>(),
    };
    parent.position = Math.min(parent.position, permission.PosicionGroupModulos);
    group.parents.set(permission.NombreSistemaModulo, parent);

    // The same route reaches the list once per role that grants it: keep one, at its best position.
    const existing = parent.children.get(permission.Ruta);
    if (existing) {
      existing.position = Math.min(existing.position, permission.PosicionGroupModulosSub);
      continue;
    }
    parent.children.set(permission.Ruta, {
      label: maskName(permission.Ruta, masks) ?? shortenDashboardLabel(permission.NombreSistemaModuloSub),
      rawName: permission.NombreSistemaModuloSub,
      href: external && options.sedeccUrl ? sedeccHref(options.sedeccUrl, permission.Ruta) : permission.Ruta,
      external,
      position: permission.PosicionGroupModulosSub,
    });
  }

  return [...groups.values()].sort(byPosition).map((group) => ({
    id: group.name,
    name: group.name,
    subtitle: group.subtitle,
    entries: [...group.parents.values()].sort(byPosition).map((parent) => toEntry(group.name, parent, masks)),
  }));
}

function toEntry(groupName: string, parent: ParentDraft, masks: Mask[]): NavEntry {
  const id = `${groupName}/${parent.name}`;
  const children = [...parent.children.values()].sort(byPosition);
  const [only] = children;
  if (children.length === 1 && only && normalize(only.rawName) === normalize(parent.name)) {
    const label = only.external ? parent.name : (maskName(only.href, masks) ?? parent.name);
    return { kind: 'link', id, label, href: only.href, external: only.external };
  }
  return {
    kind: 'parent',
    id,
    label: parent.name,
    children: children.map(({ label, href, external }) => ({ label, href, external })),
  };
}

/** The group whose entries contain the route, to preselect it in the rail. */
export function groupOfRoute(groups: NavGroup[], route: string): NavGroup | undefined {
  return groups.find((group) =>
    group.entries.some((entry) =>
      entry.kind === 'link' ? entry.href === route : entry.children.some((child) => child.href === route),
    ),
  );
}

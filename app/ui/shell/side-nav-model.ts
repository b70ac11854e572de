import type { Mask, Permission } from '#sync/schemas/auth.schema.ts';
import { paths } from '#app/navigation/paths.ts';

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

/** Case, accents and spacing aside, so "Dashboard Gestion de desempeño" still finds its spec label. */
const fold = (text: string) =>
  normalize(text)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ');

/** Spec 2.6, word for word: the dashboard entries are shortened; other names are kept. */
const DASHBOARD_LABELS: Record<string, string> = {
  dashboard: 'principal',
  'dashboard observaciones': 'Observaciones',
  'dashboard inspecciones': 'Inspecciones',
  'dashboard capacitaciones': 'Capacitaciones',
  'dashboard incidentes': 'Incidentes',
  'dashboard gestion de desempeno': 'Gestión de Desempeño',
  'dashboard percepcion del riesgo': 'Percepción del Riesgo',
  'dashboard epp': 'EPP',
};

function maskName(route: string, masks: Mask[]): string | undefined {
  const level = MASKED_ROUTES[route];
  if (level === undefined) return undefined;
  return masks.find((mask) => mask.TipoNv === level)?.Nombre;
}

/**
 * Spec 2.6 label overrides of a menu entry: the level maintainers (/nv2, /nv3, /nv4) take the company's mask name
 * (TipoNv 2, 3, 4), the dashboards are shortened ("Dashboard" -> "principal", "Dashboard Observaciones" ->
 * "Observaciones"); any other entry keeps its name.
 */
export function entryLabel(name: string, route: string, masks: Mask[]): string {
  return maskName(route, masks) ?? DASHBOARD_LABELS[fold(name)] ?? name.trim();
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
      label: entryLabel(permission.NombreSistemaModuloSub, permission.Ruta, masks),
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
    const label = only.external ? parent.name.trim() : entryLabel(parent.name, only.href, masks);
    return { kind: 'link', id, label, href: only.href, external: only.external };
  }
  return {
    kind: 'parent',
    id,
    label: parent.name,
    children: children.map(({ label, href, external }) => ({ label, href, external })),
  };
}

/** Screens whose address is not under their menu entry's route: each print page belongs to its records' list. */
const SCREENS_OUTSIDE_THEIR_ENTRY: readonly (readonly [prefix: string, route: string])[] = [
  ['/pdf/inspeccion', paths.inspecciones.list.href],
  ['/pdf/observacion', paths.inspecciones.list.href],
  ['/pdf/varios', paths.inspecciones.list.href],
  ['/pdf/capacitacion', paths.capacitaciones.realizadas.list.href],
  ['/pdf/epp', paths.eppEntregados.list.href],
  ['/pdf/incidentes', paths.incidentes.list.href],
];

const isUnder = (pathname: string, route: string) => pathname === route || pathname.startsWith(`${route}/`);

/** Where the screen in view sits in the menu: its group, the drawer entry (link or parent) and the link. */
export interface NavLocation {
  group: NavGroup;
  entryId: string;
  href: string;
}

/**
 * The menu entry of the screen in view: among the in-app links, the one with the longest route that holds the
 * address, so a detail, form or report page (/inspecciones/detalles/{id}, /trabajadores/editar/{id}) belongs to
 * its list and /dashboard/epp to itself rather than to /dashboard. Undefined for screens in no menu entry.
 */
export function locateInNav(groups: NavGroup[], pathname: string): NavLocation | undefined {
  const address = SCREENS_OUTSIDE_THEIR_ENTRY.find(([prefix]) => isUnder(pathname, prefix))?.[1] ?? pathname;
  let found: NavLocation | undefined;
  for (const group of groups) {
    for (const entry of group.entries) {
      const links = entry.kind === 'link' ? [entry] : entry.children;
      for (const link of links) {
        if (!isUnder(address, link.href) || (found && found.href.length >= link.href.length)) continue;
        found = { group, entryId: entry.id, href: link.href };
      }
    }
  }
  return found;
}

/** A screen of the person's menu, named as the menu names it: a child with its parent ("EPP › Entregados"). */
export interface NavShortcut {
  label: string;
  href: string;
}

/**
 * The in-app screens the menu opens, in the menu's order, each once, leaving out `exclude` (the home itself) and the
 * external site: the shortcuts Inicio offers a role with few screens, and «Sin acceso» offers everyone.
 */
export function navShortcuts(groups: NavGroup[], exclude: readonly string[] = []): NavShortcut[] {
  const seen = new Set(exclude);
  const shortcuts: NavShortcut[] = [];
  const add = (label: string, link: NavLink) => {
    if (link.external || seen.has(link.href)) return;
    seen.add(link.href);
    shortcuts.push({ label, href: link.href });
  };
  for (const group of groups) {
    for (const entry of group.entries) {
      if (entry.kind === 'link') add(entry.label, entry);
      else for (const child of entry.children) add(`${entry.label} › ${child.label}`, child);
    }
  }
  return shortcuts;
}

import type { AnyEntity } from '../records/entity.ts';
import type { PermissionAction } from '../records/permissions.ts';

/** The demo company's narrow roles; the administrator is granted every route. */
export type DemoRole = 'supervisor' | 'contratista' | 'cliente' | 'guardia';

/** A drawer parent (spec `modulos`). Its id is fixed: roles' grants point at its submodules. */
export interface MenuParent {
  IdModulo: number;
  IdGrupo: number;
  IdSistema: number;
  nombre: string;
}

/**
 * A menu entry (spec `submodulos`): a route a role is granted actions on. Ids are written, never computed: they are
 * stored in every company's roles, so an entry keeps its id wherever it moves in this list.
 */
export interface MenuEntry {
  parent: MenuParent;
  IdSubmodulo: number;
  posicion: number;
  nombre: string;
  ruta: string;
  /**
   * The entity this entry maintains (its list, nuevo, editar/{id}, detalles/{id} under `ruta`): the device corrects a
   * refused write of it there, and a catalogue needs nothing else to be kept on the device.
   */
  records?: string;
  /** What the demo company's narrow roles may do here. */
  demo?: Partial<Record<DemoRole, readonly PermissionAction[]>>;
}

/**
 * What a module is, said once and read by both sides: its synced entities by table, and its menu entries. The
 * server half (`server/modules/<name>/<name>.module.ts`) and the app half (`app/modules/<name>/<name>.module.tsx`)
 * add what runs there; both are found by this name.
 */
export interface ModuleManifest<Name extends string = string, Entities extends Record<string, AnyEntity> = Record<string, AnyEntity>> {
  name: Name;
  entities: Entities;
  menu: readonly MenuEntry[];
}

export function defineModule<const Name extends string, const Entities extends Record<string, AnyEntity> = Record<never, AnyEntity>>(
  manifest: { name: Name; entities?: Entities; menu?: readonly MenuEntry[] },
): ModuleManifest<Name, Entities> {
  return { name: manifest.name, entities: manifest.entities ?? ({} as Entities), menu: manifest.menu ?? [] };
}

export function menuParent(IdModulo: number, IdGrupo: number, IdSistema: number, nombre: string): MenuParent {
  return { IdModulo, IdGrupo, IdSistema, nombre };
}

/** Grants of the demo roles, shared by many entries. */
export const FIELD: readonly PermissionAction[] = ['index', 'crear', 'editar'];
export const READ: readonly PermissionAction[] = ['index'];

import { MODULES } from '../modules/module-list.ts';
import type { AnyEntity } from './entity.ts';

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/**
 * Every synced entity of the product, by table: the entities the modules of sync/modules/module-list.ts declare. app/
 * and server/ build their registries from this map, keyed by its tables.
 */
export const ENTITIES = Object.assign({}, ...MODULES.map((module) => module.entities)) as UnionToIntersection<(typeof MODULES)[number]['entities']>;

export type Entities = typeof ENTITIES;
export type EntityTable = keyof Entities;

/** In pull order: parents before the records that point at them. */
export const ENTITY_LIST: readonly AnyEntity[] = Object.values(ENTITIES).sort((a, b) => a.pullOrder - b.pullOrder);

export class UndescribedTableError extends Error {
  override name = 'UndescribedTableError';
  constructor(table: string) {
    super(`La tabla «${table}» no está descrita en ningún módulo (sync/modules/module-list.ts)`);
  }
}

export function isEntityTable(table: string): table is EntityTable {
  return Object.hasOwn(ENTITIES, table);
}

/** The description of a table; an undescribed table fails loudly instead of falling through to another's. */
export function entityOf(table: string): AnyEntity {
  if (!isEntityTable(table)) throw new UndescribedTableError(table);
  return ENTITIES[table];
}

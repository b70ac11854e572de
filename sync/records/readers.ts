import type { AnyEntity } from './entity.ts';

/** Every user of the company reads it: shared reference data (audience 'todos'). */
export const EVERY_USER = 'todos';

/**
 * Who may read an entity's records, as permission routes whose `index` grants it (SPEC PL10): reference data
 * (audience 'todos') every user of the company; any other record whoever may read its own route, its `readBy`
 * routes, or any record that points at it (an inspection's reader sees its observed workers; an EPP delivery's,
 * its worker), so a module added later gives its readers what its records point at without naming them.
 */
export function readersOf(entity: AnyEntity, entities: readonly AnyEntity[]): typeof EVERY_USER | readonly string[] {
  if (entity.audience === 'todos') return EVERY_USER;
  const routes = new Set<string>();
  const visited = new Set<string>();
  // Reference data that points at a record (an EPP assignment at its worker) gives its readers, not everyone: the
  // record keeps its own audience.
  const collect = (target: AnyEntity) => {
    if (visited.has(target.table)) return;
    visited.add(target.table);
    routes.add(target.permission);
    for (const route of target.readBy ?? []) routes.add(route);
    for (const other of entities) {
      if (other.references.some((reference) => reference.table === target.table)) collect(other);
    }
  };
  collect(entity);
  return [...routes];
}

/** The tables a user reads, given what their role grants (`can(route, 'index')`). */
export function readableTables(entities: readonly AnyEntity[], canRead: (route: string) => boolean): string[] {
  return entities
    .filter((entity) => {
      const readers = readersOf(entity, entities);
      return readers === EVERY_USER || readers.some(canRead);
    })
    .map((entity) => entity.table);
}

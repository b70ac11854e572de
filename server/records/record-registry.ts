import { ENTITY_LIST, type Entities, type EntityTable } from '#sync/records/entities.ts';
import { type AnyEntity, referenceIds, type RowOf } from '#sync/records/entity.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import type { RecordStore } from './record-store.ts';

/**
 * The store of every described entity, by table: how a module reaches another module's records (a worker's
 * positions exist; a level is still in use) without importing that module. Keyed by every table, so a new
 * entity without a store does not compile.
 */
export type RecordRegistry = { [T in EntityTable]: RecordStore<RowOf<Entities[T]>> };

function storeOf(records: RecordRegistry, table: string): RecordStore<Record<string, unknown>> {
  return records[table as EntityTable] as unknown as RecordStore<Record<string, unknown>>;
}

/** "NIVEL" for niveles: the prefix of a record's own codes (NIVEL_EN_USO). */
export function codeOf(entity: AnyEntity): string {
  return entity.noun.one
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .toUpperCase();
}

/**
 * Every reference of `row` among `fields` points at an active record of the company (of the right kind): otherwise
 * 400 with the reference's message and nothing written.
 */
export async function checkReferences(
  records: RecordRegistry,
  db: Db,
  company: string,
  entity: AnyEntity,
  row: Record<string, unknown>,
  fields?: readonly string[],
): Promise<void> {
  for (const reference of entity.references) {
    if (fields && !fields.includes(reference.field)) continue;
    const ids = referenceIds(reference, row);
    if (ids.length === 0) continue;
    const found = await storeOf(records, reference.table).activeIds(db, company, ids, reference.where);
    if (found.size !== ids.length) throw new HttpError(400, reference.message, 'VALIDACION');
  }
}

/** A record another active record points at cannot be deleted: 409 `<NOMBRE>_EN_USO` with its message. */
export async function checkNotReferenced(records: RecordRegistry, db: Db, company: string, entity: AnyEntity, id: string): Promise<void> {
  for (const other of ENTITY_LIST) {
    for (const reference of other.references) {
      if (reference.table !== entity.table || reference.onDelete === 'keep') continue;
      if (await storeOf(records, other.table).isReferenced(db, company, reference, id)) {
        throw new HttpError(409, entity.messages.inUse, `${codeOf(entity)}_EN_USO`);
      }
    }
  }
}

import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type Entities, entityOf, type EntityTable } from '#sync/records/entities.ts';
import { type AnyEntity, fillPath, referenceIds, type RowOf } from '#sync/records/entity.ts';
import * as v from 'valibot';
import { type LocalFile, type LocalWrite, localWrite, localWrites } from '#app/data/local-write.ts';
import { resendCorrection } from '#app/data/refused-writes.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { deviceRecordOf } from './device-records.ts';

type Fields = Record<string, unknown>;

/** The records this body points at (its references): created offline and still queued, they must go first (OB7). */
export function referencedRecords(entity: AnyEntity, body: Fields): { table: EntityTable; id: string }[] {
  return entity.references.flatMap((reference) =>
    referenceIds(reference, body).map((id) => ({ table: reference.table as EntityTable, id })),
  );
}

/** The address of one of the record's calls, from its description: `:company`, `:user` and its own fields filled in. */
export function callPath(entity: AnyEntity, call: 'create' | 'update' | 'remove', values: Fields): string {
  const template = entity.api[call];
  if (template === undefined) throw new Error(`${entity.table} no tiene la llamada ${call}`);
  const { companyId, userId } = requireDevice();
  return `${entity.api.base}${fillPath(template, { ...values, company: companyId, user: userId })}`;
}

/** A new record's row as the device shows it until the server answers: the body plus company, state and version. */
function createdRow<T extends EntityTable>(table: T, body: Fields): LocalRows[T] {
  const { companyId } = requireDevice();
  return deviceRecordOf(table).toLocal({ ...body, IdEmpresa: companyId, Estado: 1, Version: 1 } as never) as LocalRows[T];
}

/** The local write of a creation: its row, its POST from the description and the queued records it points at. */
function createWrite<T extends EntityTable>(table: T, body: Fields, options: { row?: LocalRows[T]; files?: LocalFile[] } = {}): LocalWrite {
  const entity = entityOf(table);
  return {
    table,
    id: String(body[entity.id]),
    row: options.row ?? createdRow(table, body),
    request: { method: 'POST', path: callPath(entity, 'create', body), body },
    parents: referencedRecords(entity, body),
    files: options.files,
  };
}

/** Queues a creation whose body the module built (OB1: row, files and entry in one transaction). */
export async function queueCreate<T extends EntityTable>(
  table: T,
  body: Fields,
  options: { row?: LocalRows[T]; files?: LocalFile[] } = {},
): Promise<string> {
  const write = createWrite(table, body, options);
  await localWrite(write);
  return write.id;
}

/** Queues an update whose body (only the changed fields and the base Version, CF2) and shown row the module built. */
export async function queueUpdate<T extends EntityTable>(
  table: T,
  current: LocalRows[T],
  body: Fields,
  row: LocalRows[T],
  files?: LocalFile[],
): Promise<void> {
  const entity = entityOf(table);
  await localWrite({
    table,
    id: String((current as Fields)[entity.id]),
    row,
    request: { method: 'PUT', path: callPath(entity, 'update', current as Fields), body },
    parents: referencedRecords(entity, { ...(current as Fields), ...body }),
    files,
  });
}

/** Queues a delete of the version the person saw (`?Version=`, CF2): the server refuses it if the record changed since. */
export async function deleteRecord<T extends EntityTable>(table: T, current: LocalRows[T]): Promise<void> {
  const entity = entityOf(table);
  const row = current as Fields;
  await localWrite({
    table,
    id: String(row[entity.id]),
    row: null,
    request: { method: 'DELETE', path: `${callPath(entity, 'remove', row)}?Version=${String(row.Version)}` },
  });
}

/** The fields of a simple record a form edits. */
export type EditableFields<T extends EntityTable> = Partial<RowOf<Entities[T]>>;

function changes(entity: AnyEntity, base: Fields, fields: Fields): Fields {
  return Object.fromEntries(
    entity.fields
      .filter((field) => field in fields && JSON.stringify(base[field]) !== JSON.stringify(fields[field]))
      .map((field) => [field, fields[field]]),
  );
}

function creation<T extends EntityTable>(table: T, id: string, fields: Fields) {
  const entity = entityOf(table);
  const body = v.parse(entity.createBody!, { ...fields, [entity.id]: id }) as Fields;
  return { body, row: createdRow(table, body) };
}

/** Only the changed fields and the Version they were based on (CF2); null when nothing changed. */
function update<T extends EntityTable>(table: T, base: LocalRows[T], fields: Fields) {
  const entity = entityOf(table);
  const changed = changes(entity, base as Fields, fields);
  if (Object.keys(changed).length === 0) return null;
  const body = v.parse(entity.updateBody!, {
    [entity.id]: (base as Fields)[entity.id],
    Version: (base as Fields).Version,
    ...changed,
  }) as Fields;
  // Each queued update raises the version the server will have, so a second offline edit builds on the first (CF3).
  const row = deviceRecordOf(table).toLocal({
    ...(base as Fields),
    ...changed,
    Version: Number((base as Fields).Version) + 1,
  } as never) as LocalRows[T];
  return { body, row };
}

/** A simple record made on this device from a form's fields (and create-only ones, like a level's type); returns its id. */
export async function createRecord<T extends EntityTable>(table: T, fields: Fields): Promise<string> {
  const { body, row } = creation(table, uuidV7(), fields);
  return queueCreate(table, body, { row });
}

/**
 * Many simple records made on this device at once (a CSV load): every row and its own outbox entry, in the same path
 * as one creation, in ONE transaction: all are queued or none is. Each is validated with the create body first, so a
 * bad one throws before anything is written. Returns their ids, in order.
 */
export async function createRecords<T extends EntityTable>(table: T, list: readonly Fields[]): Promise<string[]> {
  return queueCreates(table, list.map((fields) => creation(table, uuidV7(), fields)));
}

/** Many creations whose bodies and shown rows the module built, in ONE transaction; returns their ids, in order. */
export async function queueCreates<T extends EntityTable>(
  table: T,
  list: readonly { body: Fields; row: LocalRows[T] }[],
): Promise<string[]> {
  const writes = list.map(({ body, row }) => createWrite(table, body, { row }));
  if (writes.length > 0) await localWrites(writes);
  return writes.map((write) => write.id);
}

/** False when nothing changed: no write is queued. */
export async function updateRecord<T extends EntityTable>(table: T, current: LocalRows[T], fields: Fields): Promise<boolean> {
  const write = update(table, current, fields);
  if (!write) return false;
  await queueUpdate(table, current, write.body, write.row);
  return true;
}

/**
 * RP15 for a simple record: a refused creation goes whole again with the corrected fields; a refused update is
 * rebased on the newest server version the device knows, with only the fields that differ from it.
 */
export async function resendRecord<T extends EntityTable>(table: T, deadKey: string, current: LocalRows[T], fields: Fields): Promise<void> {
  const entity = entityOf(table);
  const id = String((current as Fields)[entity.id]);
  await resendCorrection(deadKey, {
    table,
    id,
    current,
    create: (refused) => creation(table, id, { ...refused, ...fields }),
    // Corrected back to the server's version: the entry still goes, as a write that changes nothing.
    update: (base) =>
      update(table, base, fields) ?? {
        body: v.parse(entity.updateBody!, { [entity.id]: id, Version: (base as Fields).Version }),
        row: base,
      },
  });
}

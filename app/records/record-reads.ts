import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { fillPath } from '#sync/records/entity.ts';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import * as v from 'valibot';
import { apiRequest } from '#app/data/api-client.ts';
import { ApiError } from '#app/data/api-error.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { localRowOf } from './device-records.ts';

/**
 * One record from the server, by its description's detail call, in the shape the device keeps; null when it does
 * not exist for this user: data null or 404 (absent, or not theirs to see), deleted (Estado 0), or an id no record
 * can have. Only read: the device stores it when a pull brings it, and any write still goes through the outbox.
 */
export async function fetchServerRecord<T extends EntityTable>(
  table: T,
  id: string,
  company: string,
  signal?: AbortSignal,
): Promise<LocalRows[T] | null> {
  const entity = entityOf(table);
  if (!v.is(RecordIdSchema, id)) return null;
  const path = `${entity.api.base}${fillPath(entity.api.detail, { company, [entity.id]: id })}`.replace(/^\/api/, '');
  try {
    const answer = await apiRequest<{ data: Record<string, unknown> | null }>(path, { signal });
    if (!answer.data) return null;
    // A detail call may add to the record (a worker's signed file addresses): the device keeps only its fields.
    const own = Object.entries(answer.data).filter(([field]) => field in entity.schema.entries);
    return localRowOf(table, Object.fromEntries(own)) as LocalRows[T] | null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

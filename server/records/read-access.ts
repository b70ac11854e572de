import { ENTITY_LIST } from '#sync/records/entities.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { EVERY_USER, readersOf } from '#sync/records/readers.ts';
import { permit } from '../tenancy/permit.ts';

/**
 * The check of a record's list and detail calls: whoever pulls its records may also read them through the API
 * (SPEC PL10), so a device that downloads its tables again (PL5, PL11) gets from the list exactly what the change
 * log would give it. Reference data keeps its own route's check: every device pulls it, and a refused list only
 * means "keep the pulled copy".
 */
export function readAccess(entity: AnyEntity) {
  const readers = readersOf(entity, ENTITY_LIST);
  return permit(readers === EVERY_USER ? entity.permission : readers, 'index');
}

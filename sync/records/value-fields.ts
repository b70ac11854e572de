import * as v from 'valibot';
import { RecordIdSchema } from './record-fields.ts';

/** A whole number from `min` to `max`, with one message for any other value: months of useful life or of validity. */
export function wholeNumberSchema(min: number, max: number, message: string) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
}

/**
 * Ids of other records (an EPP's activities, a training type's EPP): up to `max` as sent, repeats counted, then each
 * kept once in the order first given. `tooMany` is the refusal past `max`; valibot's own message when absent.
 */
export function recordIdsSchema(message: string, max: number, tooMany?: string) {
  return v.pipe(
    v.array(RecordIdSchema, message),
    v.maxLength(max, tooMany),
    v.transform((ids) => [...new Set(ids)]),
  );
}

import { createHash } from 'node:crypto';
import { uuidOfHash } from '#server/seed/seed-id.ts';

/**
 * A stable id from what a row is about, so the same document or accreditation is never made twice. Stored rows carry
 * these ids: the parts, their separator and the variant never change.
 */
export const derivedId = (...parts: string[]) => uuidOfHash(createHash('sha256').update(parts.join('|')).digest('hex'), 'a');

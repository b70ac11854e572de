import * as v from 'valibot';
import type { WorksiteFields } from './entity.ts';

/**
 * A field device holds the records of the worksites its user works in (SPEC PL13): its download of a record that
 * carries a worksite asks the list call for `?Faenas=propias`, and the feed gives it only those changes.
 */
export const OWN_WORKSITES_QUERY = { Faenas: 'propias' } as const;

export const WorksitesQuerySchema = v.optional(v.picklist(['propias'], 'Faenas solo admite el valor propias'));

/**
 * Whether a record at these levels is one a user of `worksites` holds: every record for the whole company (null),
 * and a record that names no worksite for anyone.
 */
export function inWorksites(worksites: readonly string[] | null, nivel2: unknown, nivel3: unknown): boolean {
  if (worksites === null || (!nivel2 && !nivel3)) return true;
  return (typeof nivel2 === 'string' && worksites.includes(nivel2)) || (typeof nivel3 === 'string' && worksites.includes(nivel3));
}

/** `inWorksites` for a row of a record described with `worksite` fields. */
export function rowInWorksites(worksites: readonly string[] | null, fields: WorksiteFields, row: Record<string, unknown>): boolean {
  return inWorksites(worksites, row[fields.nivel2], fields.nivel3 ? row[fields.nivel3] : null);
}

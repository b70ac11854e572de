import * as v from 'valibot';
import type { RecordWorksite, WorksiteFields } from './entity.ts';

/**
 * A field device holds the records of the worksites its user works in (SPEC PL13): its download of a record that
 * carries a worksite asks the list call for `?Faenas=propias`, and the feed gives it only those changes.
 */
export const OWN_WORKSITES_QUERY = { Faenas: 'propias' } as const;

const LevelId = v.pipe(v.string(), v.uuid());

/**
 * A list call's download parameters (SPEC PL13, PL15). `Faenas=propias`: only the user's worksites. `Antes`: the
 * worksites the device held before its user's scope was widened, comma-separated; the list then answers only the
 * rows the device lacks (empty: the device held only rows naming none).
 */
export const DeviceScopeQueryEntries = {
  Faenas: v.optional(v.picklist(['propias'], 'Faenas solo admite el valor propias')),
  Antes: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(8000),
      v.transform((text) => text.split(',').filter(Boolean)),
      v.check((ids) => ids.every((id) => v.is(LevelId, id)), 'Antes solo admite ids de faenas separados por comas'),
    ),
  ),
};
export type DeviceScopeQuery = v.InferOutput<v.ObjectSchema<typeof DeviceScopeQueryEntries, undefined>>;

/** A record's worksite levels; both null for a record at no worksite (every device holds it). */
export interface WorksiteLevels {
  nivel2: string | null;
  nivel3: string | null;
}

const NOWHERE: WorksiteLevels = Object.freeze({ nivel2: null, nivel3: null });

export function namesOwnWorksite(worksite: RecordWorksite): worksite is WorksiteFields {
  return 'nivel2' in worksite;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Where a row is (SPEC PL13, PL16): its own levels, or the worksite all of its workers share (`levelsOf` gives a
 * worker's; an unknown worker or workers at different worksites: none, so every device holds it).
 */
export function worksiteOfRow(
  worksite: RecordWorksite,
  row: Record<string, unknown>,
  levelsOf: (worker: string) => WorksiteLevels | undefined = () => undefined,
): WorksiteLevels {
  if (namesOwnWorksite(worksite)) {
    return { nivel2: text(row[worksite.nivel2]), nivel3: worksite.nivel3 ? text(row[worksite.nivel3]) : null };
  }
  const levels = [...new Set(worksite.workers(row))].map(levelsOf);
  const [first] = levels;
  if (!first || levels.some((one) => one?.nivel2 !== first.nivel2 || one?.nivel3 !== first.nivel3)) return NOWHERE;
  return first;
}

/**
 * Whether a record at these levels is one a user of `worksites` holds: every record for the whole company (null),
 * and a record that names no worksite for anyone.
 */
export function inWorksites(worksites: readonly string[] | null, nivel2: unknown, nivel3: unknown): boolean {
  if (worksites === null || (!nivel2 && !nivel3)) return true;
  return (typeof nivel2 === 'string' && worksites.includes(nivel2)) || (typeof nivel3 === 'string' && worksites.includes(nivel3));
}

/**
 * The rows of a download a device of `worksites` holds; with `before` (a widened scope, PL15), only those it did not
 * hold already.
 */
export function keepInWorksites<Row extends Record<string, unknown>>(
  rows: readonly Row[],
  worksite: RecordWorksite,
  scope: { worksites: readonly string[] | null; before?: readonly string[] },
  levelsOf?: (worker: string) => WorksiteLevels | undefined,
): Row[] {
  return rows.filter((row) => {
    const { nivel2, nivel3 } = worksiteOfRow(worksite, row, levelsOf);
    return inWorksites(scope.worksites, nivel2, nivel3) && !(scope.before && inWorksites(scope.before, nivel2, nivel3));
  });
}

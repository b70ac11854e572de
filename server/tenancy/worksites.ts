import { sql, type RawBuilder } from 'kysely';

/**
 * A user's worksites as stored (`usuarios.Faenas`, a JSON array of level ids): null when the list is empty, the
 * whole company (SPEC PL13). A value that does not read as a list of ids also means the whole company: the server
 * stays the judge of what a user may see, and a device holding more than its worksites loses nothing.
 */
export function worksitesOf(stored: string): readonly string[] | null {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return null;
    const ids = parsed.filter((id): id is string => typeof id === 'string' && id !== '');
    return ids.length ? Object.freeze(ids) : null;
  } catch {
    return null;
  }
}

/** SQL for `inWorksites` (sync/records/worksites.ts) over two level columns: a row of one of `worksites`, or of none. */
export function inWorksitesSql(nivel2: string, nivel3: string, worksites: readonly string[]): RawBuilder<boolean> {
  const [two, three] = [sql.ref(nivel2), sql.ref(nivel3)];
  if (worksites.length === 0) return sql<boolean>`(${two} IS NULL AND ${three} IS NULL)`;
  const ids = sql.join([...worksites]);
  return sql<boolean>`((${two} IS NULL AND ${three} IS NULL) OR ${two} IN (${ids}) OR ${three} IN (${ids}))`;
}

/** The rows a device of a widened scope lacks (SPEC PL15): not of the worksites it held `before`, nor of none. */
export function notInWorksitesSql(nivel2: string, nivel3: string, before: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`NOT ${inWorksitesSql(nivel2, nivel3, before)}`;
}

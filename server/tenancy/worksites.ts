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

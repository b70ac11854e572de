/** "Nombres ApellidoPaterno ApellidoMaterno", skipping an empty surname: how users and workers are named everywhere. */
export function personName(person: { Nombres: string; ApellidoPaterno: string; ApellidoMaterno: string | null }): string {
  return [person.Nombres, person.ApellidoPaterno, person.ApellidoMaterno].filter(Boolean).join(' ');
}

/** A name as two writings of it compare: NFC, lower case, no spaces of any kind. */
function comparable(name: string): string {
  return name.normalize('NFC').toLowerCase().normalize('NFC').replace(/\s+/gu, '');
}

/**
 * SPEC EP6, EP7: whether a name written on a sealed record (an EPP acta's worker or deliverer) is one of the person's
 * names (their current one and any earlier one), ignoring case, Unicode composition and spaces. "JOSÉ  pérez" (with
 * a decomposed é) is José Pérez; "José Perez" is not. An empty name is nobody's.
 */
export function isNameOf(written: string, names: Iterable<string>): boolean {
  const wanted = comparable(written);
  if (wanted === '') return false;
  for (const name of names) if (comparable(name) === wanted) return true;
  return false;
}

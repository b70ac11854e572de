/** `{ field: Version at which it last changed }`, stored as JSON in each synced row's `VersionesCampos`. */
export type FieldVersions = Record<string, number>;

export function parseFieldVersions(json: string): FieldVersions {
  const parsed = JSON.parse(json) as unknown;
  return parsed !== null && typeof parsed === 'object' ? (parsed as FieldVersions) : {};
}

export type UpdatePlan =
  | { kind: 'conflict' }
  | { kind: 'noop' }
  | { kind: 'apply'; version: number; fieldVersions: FieldVersions };

/**
 * SPEC CF1–CF4 for an update carrying the `Version` it was based on and the fields whose value it changes.
 * Fresh: applied. Stale: merged when none of its fields changed on the server after `base` (two people editing
 * different fields), a conflict otherwise, and always a conflict when it touches a state field. A field never
 * changed since creation counts as changed at Version 1. A base ahead of the server (a restored database) is
 * a conflict too: nobody can say what it overwrote.
 */
export function planUpdate(
  current: { Version: number; VersionesCampos: string },
  base: number,
  changedFields: readonly string[],
  stateFields: readonly string[] = [],
): UpdatePlan {
  if (base > current.Version) return { kind: 'conflict' };
  if (changedFields.length === 0) return { kind: 'noop' };
  const fieldVersions = parseFieldVersions(current.VersionesCampos);
  if (base < current.Version) {
    const touchedSince = changedFields.some((field) => stateFields.includes(field) || (fieldVersions[field] ?? 1) > base);
    if (touchedSince) return { kind: 'conflict' };
  }
  const version = current.Version + 1;
  for (const field of changedFields) fieldVersions[field] = version;
  return { kind: 'apply', version, fieldVersions };
}

/** Whether two wire values differ (plain JSON data: strings, numbers, null, arrays, objects). */
export function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * Append-only children (SPEC CF5): each has its own id; a new id is appended, a known id replaces that child in
 * place. Never a conflict, and never a removal of children the body did not mention.
 */
export function mergeChildren<T extends object>(
  existing: readonly T[],
  incoming: readonly T[],
  idOf: (child: T) => string,
  merge: (stored: T, sent: T) => T = (_stored, sent) => sent,
): { list: T[]; changed: boolean } {
  const list = [...existing];
  let changed = false;
  for (const child of incoming) {
    const index = list.findIndex((known) => idOf(known) === idOf(child));
    if (index === -1) {
      list.push(child);
      changed = true;
      continue;
    }
    const next = merge(list[index]!, child);
    if (differs(list[index], next)) {
      list[index] = next;
      changed = true;
    }
  }
  return { list, changed };
}

/** What a module write ends in: the stored row, a conflict (with the server's row), or nothing changed. */
export type WriteOutcome<Row> = { kind: 'written'; row: Row } | { kind: 'conflict'; row: Row } | { kind: 'unchanged'; row: Row };

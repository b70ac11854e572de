import type { Noun, WriteFailureMessages } from './entity.ts';

/**
 * Office data the device does not keep (users, roles, contractor companies, clients: read online, SPEC OF1), whose
 * writes still go through the outbox. The description names them in the queue and in Sincronización the way an
 * entity's does; `kind` is the first half of the entry's `recordKey` and never a table of the device.
 */
export interface OfficeRecord<Kind extends string = string> {
  kind: Kind;
  noun: Noun;
  /** How the record is named in the queue, from a write's body (a creation) or the id its path names. */
  displayName(body: Record<string, unknown>): string;
  /** What a write does when its method does not say it ("Desactivar"). */
  verb?(write: { method: string; path: string }): string | undefined;
  /** The spec's notices of its refused writes, before the server's reason. */
  failures?: WriteFailureMessages;
}

export function defineOfficeRecord<const Kind extends string>(record: OfficeRecord<Kind>): OfficeRecord<Kind> {
  return record;
}

/** The verb of a write whose path ends in a spec call name (`.../desactivar/{company}`): "Desactivar". */
export function verbFromPath(path: string, verbs: Readonly<Record<string, string>>): string | undefined {
  return path
    .split('/')
    .map((segment) => verbs[segment])
    .find((verb) => verb !== undefined);
}

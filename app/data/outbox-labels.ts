import type { EntryState, OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { describedWriteOf, failureNoticeOf, manyDeletesFailedOf, refusalText } from '#sync/records/office-records.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';

const VERBS: Record<OutboxEntry['method'], string> = { POST: 'Crear', PUT: 'Editar', PATCH: 'Editar', DELETE: 'Eliminar' };

export const ENTRY_STATE_LABELS: Record<EntryState, string> = {
  pending: 'En cola',
  sending: 'Enviando',
  'failed-retrying': 'Se reintentará',
  paused: 'En pausa hasta iniciar sesión',
  dead: 'Rechazado',
};

export function tableOfEntry(entry: Pick<OutboxEntry, 'recordKey'>): string | undefined {
  return entry.recordKey?.split(':')[0];
}

export function idOfEntry(entry: Pick<OutboxEntry, 'recordKey'>): string | undefined {
  return entry.recordKey?.split(':')[1];
}

/**
 * "Crear trabajador Ana Pérez (12.345.678-5)": what a queued write does, in the person's words, from the record's
 * description (its noun, its display name, its own verbs). Every queued write names a described table or office
 * record (SPEC OF1); any other fails loudly (`describedWriteOf`).
 */
export function describeEntry(entry: OutboxEntry, row: LocalRow | null | undefined): string {
  const entity = describedWriteOf(tableOfEntry(entry) ?? '');
  const body = entry.body !== null && typeof entry.body === 'object' ? (entry.body as Record<string, unknown>) : {};
  const name = entity.displayName(body) || (row ? entity.displayName(row as Record<string, unknown>) : '');
  const verb = entity.verb?.(entry) ?? VERBS[entry.method];
  return `${verb} ${entity.noun.one}${name ? ` ${name}` : ''}`;
}

const REFUSED_WITHOUT_REASON = 'El servidor rechazó la operación.';

/** A refused entry as the person reads it: the spec's notice of its kind ("No se pudo crear el rol"), then the server's reason. */
export function refusalOfEntry(entry: Pick<OutboxEntry, 'recordKey' | 'method' | 'path' | 'lastError'>): string {
  const reason = entry.lastError?.message ?? REFUSED_WITHOUT_REASON;
  const table = tableOfEntry(entry);
  return table ? refusalText(table, entry, reason) : reason;
}

/** The spec's notice of a refused entry's kind alone, when it names one. */
export function failureNoticeOfEntry(entry: Pick<OutboxEntry, 'recordKey' | 'method' | 'path'>): string | undefined {
  const table = tableOfEntry(entry);
  return table ? failureNoticeOf(table, entry) : undefined;
}

/**
 * Several refused deletes of one kind said together where the spec names it ("Error al eliminar los accidentes"):
 * one notice per kind with two or more, in the order their entries were queued.
 */
export function manyRefusedDeletes(entries: readonly Pick<OutboxEntry, 'recordKey' | 'method'>[]): string[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const table = tableOfEntry(entry);
    if (entry.method === 'DELETE' && table) counts.set(table, (counts.get(table) ?? 0) + 1);
  }
  return [...counts].flatMap(([table, count]) => {
    const notice = count > 1 ? manyDeletesFailedOf(table) : undefined;
    return notice ? [`${notice}: el servidor rechazó ${count} eliminaciones.`] : [];
  });
}

import type { EntryState, OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { describedWriteOf } from '#sync/records/office-records.ts';
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

import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import type { Session } from '#sync/schemas/auth.schema.ts';
import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { isOfficeKind } from '#sync/records/office-records.ts';
import { failureNoticeOfEntry, idOfEntry, tableOfEntry } from '#app/data/outbox-labels.ts';
import { loadRefusedWrite, type RefusedWrite } from '#app/data/refused-writes.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';
import { deviceRecordOf } from '#app/records/device-records.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/**
 * SPEC RP15: where the person corrects and resends a refused write (`editar/{id}?corregir={key}`), or undefined
 * when it cannot be corrected (a delete, which can only be discarded) or the person may not edit that record.
 */
export function correctionHref(session: Session, entry: OutboxEntry, row?: LocalRow | null): string | undefined {
  const table = tableOfEntry(entry);
  const id = idOfEntry(entry);
  if (entry.state !== 'dead' || entry.method === 'DELETE' || !table || !id) return undefined;
  // Office data is corrected in the form that showed its refusal (SPEC OF2); here it can only be discarded.
  if (isOfficeKind(table)) return undefined;
  // Every queued write names a described table (an undescribed one fails loudly here, never falls through).
  const correction = deviceRecordOf(entityOf(table).table as EntityTable).correction;
  const routes = correction?.routes(entry, row);
  if (!correction || !routes || !hasPermission(session, entityOf(table).permission, correction.action)) return undefined;
  return `${routes.editar.href(id)}?corregir=${encodeURIComponent(entry.key)}`;
}

/** The write a form page corrects (`?corregir=<key>`): undefined while loading, null without a key or entry. */
export function useRefusedWrite(key: string | null, table: EntityTable, id: string | undefined): RefusedWrite | null | undefined {
  return useDbQuery(async (db) => (key && id ? loadRefusedWrite(db, key, table, id) : null), [key, table, id]);
}

/** True when the form resends a refused write instead of saving a new edit. */
export function isCorrecting(refused: RefusedWrite | null | undefined): refused is RefusedWrite {
  return refused?.entry.state === 'dead';
}

/** Above a correction form: the server's message and what to do (`hint`), or why the form now saves a plain edit. */
export function CorrectionNotice({ refused, hint }: { refused: RefusedWrite | null | undefined; hint?: string }) {
  if (isCorrecting(refused)) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          {failureNoticeOfEntry(refused.entry) ?? 'El servidor rechazó este cambio'}: {refused.entry.lastError?.message}
        </p>
        <p>{hint ?? 'Corrige los datos y guárdalos para enviarlo nuevamente.'}</p>
      </div>
    );
  }
  return <p className="notice notice--info">Este cambio ya no está rechazado; los datos se guardarán como una edición nueva.</p>;
}

/** What the form page tells the person once a correction is saved. */
export const CORRECTION_SAVED = 'Corrección guardada: el cambio se enviará nuevamente';

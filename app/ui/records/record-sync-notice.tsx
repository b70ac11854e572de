import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { Link } from 'react-router-dom';
import { refusalOfEntry } from '#app/data/outbox-labels.ts';
import { paths } from '#app/navigation/paths.ts';
import { useDbQuery } from '#app/sync/use-device.ts';

/** The outbox entries of one record on this device, in order, and the one the server refused (if any). */
export function useRecordOutbox(table: string, id: string) {
  const entries = useDbQuery((db) => db.outbox.where('recordKey').equals(recordKeyOf(table, id)).sortBy('seq'), [table, id]);
  return { entries, refused: entries?.find((entry) => entry.state === 'dead') };
}

interface RecordSyncNoticeProps {
  entries: OutboxEntry[] | undefined;
  refused: OutboxEntry | undefined;
  /** "de este trabajador", "de este cargo"... */
  ofWhat: string;
  /** Where the person corrects and resends the refused write, when the module supports it. */
  correctHref?: string;
}

/** What the device still owes the server for this record: a refusal with its message, or pending changes. */
export function RecordSyncNotice({ entries, refused, ofWhat, correctHref }: RecordSyncNoticeProps) {
  const syncLink = <Link to={paths.sincronizacion.href}>Ver sincronización</Link>;
  if (refused) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          El servidor rechazó un cambio {ofWhat}: {refusalOfEntry(refused)}
        </p>
        {correctHref && <Link to={correctHref}>Corregir y reenviar</Link>} {syncLink}
      </div>
    );
  }
  if (!entries || entries.length === 0) return null;
  return (
    <p className="notice notice--info" role="status">
      Guardado en este dispositivo; hay cambios pendientes de sincronizar. {syncLink}
    </p>
  );
}

import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { OutboxEntry } from '#sync/outbox/outbox-entry.ts';
import type { OfficeKind } from '#sync/records/office-records.ts';
import { describeEntry, ENTRY_STATE_LABELS } from '#app/data/outbox-labels.ts';
import { paths } from '#app/navigation/paths.ts';
import { useQueuedWrites } from './use-queued-writes.ts';
import './office.css';

/**
 * The office writes of `kind` still on this device (SPEC OF1): the list above them is the server's, so what has
 * not reached it is named here; as each one arrives, the list is read again.
 */
export function PendingOfficeWrites({ kind, refresh }: { kind: OfficeKind; refresh: QueryKey }) {
  const queryClient = useQueryClient();
  const entries = useQueuedWrites({ kindPrefix: `${kind}:` }, () => void queryClient.invalidateQueries({ queryKey: refresh }));

  return <PendingWritesNotice entries={entries ?? []} />;
}

/** What of a screen's data has not reached the server yet, each write by its name and state. */
export function PendingWritesNotice({ entries }: { entries: readonly OutboxEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="notice notice--info office-pending" aria-label="Cambios por enviar">
      <p>
        {entries.length === 1
          ? 'Un cambio guardado en este dispositivo aún no llega al servidor:'
          : `${entries.length} cambios guardados en este dispositivo aún no llegan al servidor:`}
      </p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.key}>
            {describeEntry(entry, null)} ({ENTRY_STATE_LABELS[entry.state].toLocaleLowerCase('es')})
          </li>
        ))}
      </ul>
      <Link to={paths.sincronizacion.href}>Ver en Sincronización</Link>
    </section>
  );
}

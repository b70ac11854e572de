import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { EntityTable } from '#sync/records/entities.ts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '#app/data/api-error.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { fetchServerRecord } from '#app/records/record-reads.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';

const DELETED_HERE = 'eliminado-en-este-dispositivo';

export type RecordLookup<Row> =
  | { status: 'cargando' }
  | { status: 'encontrado'; row: Row; source: 'dispositivo' | 'servidor' }
  /** Not on this device, and offline: the next sync brings it if it exists. */
  | { status: 'sin-conexion' }
  /** The server says there is no such record for this user (or `where` rules it out of the screen). */
  | { status: 'no-existe' }
  | { status: 'error'; message: string; retry: () => void };

/**
 * One record for a detail or edit screen: the device's row, live; when the device does not hold it and there is a
 * network, the server's (an office user opening a record the pull has not brought yet). Reading it stores nothing:
 * the device keeps what a pull brings, and a write made on it goes through the outbox like any other.
 */
export function useRecord<T extends EntityTable>(table: T, id: string, where?: (row: LocalRows[T]) => boolean): RecordLookup<LocalRows[T]> {
  const company = useRequiredSession().empresa.IdEmpresa;
  const online = useOnlineStatus();
  const local = useDbQuery(
    async (db): Promise<LocalRows[T] | typeof DELETED_HERE | null> => {
      const row = (await db.table(table).get(id)) as LocalRows[T] | undefined;
      if (row) return row;
      // Absent with writes still queued: deleted on this device; the server keeps it until the delete arrives.
      return (await db.outbox.where('recordKey').equals(recordKeyOf(table, id)).count()) > 0 ? DELETED_HERE : null;
    },
    [table, id],
  );
  const remote = useQuery({
    queryKey: ['registro', table, company, id],
    queryFn: ({ signal }) => fetchServerRecord(table, id, company, signal),
    enabled: local === null && online && id !== '',
  });
  const shown = (row: LocalRows[T]) => !where || where(row);

  if (local === undefined) return { status: 'cargando' };
  if (local === DELETED_HERE) return { status: 'no-existe' };
  if (local) return shown(local) ? { status: 'encontrado', row: local, source: 'dispositivo' } : { status: 'no-existe' };
  if (id === '') return { status: 'no-existe' };
  if (remote.data) return shown(remote.data) ? { status: 'encontrado', row: remote.data, source: 'servidor' } : { status: 'no-existe' };
  if (remote.data === null) return { status: 'no-existe' };
  if (!online) return { status: 'sin-conexion' };
  if (remote.isError) return { status: 'error', message: errorMessage(remote.error), retry: () => void remote.refetch() };
  return { status: 'cargando' };
}

import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { useCallback } from 'react';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { deleteRecord } from '#app/records/record-writes.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import type { RecordView } from './record-view.ts';
import { rowName } from './use-record-rows.ts';

/**
 * Eliminar, for one record or many: ask, leave out those still in use on this device (the server would refuse them
 * with the same message), queue the rest, and say so with the spec's notice, singular or plural. Resolves to the
 * number deleted.
 */
export function useDeleteRecords<T extends EntityTable, Lookups>(view: RecordView<T, Lookups>, lookups?: Lookups) {
  const confirm = useConfirm();
  const showSaved = useSavedToast();
  const notify = useNotice();
  const entity = entityOf(view.table);
  return useCallback(
    async (rows: LocalRows[T][]): Promise<number> => {
      if (rows.length === 0) return 0;
      const question = rows.length === 1 ? `¿Eliminar ${view.name && lookups !== undefined ? rowName(view, rows[0]!, lookups) : entityOf(view.table).displayName(rows[0] as Record<string, unknown>)}?` : `¿Eliminar ${rows.length} ${entity.noun.many}?`;
      if (!(await confirm({ header: `Eliminar ${rows.length === 1 ? entity.noun.one : entity.noun.many}`, message: question }))) return 0;
      const { db } = requireDevice();
      const free: LocalRows[T][] = [];
      for (const row of rows) if (!view.inUse || (await view.inUse(db, row)) === 0) free.push(row);
      for (const row of free) await deleteRecord(view.table, row);
      if (free.length < rows.length) {
        const kept = rows.length - free.length;
        notify({ message: `${entity.messages.inUse}${rows.length > 1 ? ` (${kept} de ${rows.length} no se eliminaron)` : ''}`, tone: 'error' });
      } else {
        showSaved(free.length === 1 ? entity.messages.deleted : entity.messages.deletedMany, view.noticeDuration);
      }
      return free.length;
    },
    [confirm, entity, lookups, notify, showSaved, view],
  );
}

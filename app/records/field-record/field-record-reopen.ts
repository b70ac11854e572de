import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { DraftTableName } from '#app/db/draft-row.ts';
import type { DeviceSync } from '#app/sync/device-sync.ts';
import type { FieldRecord } from './field-record.ts';

type ReopenDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

/**
 * A field record's write the server refused is never lost (SPEC TR5, IC1). Discarding it (Sincronización) leaves the
 * outbox on purpose, shows the record as the server has it, and opens the draft again as it was, signatures and
 * files included, with the server's message (`rechazo`); finishing it again is a new write. False when `deadKey`
 * is not a refused write of the record whose draft is on this device.
 */
export async function reopenFieldRecord<T extends DraftTableName>(
  record: Pick<FieldRecord<T, unknown, unknown>, 'table' | 'reopen'>,
  deadKey: string,
  device: ReopenDevice,
): Promise<boolean> {
  const { db, store, replayer } = device;
  const reopen = record.reopen!;
  const touched = [record.table, reopen.table, ...(reopen.tables ?? [])].map((name) => db.table(name));
  const tables = [db.outbox, db.outboxFiles, db.serverRows, ...touched];
  const reopened = await db.transaction('rw', tables, async () => {
    const entry = await db.outbox.where('key').equals(deadKey).first();
    const prefix = recordKeyOf(reopen.table, '');
    if (entry?.state !== 'dead' || entry.method !== reopen.method || (reopen.path && entry.path !== reopen.path)) return false;
    if (!entry.recordKey?.startsWith(prefix)) return false;
    const id = entry.recordKey.slice(prefix.length);
    const draft = await db.table(record.table).get(id);
    if (!draft) return false;
    await store.discard(deadKey);
    if (reopen.undo) await reopen.undo(db, entry, id);
    else if (!(await store.hasEntriesFor(entry.recordKey))) {
      const copy = await db.serverRows.get(entry.recordKey);
      if (copy?.row) await db.table(reopen.table).put(copy.row);
      await db.serverRows.delete(entry.recordKey);
    }
    const rechazo = reopen.refusal ? reopen.refusal(entry) : (entry.lastError?.message ?? reopen.refused);
    await db.table(record.table).put({ ...draft, estado: 'abierta', actualizadoEn: Date.now(), rechazo });
    return true;
  });
  if (reopened) {
    await replayer.refresh();
    void replayer.requestSync();
  }
  return reopened;
}

import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { DeviceSync } from '#app/sync/device-sync.ts';
import { REALISATION_PATH } from './asistencia-finish.ts';

type ReopenDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

/**
 * SPEC TR5: a realisation the server refused is never lost. Discarding it (Sincronización) leaves the outbox on
 * purpose, shows the session as the server has it, and opens the attendance again, signatures and photos as they
 * were, with the server's message; marking it realised again is a new write. False when `deadKey` is not a
 * refused realisation whose attendance is on this device.
 */
export async function reopenRefusedAttendance(deadKey: string, device: ReopenDevice): Promise<boolean> {
  const { db, store, replayer } = device;
  const reopened = await db.transaction('rw', [db.outbox, db.outboxFiles, db.asistencias, db.capacitaciones, db.serverRows], async () => {
    const entry = await db.outbox.where('key').equals(deadKey).first();
    if (!entry || entry.state !== 'dead' || entry.method !== 'PUT' || entry.path !== REALISATION_PATH || !entry.recordKey) return false;
    const id = entry.recordKey.slice(recordKeyOf('capacitaciones', '').length);
    const draft = await db.asistencias.get(id);
    if (!draft) return false;
    await store.discard(deadKey);
    if (!(await store.hasEntriesFor(entry.recordKey))) {
      const copy = await db.serverRows.get(entry.recordKey);
      if (copy?.row) await db.capacitaciones.put(copy.row as never);
      await db.serverRows.delete(entry.recordKey);
    }
    await db.asistencias.put({ ...draft, estado: 'abierta', actualizadoEn: Date.now(), rechazo: entry.lastError?.message ?? 'El servidor rechazó la asistencia' });
    return true;
  });
  if (reopened) {
    await replayer.refresh();
    void replayer.requestSync();
  }
  return reopened;
}

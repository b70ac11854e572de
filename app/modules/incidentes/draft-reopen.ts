import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { IncidenteCreateBody } from '#sync/schemas/incidentes.schema.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';

type ReopenDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

const CASE_RECORD = recordKeyOf('incidentes', '');

/**
 * SPEC IC1: a report the server refused is never lost. Discarding it in Sincronización (RP16) does, in ONE
 * transaction: the refused entry leaves the outbox, the case and measure rows the sending wrote leave the device,
 * and the draft opens again as it was, photos and signatures included, with the server's message to correct it.
 * Later writes of that case (a DIAT marked filed, a step of a measure) then go as RP16 says, and the server refuses
 * them with its message: the person sees them in Sincronización. False when `deadKey` is not a refused report
 * whose draft is on this device.
 */
export async function reopenRefusedReport(deadKey: string, device: ReopenDevice = requireDevice()): Promise<boolean> {
  const { db, store, replayer } = device;
  const reopened = await db.transaction('rw', [db.outbox, db.outboxFiles, db.borradores_incidentes, db.incidentes, db.medidas_control, db.serverRows], async () => {
    const entry = await db.outbox.where('key').equals(deadKey).first();
    if (entry?.state !== 'dead' || entry.method !== 'POST' || !entry.recordKey?.startsWith(CASE_RECORD)) return false;
    const id = entry.recordKey.slice(CASE_RECORD.length);
    const draft = await db.borradores_incidentes.get(id);
    if (!draft) return false;
    const measures = ((entry.body ?? {}) as Partial<IncidenteCreateBody>).MedidasControl?.map((measure) => measure.IdMedidaControl) ?? [];
    await store.discard(deadKey);
    const rechazo = { mensaje: entry.lastError?.message ?? 'El servidor rechazó el reporte', ...(entry.lastError?.code ? { codigo: entry.lastError.code } : {}) };
    await Promise.all([
      db.incidentes.delete(id),
      db.medidas_control.bulkDelete(measures),
      db.serverRows.delete(entry.recordKey),
      db.borradores_incidentes.put({ ...draft, estado: 'abierta', actualizadoEn: Date.now(), rechazo }),
    ]);
    return true;
  });
  if (reopened) {
    await replayer.refresh();
    void replayer.requestSync();
  }
  return reopened;
}

import type { IncidenteCreateBody } from '#sync/schemas/incidentes.schema.ts';
import { reopenFieldRecord } from '#app/records/field-record/field-record-reopen.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';

type ReopenDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

/** The report's POST: the case and measure rows it wrote leave the device; the draft keeps the server's message and code. */
const REFUSED_REPORT = {
  table: 'borradores_incidentes',
  reopen: {
    method: 'POST',
    table: 'incidentes',
    tables: ['medidas_control'],
    refused: 'El servidor rechazó el reporte',
    undo: async (db, entry, id) => {
      const measures = ((entry.body ?? {}) as Partial<IncidenteCreateBody>).MedidasControl?.map((measure) => measure.IdMedidaControl) ?? [];
      await Promise.all([db.incidentes.delete(id), db.medidas_control.bulkDelete(measures), db.serverRows.delete(entry.recordKey!)]);
    },
    refusal: (entry) => ({
      mensaje: entry.lastError?.message ?? 'El servidor rechazó el reporte',
      ...(entry.lastError?.code ? { codigo: entry.lastError.code } : {}),
    }),
  },
} as const satisfies Parameters<typeof reopenFieldRecord>[0];

/**
 * SPEC IC1: a report the server refused is never lost. Discarding it in Sincronización (RP16) does, in ONE
 * transaction: the refused entry leaves the outbox, the case and measure rows the sending wrote leave the device,
 * and the draft opens again as it was, photos and signatures included, with the server's message to correct it.
 * Later writes of that case (a DIAT marked filed, a step of a measure) then go as RP16 says, and the server refuses
 * them with its message: the person sees them in Sincronización. False when `deadKey` is not a refused report
 * whose draft is on this device.
 */
export function reopenRefusedReport(deadKey: string, device: ReopenDevice = requireDevice()): Promise<boolean> {
  return reopenFieldRecord(REFUSED_REPORT, deadKey, device);
}

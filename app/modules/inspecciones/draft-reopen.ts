import { type EntryError, type OutboxEntry, recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { InspeccionCreateBody } from '#sync/schemas/inspecciones.schema.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { DraftRefusal, InspectionDraft } from '#app/db/inspection-rows.ts';
import type { OutboxRow } from '#app/sync/dexie-outbox-store.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';

/**
 * SPEC IN11: a finished inspection the server refused goes back to its draft, whole, for the person to correct
 * and finish again; discarding it from Sincronización does the same, so nothing the supervisor entered is lost.
 */

type ReopenDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

const INSPECTION_RECORD = recordKeyOf('inspecciones', '');

/** Why a write that waited on a refused inspection is not sent: it goes after the corrected one. */
export const HELD_FOR_CORRECTION: EntryError & { code: string } = {
  status: 0,
  code: 'ESPERA_INSPECCION',
  message: 'Espera la inspección rechazada por el servidor: se enviará cuando la corrijas y la finalices de nuevo',
};

/** Set while a reopened draft has not been finished again. */
export function refusalOf(draft: InspectionDraft): DraftRefusal | undefined {
  return draft.rechazo;
}

/** The inspection a refused finish created, when `entry` is one: a POST of an `inspecciones` record. */
function refusedInspectionId(entry: OutboxEntry | undefined): string | undefined {
  if (entry?.state !== 'dead' || entry.method !== 'POST' || !entry.recordKey?.startsWith(INSPECTION_RECORD)) return undefined;
  return entry.recordKey.slice(INSPECTION_RECORD.length) || undefined;
}

/** Later writes that wait on the refused entry (SPEC RP11: same record, or naming it or a waiting one in dependsOn). */
async function writesWaitingOn(db: AppDb, refused: OutboxEntry): Promise<OutboxRow[]> {
  const keys = new Set([refused.key]);
  const records = new Set([refused.recordKey]);
  const waiting: OutboxRow[] = [];
  await db.outbox
    .where(':id')
    .above(refused.seq)
    .each((row) => {
      if (!(row.recordKey !== undefined && records.has(row.recordKey)) && !(row.dependsOn ?? []).some((key) => keys.has(key))) return;
      keys.add(row.key);
      records.add(row.recordKey);
      waiting.push(row);
    });
  return waiting;
}

/**
 * IN11: in ONE transaction the refused entry leaves the outbox on purpose (the store's discard, RP16), the
 * inspection and observation rows the finish wrote leave the device, and the draft opens again with its answers,
 * observations, photos and signatures as they were, plus the server's message. Writes that waited on the refused
 * entry are held (dead, with HELD_FOR_CORRECTION) instead of going to a server that never had their inspection;
 * finishing again moves them behind the new entry (`releaseHeldWrites`). False when `deadKey` is not a refused
 * finish whose draft is on this device.
 */
export async function reopenRefusedDraft(deadKey: string, device: ReopenDevice = requireDevice()): Promise<boolean> {
  const { db, store, replayer } = device;
  const reopened = await db.transaction('rw', [db.outbox, db.outboxFiles, db.borradores, db.inspecciones, db.observaciones, db.serverRows], async () => {
    const entry = await db.outbox.where('key').equals(deadKey).first();
    const id = refusedInspectionId(entry);
    const draft = id ? await db.borradores.get(id) : undefined;
    if (!entry || !id || !draft) return false;
    const waiting = await writesWaitingOn(db, entry);
    // One refused for its own reason keeps its message; those behind it wait on it (RP11) wherever they go.
    const held = waiting.filter((row) => row.state !== 'dead');
    const observations = ((entry.body ?? {}) as Partial<InspeccionCreateBody>).Observaciones?.map((obs) => obs.IdObservacion) ?? [];
    await store.discard(deadKey);
    for (const row of held) await store.markDead(row.key, HELD_FOR_CORRECTION);
    const refusal: DraftRefusal = { mensaje: entry.lastError?.message ?? 'El servidor rechazó la inspección', retenidas: held.map((row) => row.key) };
    if (entry.lastError?.code) refusal.codigo = entry.lastError.code;
    const reopenedDraft: InspectionDraft = { ...draft, estado: 'abierta', actualizadoEn: Date.now(), rechazo: refusal };
    await Promise.all([
      db.inspecciones.delete(id),
      db.observaciones.bulkDelete(observations),
      // Copies of rows the server never had: a later discard of a held write must not bring them back (PL6).
      db.serverRows.bulkDelete(observations.map((obs) => recordKeyOf('observaciones', obs))),
      waiting.some((row) => row.recordKey === entry.recordKey) ? undefined : db.serverRows.delete(entry.recordKey!),
      db.borradores.put(reopenedDraft),
    ]);
    return true;
  });
  if (reopened) {
    // What the replayer's own discard does: the counters and the status show the change at once.
    await replayer.refresh();
    void replayer.requestSync();
  }
  return reopened;
}

/**
 * IN11: finishing a reopened draft again moves the writes held for it behind its new entry, in their order and
 * with their keys, naming the new entry in `dependsOn`: they reach the server after the corrected inspection.
 * Runs inside the finish's transaction.
 */
export async function releaseHeldWrites(
  device: Pick<DeviceSync, 'db' | 'store'>,
  refusal: DraftRefusal | undefined,
  finished: Promise<OutboxEntry>,
): Promise<void> {
  if (!refusal?.retenidas.length) return;
  const { db, store } = device;
  const { key: inspectionKey } = await finished;
  const rows = await db.outbox.where('key').anyOf(refusal.retenidas).sortBy('seq');
  for (const row of rows) {
    // Discarded by the person meanwhile: gone. Still held: moved.
    if (row.state !== 'dead' || row.lastError?.code !== HELD_FOR_CORRECTION.code) continue;
    const [files, present] = await Promise.all([
      Promise.all((row.files ?? []).map((file) => store.getFile(file.sha256))),
      db.outbox.where('key').anyOf(row.dependsOn ?? []).toArray(),
    ]);
    const { seq: _seq, fileShas: _fileShas, lastError: _lastError, ...entry } = row;
    await store.discard(row.key);
    await store.append({ ...entry, state: 'pending', nextAttemptAt: Date.now(), dependsOn: [...present.map((other) => other.key), inspectionKey] });
    for (const file of files) if (file) await store.putFile(file);
  }
}

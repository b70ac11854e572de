import { type OutboxEntry, recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { EntityTable } from '#sync/records/entities.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';
import { resendLocalWrite } from './local-write.ts';

/** A body as the outbox keeps it: the fields the refused write sent. */
export type RefusedBody = Record<string, unknown>;

/** What a module builds for its corrected write: the body the server gets and the row the device shows. */
export interface CorrectedWrite<Row extends LocalRow> {
  body: unknown;
  row: Row;
}

/**
 * How one module corrects a refused write of one record (SPEC RP15). A refused creation goes whole again; a
 * refused update is rebased on `base`, the newest server version of the record the device knows (PL6's copy,
 * which a pull keeps fresh while the record has writes queued), so it sends only what differs from it.
 */
export interface Correction<Row extends LocalRow> {
  table: EntityTable;
  id: string;
  /** The record on the device now: it shows the refused write. */
  current: Row;
  create: (refused: RefusedBody) => CorrectedWrite<Row>;
  update: (base: Row, refused: RefusedBody) => CorrectedWrite<Row>;
}

/** The server's version of the record as the device last knew it, or the device's row when it has no copy. */
async function serverBase<Row extends LocalRow>(db: AppDb, table: EntityTable, id: string, current: Row): Promise<Row> {
  const copy = await db.serverRows.get(recordKeyOf(table, id));
  return (copy?.row as Row | null | undefined) ?? current;
}

/** The entry of that key if it writes this record, or null: a key from an address is checked before it is trusted. */
async function entryOfRecord(db: AppDb, key: string, table: EntityTable, id: string): Promise<OutboxEntry | null> {
  const entry = await db.outbox.where('key').equals(key).first();
  if (!entry || entry.recordKey !== recordKeyOf(table, id)) return null;
  const { fileShas: _fileShas, ...rest } = entry;
  return rest;
}

/**
 * RP15 for any module: the person's corrected fields replace the refused entry's body under a new key, in the
 * entry's place (same seq), and the local row shows the correction, in one transaction (`resendLocalWrite`).
 * Deletes carry no body to correct: they can only be discarded (RP16).
 */
export async function resendCorrection<Row extends LocalRow>(
  deadKey: string,
  correction: Correction<Row>,
  device: Pick<DeviceSync, 'db' | 'store' | 'replayer'> = requireDevice(),
): Promise<void> {
  const entry = await entryOfRecord(device.db, deadKey, correction.table, correction.id);
  if (!entry || entry.state !== 'dead') throw new Error(`No existe la operación rechazada ${deadKey}`);
  if (entry.method === 'DELETE') throw new Error('Una eliminación rechazada solo se puede descartar');
  const refused = (entry.body ?? {}) as RefusedBody;
  const { body, row } =
    entry.method === 'POST'
      ? correction.create(refused)
      : correction.update(await serverBase(device.db, correction.table, correction.id, correction.current), refused);
  await resendLocalWrite(deadKey, { table: correction.table, id: correction.id, row, body }, device);
}

export interface RefusedWrite {
  /** The outbox entry named by the key; its state tells whether it is still refused. */
  entry: OutboxEntry;
  /**
   * The record as the refused write left it, to open the form with: a creation's body, or an update's fields
   * over the server version it was based on.
   */
  record: RefusedBody;
}

/** The write named by `?corregir=<key>` if it writes this record; null when there is none (already resent). */
export async function loadRefusedWrite(db: AppDb, key: string, table: EntityTable, id: string): Promise<RefusedWrite | null> {
  const entry = await entryOfRecord(db, key, table, id);
  if (!entry) return null;
  const body = (entry.body ?? {}) as RefusedBody;
  if (entry.method === 'POST') return { entry, record: body };
  const copy = await db.serverRows.get(recordKeyOf(table, id));
  const base = copy?.row ?? (await db.table<LocalRow, string>(table).get(id));
  return { entry, record: { ...base, ...body } };
}

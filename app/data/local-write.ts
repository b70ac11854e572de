import { type FileRef, newOutboxEntry, type OutboxEntry, recordKeyOf, type WriteMethod } from '#sync/outbox/outbox-entry.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { EntityTable } from '#sync/records/entities.ts';
import type { OfficeKind } from '#sync/records/office-records.ts';
import type { LocalRow } from '#app/db/reference-rows.ts';
import { registerBackgroundSync } from '#app/sync/background-sync.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';
import { rawLocalWrites } from './raw-local-write.ts';

type WriteDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

/** Shape version of every write body the app queues today (SPEC OB8): bump it with an upgrader when a body changes. */
const PAYLOAD_VERSION = 1;

const SYNC_DEBOUNCE_MS = 300;

/** Bytes kept on the device until the server has them: ArrayBuffer plus MIME type, never a Blob (SPEC FL1). */
export interface LocalFile {
  sha256: string;
  type: string;
  bytes: ArrayBuffer;
}

export interface LocalWrite {
  table: EntityTable;
  id: string;
  /** The record as the device shows it from now on; null takes it off the device (a delete). */
  row: LocalRow | null;
  request: { method: WriteMethod; path: string; body?: unknown };
  /** Records this one points at: if one was created offline and is still queued, it must reach the server first (OB7). */
  parents?: { table: EntityTable; id: string }[];
  files?: LocalFile[];
  /**
   * More local changes that must commit with this write or not at all (a finished inspection also writes its
   * observations and closes its draft). `tables` names every table `apply` touches; `entry` resolves to this write's
   * own outbox entry, for changes that must name its key (writes moved behind it).
   */
  also?: { tables: string[]; apply: (db: AppDb, entry: Promise<OutboxEntry>) => Promise<unknown> };
}

/** Takes over the discard of a refused write (RP16); false leaves it to the plain discard. */
export type DiscardHandler = (deadKey: string, device: WriteDevice) => Promise<boolean>;

const discardHandlers = new Map<string, DiscardHandler>();

/**
 * For a table whose records keep more on the device than their row (a finished inspection keeps its draft): the
 * module discards the entry itself, in the same transaction as what it keeps, so the person loses nothing.
 */
export function handleDiscardsOf(table: EntityTable, handler: DiscardHandler): void {
  discardHandlers.set(table, handler);
}

let syncTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * A burst of saves (a crew registered one after another) starts one sync, not one per save; offline, the
 * `online` event and Background Sync start it instead.
 */
function scheduleSync(replayer: WriteDevice['replayer']): void {
  registerBackgroundSync();
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  if (syncTimer) clearTimeout(syncTimer);
  syncTimer = setTimeout(() => {
    syncTimer = null;
    void replayer.requestSync();
  }, SYNC_DEBOUNCE_MS);
}

async function queuedCreations(db: AppDb, parents: NonNullable<LocalWrite['parents']>): Promise<string[]> {
  const keys: string[] = [];
  for (const parent of parents) {
    const entries = await db.outbox.where('recordKey').equals(recordKeyOf(parent.table, parent.id)).toArray();
    keys.push(...entries.filter((entry) => entry.method === 'POST').map((entry) => entry.key));
  }
  return keys;
}

/**
 * Every write of a person (SPEC OB1): the local row, its files and its outbox entry in ONE transaction, so either
 * all of them are on disk or none is; then the replayer is asked to send it. Screens never call `fetch` to write.
 */
export async function localWrite(write: LocalWrite, device: WriteDevice = requireDevice()): Promise<OutboxEntry> {
  const [entry] = await localWrites([write], device);
  return entry!;
}

/**
 * Several records written together (SPEC DR7: a crew's actas, one per worker): every row, file and outbox entry in
 * ONE transaction, each record its own entry, queued in the given order. All of them are on disk or none is.
 */
export async function localWrites(writes: readonly LocalWrite[], device: WriteDevice = requireDevice()): Promise<OutboxEntry[]> {
  // A plain save goes straight to IndexedDB (raw-local-write.ts); one with `also`, or that cannot yet, through Dexie.
  const entries = await (rawLocalWrites(device.db, writes, PAYLOAD_VERSION) ?? throughDexie(writes, device));
  scheduleSync(device.replayer);
  return entries;
}

/** `localWrites` in a Dexie transaction: for writes whose `also` uses Dexie's tables in it, and saves made before the
 * database is open or inside another Dexie transaction. */
function throughDexie(writes: readonly LocalWrite[], { db, store }: WriteDevice): Promise<OutboxEntry[]> {
  const tables = [...new Set(writes.flatMap((write) => [write.table, ...(write.also?.tables ?? [])]))].map((name) => db.table(name));
  return db.transaction('rw', [...tables, db.outbox, db.outboxFiles, db.serverRows], async () => {
    // Reads, then writes, each group issued together: every IndexedDB round trip counts on a slow tablet.
    const read = await Promise.all(
      writes.map(async (write) => {
        const recordKey = recordKeyOf(write.table, write.id);
        const [queued, current, dependsOn] = await Promise.all([
          store.hasEntriesFor(recordKey),
          db.table<LocalRow, string>(write.table).get(write.id),
          queuedCreations(db, write.parents ?? []),
        ]);
        return { recordKey, queued, current, dependsOn };
      }),
    );
    // A file several of the records carry (the deliverer's signature on every acta of a crew) is stored once.
    const files = new Map(writes.flatMap((write) => write.files ?? []).map((file) => [file.sha256, file]));
    const work: Promise<unknown>[] = [...files.values()].map((file) => store.putFile({ ...file, uploaded: false }));
    // Appends are issued in order, so each entry's seq follows the order of `writes` (OB5).
    const appended = writes.map((write, index) => {
      const { recordKey, queued, current, dependsOn } = read[index]!;
      const refs: FileRef[] = (write.files ?? []).map(({ sha256, type }) => ({ sha256, type }));
      const appending = store.append(
        newOutboxEntry({ ...write.request, payloadVersion: PAYLOAD_VERSION, recordKey, dependsOn, files: refs }, uuidV7(), Date.now()),
      );
      const table = db.table<LocalRow, string>(write.table);
      work.push(
        write.row ? table.put(write.row) : table.delete(write.id),
        // The first queued write of a record keeps the server's version of it, for a later discard (SPEC PL6).
        queued ? Promise.resolve() : db.serverRows.put({ recordKey, row: current ? { ...current } : null }),
      );
      if (write.also) work.push(write.also.apply(db, appending));
      return appending;
    });
    const [done] = await Promise.all([Promise.all(appended), ...work]);
    return done;
  });
}

/** A write of office data the device does not keep (SPEC OF1): its entry alone, under `<kind>:<id>`. */
export interface OfficeWrite {
  kind: OfficeKind;
  /** The record's id; a creation whose id the server makes names itself with a UUID of the device. */
  id: string | number;
  request: { method: WriteMethod; path: string; body?: unknown };
}

/** SPEC OF1: the write goes through the outbox like any other (exactly once, kept across a dropped connection). */
export async function queueOfficeWrite(write: OfficeWrite, device: WriteDevice = requireDevice()): Promise<OutboxEntry> {
  const entry = await device.store.append(
    newOutboxEntry(
      { ...write.request, payloadVersion: PAYLOAD_VERSION, recordKey: recordKeyOf(write.kind, String(write.id)) },
      uuidV7(),
      Date.now(),
    ),
  );
  scheduleSync(device.replayer);
  return entry;
}

/**
 * RP15: a refused write corrected by the person goes again in its original place with a new key, and the local
 * row shows the correction, in one transaction. The corrected body may reference only the entry's own files.
 */
export async function resendLocalWrite(
  deadKey: string,
  correction: { table: EntityTable; id: string; row: LocalRow | null; body: unknown },
  device: WriteDevice = requireDevice(),
): Promise<void> {
  const { db, store, replayer } = device;
  const table = db.table<LocalRow, string>(correction.table);
  await db.transaction('rw', [table, db.outbox], async () => {
    await store.replaceDead(deadKey, { key: uuidV7(), body: correction.body, payloadVersion: PAYLOAD_VERSION });
    if (correction.row) await table.put(correction.row);
    else await table.delete(correction.id);
  });
  void replayer.requestSync({ ignoreBackoff: true });
}

/**
 * RP16 and PL6: the person drops a refused write on purpose; once no write of that record is left, the device
 * shows the server's version again (or nothing, for a record the server never had).
 */
export async function discardLocalWrite(deadKey: string, device: WriteDevice = requireDevice()): Promise<void> {
  const { db, store, replayer } = device;
  const entry = await store.get(deadKey);
  const [tableName, id] = entry?.recordKey?.split(':') ?? [];
  const handler = tableName ? discardHandlers.get(tableName) : undefined;
  if (handler && (await handler(deadKey, device))) return;
  await replayer.discard(deadKey);
  if (!entry?.recordKey || !tableName || !id || !db.tables.some((table) => table.name === tableName)) return;
  const recordKey = entry.recordKey;
  const table = db.table<LocalRow, string>(tableName);
  await db.transaction('rw', [table, db.outbox, db.serverRows], async () => {
    if (await store.hasEntriesFor(recordKey)) return;
    const copy = await db.serverRows.get(recordKey);
    if (copy) {
      if (copy.row) await table.put(copy.row);
      else await table.delete(id);
    }
    await db.serverRows.delete(recordKey);
  });
}

import { Dexie, RangeSet, type IndexableType, type ObservabilitySet } from 'dexie';
import { type FileRef, newOutboxEntry, type OutboxEntry, recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { OutboxStoreError } from '#sync/outbox/outbox-store.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { AppDb } from '#app/db/app-db.ts';
import { outboxRowOf, toEntry, type OutboxRow } from '#app/sync/dexie-outbox-store.ts';
import type { LocalWrite } from './local-write.ts';

/** Every key an IndexedDB index can hold, as Dexie names the whole range. */
const everyKey = () => new RangeSet(-Infinity, [[[]]]);

/**
 * A plain save (rows, files and outbox entries, no `also`) in IndexedDB itself, in ONE strict transaction with the
 * same requests and guarantees as the Dexie path of `localWrites` (OB1, OB5, OB7, PL6, FL1): the reads first, then
 * everything that does not need their answer; the server's copy and the entries of writes with parents after them.
 * Dexie's transaction setup, and the live queries it wakes before the caller resumes, cost twice the transaction
 * itself on a tablet: here the caller resumes as soon as the transaction is on disk, and the screens' live queries
 * are told what changed a task later (`storagemutated`, as Dexie tells them, other tabs included). The database
 * runs without Dexie's query cache (app-db.ts), which writes it did not see would leave stale.
 *
 * Null when the save must go through Dexie: a write with `also` (module code that uses Dexie tables in the same
 * transaction), a database not open yet, or a call from inside a Dexie transaction (which holds the stores).
 */
export function rawLocalWrites(db: AppDb, writes: readonly LocalWrite[], payloadVersion: number): Promise<OutboxEntry[]> | null {
  if (writes.some((write) => write.also) || !db.isOpen() || Dexie.currentTransaction) return null;
  const names = { outbox: db.outbox.name, serverRows: db.serverRows.name, files: db.outboxFiles.name };
  const tables = [...new Set(writes.map((write) => write.table as string))];
  const withFiles = writes.some((write) => write.files?.length);
  let tx: IDBTransaction;
  try {
    tx = db.backendDB().transaction([...tables, names.outbox, names.serverRows, ...(withFiles ? [names.files] : [])], 'readwrite', {
      durability: 'strict',
    });
  } catch {
    return null; // Closing or upgrading: Dexie waits for it and opens again.
  }
  /** The keys written, by table and index (`''` primary keys, `':dels'` deleted ones), told to the screens once on disk. */
  const written: [table: string, index: string, key: IndexableType][] = [];
  const part = (table: string, index: string) => ({ addKey: (key: IndexableType) => written.push([table, index, key]) });

  function issue(entries: OutboxEntry[], refuse: (error: unknown) => void): void {
    const outbox = tx.objectStore(names.outbox);
    const recordKeys = writes.map((write) => recordKeyOf(write.table, write.id));

    // The reads, issued before any write: IndexedDB runs a transaction's requests in order, so they see the device
    // as it was before this save. The first queued write of a record keeps the server's version of it (PL6).
    let readsLeft = writes.length * 2;
    const queued: number[] = [];
    const current: unknown[] = [];
    const read = () => {
      if (--readsLeft > 0) return;
      recordKeys.forEach((recordKey, index) => {
        if (queued[index]! > 0) return;
        const row = current[index];
        tx.objectStore(names.serverRows).put({ recordKey, row: row ? { ...(row as object) } : null });
        part(names.serverRows, '').addKey(recordKey);
      });
    };
    writes.forEach((write, index) => {
      const count = outbox.index('recordKey').count(recordKeys[index]!);
      count.onsuccess = () => ((queued[index] = count.result), read());
      const get = tx.objectStore(write.table).get(write.id);
      get.onsuccess = () => ((current[index] = get.result), read());
    });

    // A file several of the records carry (the deliverer's signature on every acta of a crew) is stored once; one
    // already stored stays as it is.
    const files = new Map(writes.flatMap((write) => write.files ?? []).map((file) => [file.sha256, file]));
    for (const file of files.values()) {
      const add = tx.objectStore(names.files).add({ sha256: file.sha256, type: file.type, bytes: file.bytes, uploaded: false });
      add.onerror = (event) => {
        if (add.error?.name === 'ConstraintError') event.preventDefault();
      };
      part(names.files, '').addKey(file.sha256);
    }

    // Appends in the order of `writes`, so each entry's seq follows it (OB5); after the parents' queued creations
    // were read when there are parents (OB7).
    const dependsOn: string[][] = writes.map(() => []);
    const append = () =>
      writes.forEach((write, index) => {
        const refs: FileRef[] = (write.files ?? []).map(({ sha256, type }) => ({ sha256, type }));
        const request = { ...write.request, payloadVersion, recordKey: recordKeys[index], dependsOn: dependsOn[index], files: refs };
        const row = outboxRowOf(newOutboxEntry(request, uuidV7(), Date.now()));
        const add = outbox.add(row);
        add.onsuccess = () => {
          entries[index] = toEntry({ ...row, seq: add.result as number } as OutboxRow);
          part(names.outbox, '').addKey(add.result as number);
        };
        add.onerror = () => {
          if (add.error?.name === 'ConstraintError') refuse(new OutboxStoreError(`Duplicate outbox key ${row.key}`, 'duplicate-key'));
        };
      });
    const parents = writes.flatMap((write, index) => (write.parents ?? []).map((parent) => ({ parent, index })));
    let parentsLeft = parents.length;
    if (parentsLeft === 0) append();
    for (const { parent, index } of parents) {
      const found = outbox.index('recordKey').getAll(recordKeyOf(parent.table, parent.id));
      found.onsuccess = () => {
        dependsOn[index]!.push(...(found.result as OutboxRow[]).filter((entry) => entry.method === 'POST').map((entry) => entry.key));
        if (--parentsLeft === 0) append();
      };
    }

    writes.forEach((write) => {
      const store = tx.objectStore(write.table);
      if (write.row) store.put(write.row);
      else {
        store.delete(write.id);
        part(write.table, ':dels').addKey(write.id);
      }
      part(write.table, '').addKey(write.id);
    });
  }

  return new Promise((resolve, reject) => {
    const entries: OutboxEntry[] = [];
    let refusal: unknown;
    tx.oncomplete = () => {
      resolve(entries);
      setTimeout(() => Dexie.on.storagemutated.fire(mutatedParts(db, [...tables, names.outbox, names.serverRows], written)), 0);
    };
    tx.onabort = () => reject(refusal ?? tx.error ?? new DOMException('La transacción se anuló', 'AbortError'));
    try {
      issue(entries, (error) => (refusal = error));
    } catch (error) {
      // A request refused as it was made (a row without its key, a value that cannot be stored): nothing of the save
      // may stay, so the requests already made are undone with it. (One refused inside a callback aborts by itself.)
      refusal = error;
      tx.abort();
    }
  });
}

/**
 * What a save changed, as Dexie tells live queries (`ObservabilitySet`): the keys written in each table, and every
 * index of the tables written in full, since any index of a row put or deleted may have changed.
 */
function mutatedParts(db: AppDb, tables: readonly string[], written: readonly [string, string, IndexableType][]): ObservabilitySet {
  const parts: Record<string, RangeSet> = {};
  for (const [table, index, key] of written) (parts[`idb://${db.name}/${table}/${index}`] ??= new RangeSet()).addKey(key);
  for (const table of tables) {
    for (const index of db.table(table).schema.indexes) parts[`idb://${db.name}/${table}/${index.name}`] = everyKey();
  }
  return parts;
}

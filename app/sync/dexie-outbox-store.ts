import type { Dexie, Table } from 'dexie';
import type { EntryError, NewOutboxEntry, OutboxEntry, StoredFile } from '#sync/outbox/outbox-entry.ts';
import { OutboxStoreError, type OutboxCounts, type OutboxStore, type RewriteChanges } from '#sync/outbox/outbox-store.ts';

/**
 * The stores this adapter needs, to add to the app database's next `version(n).stores({...})`.
 * `++seq` is IndexedDB's key generator: it only grows, even after deletes, which is exactly OB5.
 * `*fileShas` finds the entries still referencing a file (FL3); `*dependsOn` lets a resend rename a key (RP15).
 */
export const OUTBOX_STORES = {
  outbox: '++seq, &key, state, recordKey, *dependsOn, *fileShas',
  outboxFiles: '&sha256',
} as const;

export interface OutboxRow extends OutboxEntry {
  fileShas: string[];
}

export type OutboxFileRow = StoredFile;

export interface DexieOutboxTables {
  db: Dexie;
  entries: Table<OutboxRow, number>;
  files: Table<OutboxFileRow, string>;
}

/** The stored row of a new entry: the entry with the hashes of its files, for the `*fileShas` index (FL3). */
export function outboxRowOf(entry: NewOutboxEntry): Omit<OutboxRow, 'seq'> {
  return { ...entry, fileShas: (entry.files ?? []).map((file) => file.sha256) } as Omit<OutboxRow, 'seq'>;
}

export function toEntry(row: OutboxRow): OutboxEntry {
  const { fileShas: _fileShas, ...entry } = row;
  return entry;
}

/**
 * The outbox over IndexedDB. Each method runs in its own transaction, or joins the caller's when the caller's
 * transaction includes the table (OB1): `db.transaction('rw', [db.trabajadores, db.outbox], async () => {
 * await db.trabajadores.put(row); await store.append(entry); })` commits both or neither.
 */
export class DexieOutboxStore implements OutboxStore {
  private readonly db: Dexie;
  private readonly entries: Table<OutboxRow, number>;
  private readonly files: Table<OutboxFileRow, string>;

  constructor(tables: DexieOutboxTables) {
    this.db = tables.db;
    this.entries = tables.entries;
    this.files = tables.files;
  }

  /** One request: the unique `&key` index refuses a duplicate key (every save waits on this, OB1). */
  async append(entry: NewOutboxEntry): Promise<OutboxEntry> {
    const row = outboxRowOf(entry) as OutboxRow;
    try {
      const seq = await this.entries.add(row);
      return toEntry({ ...row, seq });
    } catch (error) {
      if ((error as Error).name === 'ConstraintError') throw new OutboxStoreError(`Duplicate outbox key ${entry.key}`, 'duplicate-key');
      throw error;
    }
  }

  async get(key: string): Promise<OutboxEntry | undefined> {
    const row = await this.findRow(key);
    return row && toEntry(row);
  }

  async list({ afterSeq = 0, limit }: { afterSeq?: number; limit: number }): Promise<OutboxEntry[]> {
    const rows = await this.entries.where(':id').above(afterSeq).limit(limit).toArray();
    return rows.map(toEntry);
  }

  async listDead(): Promise<OutboxEntry[]> {
    const rows = await this.entries.where('state').equals('dead').sortBy('seq');
    return rows.map(toEntry);
  }

  counts(): Promise<OutboxCounts> {
    return this.db.transaction('r', this.entries, async () => {
      const [total, dead] = await Promise.all([this.entries.count(), this.entries.where('state').equals('dead').count()]);
      return { queued: total - dead, dead };
    });
  }

  async hasEntriesFor(recordKey: string): Promise<boolean> {
    return (await this.entries.where('recordKey').equals(recordKey).count()) > 0;
  }

  async markSending(keys: string[]): Promise<void> {
    await this.entries
      .where('key')
      .anyOf(keys)
      .modify((row) => {
        row.state = 'sending';
        row.attempts += 1;
      });
  }

  async release(keys: string[]): Promise<void> {
    await this.entries.where('key').anyOf(keys).modify({ state: 'pending' });
  }

  markSent(keys: string[]): Promise<void> {
    return this.db.transaction('rw', [this.entries, this.files], () => this.removeWithFiles(keys));
  }

  markRetry(key: string, nextAttemptAt: number, error: EntryError): Promise<void> {
    return this.modifyExisting(key, (row) => {
      row.state = 'failed-retrying';
      row.nextAttemptAt = nextAttemptAt;
      row.lastError = { ...error };
    });
  }

  markPaused(keys: string[], error: EntryError): Promise<void> {
    return this.db.transaction('rw', this.entries, async () => {
      for (const key of keys) {
        await this.modifyExisting(key, (row) => {
          row.state = 'paused';
          row.lastError = { ...error };
        });
      }
    });
  }

  markDead(key: string, error: EntryError): Promise<void> {
    return this.modifyExisting(key, (row) => {
      row.state = 'dead';
      row.lastError = { ...error };
    });
  }

  rewrite(key: string, changes: RewriteChanges): Promise<void> {
    return this.modifyExisting(key, (row) => {
      Object.assign(row, changes);
    });
  }

  replaceDead(key: string, replacement: { key: string; body: unknown; payloadVersion?: number }): Promise<OutboxEntry> {
    return this.db.transaction('rw', this.entries, async () => {
      const row = await this.existingRow(key);
      if (row.state !== 'dead') throw new OutboxStoreError(`Outbox entry ${key} is not dead`, 'not-dead');
      if (await this.findRow(replacement.key)) throw new OutboxStoreError(`Duplicate outbox key ${replacement.key}`, 'duplicate-key');
      const replaced: OutboxRow = { ...row, key: replacement.key, body: replacement.body, state: 'pending', attempts: 0 };
      if (replacement.payloadVersion !== undefined) replaced.payloadVersion = replacement.payloadVersion;
      delete replaced.lastError;
      delete replaced.upgradedAfterAttempt;
      await this.entries.put(replaced);
      await this.entries
        .where('dependsOn')
        .equals(key)
        .modify((other) => {
          other.dependsOn = (other.dependsOn ?? []).map((dep) => (dep === key ? replacement.key : dep));
        });
      return toEntry(replaced);
    });
  }

  discard(key: string): Promise<void> {
    return this.db.transaction('rw', [this.entries, this.files], async () => {
      const row = await this.existingRow(key);
      if (row.state !== 'dead') throw new OutboxStoreError(`Outbox entry ${key} is not dead`, 'not-dead');
      await this.removeWithFiles([key]);
    });
  }

  atomically<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction('rw', [this.entries, this.files], work);
  }

  /**
   * One request, not a read then a write (every save with a photo or a signature waits on it, OB1): a file already
   * kept has the same bytes (same hash) and keeps what is known about its upload, so an existing row stays as it is.
   */
  async putFile(file: StoredFile): Promise<void> {
    try {
      await this.files.add({ sha256: file.sha256, type: file.type, bytes: file.bytes, uploaded: file.uploaded });
    } catch (error) {
      // Caught inside the caller's transaction, the refused add does not abort it.
      if ((error as Error).name !== 'ConstraintError') throw error;
    }
  }

  getFile(sha256: string): Promise<StoredFile | undefined> {
    return this.files.get(sha256);
  }

  async setFileUploaded(sha256: string, uploaded: boolean): Promise<void> {
    await this.files.update(sha256, { uploaded });
  }

  private findRow(key: string): Promise<OutboxRow | undefined> {
    return this.entries.where('key').equals(key).first();
  }

  private async existingRow(key: string): Promise<OutboxRow> {
    const row = await this.findRow(key);
    if (!row) throw new OutboxStoreError(`No outbox entry ${key}`, 'not-found');
    return row;
  }

  private async modifyExisting(key: string, change: (row: OutboxRow) => void): Promise<void> {
    const modified = await this.entries.where('key').equals(key).modify(change);
    if (modified === 0) throw new OutboxStoreError(`No outbox entry ${key}`, 'not-found');
  }

  /** Runs inside a transaction over both tables. */
  private async removeWithFiles(keys: string[]): Promise<void> {
    const rows = await this.entries.where('key').anyOf(keys).toArray();
    await this.entries.bulkDelete(rows.map((row) => row.seq));
    const hashes = new Set(rows.flatMap((row) => row.fileShas));
    for (const sha256 of hashes) {
      if ((await this.entries.where('fileShas').equals(sha256).count()) === 0) await this.files.delete(sha256);
    }
  }
}

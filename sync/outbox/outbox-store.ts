import type { EntryError, NewOutboxEntry, OutboxEntry, StoredFile } from './outbox-entry.ts';

export interface OutboxCounts {
  /** Entries still to reach the server (every state but `dead`). */
  queued: number;
  dead: number;
}

export interface RewriteChanges {
  method?: OutboxEntry['method'];
  path?: string;
  body?: unknown;
  payloadVersion?: number;
  upgradedAfterAttempt?: boolean;
}

/**
 * Where the outbox lives (IndexedDB on the device, memory in tests). Every method is atomic on its own.
 *
 * Contract for the app (OB1): `append` and `putFile` join the caller's ambient transaction when there is one, so
 * the local row and its outbox entry commit together or not at all. Entries leave the store only through
 * `markSent` (the server answered) or `discard` (the person chose to): nothing is dropped silently (OB6).
 */
export interface OutboxStore {
  /** Adds the entry with `seq` one above every seq ever used, and returns it as stored. */
  append(entry: NewOutboxEntry): Promise<OutboxEntry>;
  get(key: string): Promise<OutboxEntry | undefined>;
  /** Entries in `seq` order, after `afterSeq` (exclusive) when given. */
  list(options: { afterSeq?: number; limit: number }): Promise<OutboxEntry[]>;
  listDead(): Promise<OutboxEntry[]>;
  counts(): Promise<OutboxCounts>;
  /** True while any entry (dead ones included) still writes that record: a pull must not overwrite it (PL3). */
  hasEntriesFor(recordKey: string): Promise<boolean>;

  /** State `sending`, attempts + 1. */
  markSending(keys: string[]): Promise<void>;
  /** Back to `pending` without counting a failure: the entry was not processed (a batch stopped before it). */
  release(keys: string[]): Promise<void>;
  /** Removes the entries and every stored file no remaining entry references. */
  markSent(keys: string[]): Promise<void>;
  markRetry(key: string, nextAttemptAt: number, error: EntryError): Promise<void>;
  markPaused(keys: string[], error: EntryError): Promise<void>;
  markDead(key: string, error: EntryError): Promise<void>;
  /** Payload upgrade in place: same key, same seq (OB8). */
  rewrite(key: string, changes: RewriteChanges): Promise<void>;
  /**
   * Resend of a corrected dead entry (RP15): new key and body, same seq, `pending`, attempts 0, no error; every
   * `dependsOn` that named the old key now names the new one. Returns the stored entry.
   */
  replaceDead(key: string, replacement: { key: string; body: unknown; payloadVersion?: number }): Promise<OutboxEntry>;
  /** Removes a dead entry on the person's explicit decision (RP16). Refuses entries that are not dead. */
  discard(key: string): Promise<void>;

  /**
   * Runs several of the calls above as one: they commit together or, when `work` throws, not at all, and whoever
   * watches the store sees one change. A round's 200 outcomes written one by one kept a device busy for a minute.
   */
  atomically<T>(work: () => Promise<T>): Promise<T>;

  putFile(file: StoredFile): Promise<void>;
  getFile(sha256: string): Promise<StoredFile | undefined>;
  setFileUploaded(sha256: string, uploaded: boolean): Promise<void>;
}

export class OutboxStoreError extends Error {
  constructor(
    message: string,
    readonly reason: 'not-found' | 'not-dead' | 'duplicate-key',
  ) {
    super(message);
    this.name = 'OutboxStoreError';
  }
}

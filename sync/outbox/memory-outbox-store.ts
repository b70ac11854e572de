import type { EntryError, NewOutboxEntry, OutboxEntry, StoredFile } from './outbox-entry.ts';
import { OutboxStoreError, type OutboxCounts, type OutboxStore, type RewriteChanges } from './outbox-store.ts';

/** The outbox in memory, for tests and for a server-side client. Copies on the way in and out, as IndexedDB does. */
export class MemoryOutboxStore implements OutboxStore {
  private readonly entries = new Map<string, OutboxEntry>();
  private readonly files = new Map<string, StoredFile>();
  private lastSeq = 0;

  async append(entry: NewOutboxEntry): Promise<OutboxEntry> {
    if (this.entries.has(entry.key)) throw new OutboxStoreError(`Duplicate outbox key ${entry.key}`, 'duplicate-key');
    this.lastSeq += 1;
    const stored: OutboxEntry = { ...structuredClone(entry), seq: this.lastSeq };
    this.entries.set(stored.key, stored);
    return structuredClone(stored);
  }

  async get(key: string): Promise<OutboxEntry | undefined> {
    const entry = this.entries.get(key);
    return entry && structuredClone(entry);
  }

  async list({ afterSeq = 0, limit }: { afterSeq?: number; limit: number }): Promise<OutboxEntry[]> {
    return this.sorted()
      .filter((entry) => entry.seq > afterSeq)
      .slice(0, limit)
      .map((entry) => structuredClone(entry));
  }

  async listDead(): Promise<OutboxEntry[]> {
    return this.sorted()
      .filter((entry) => entry.state === 'dead')
      .map((entry) => structuredClone(entry));
  }

  async counts(): Promise<OutboxCounts> {
    let dead = 0;
    for (const entry of this.entries.values()) if (entry.state === 'dead') dead += 1;
    return { queued: this.entries.size - dead, dead };
  }

  async hasEntriesFor(recordKey: string): Promise<boolean> {
    for (const entry of this.entries.values()) if (entry.recordKey === recordKey) return true;
    return false;
  }

  async markSending(keys: string[]): Promise<void> {
    for (const key of keys) {
      const entry = this.existing(key);
      entry.state = 'sending';
      entry.attempts += 1;
    }
  }

  async release(keys: string[]): Promise<void> {
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry) entry.state = 'pending';
    }
  }

  async markSent(keys: string[]): Promise<void> {
    const hashes = new Set<string>();
    for (const key of keys) {
      for (const file of this.entries.get(key)?.files ?? []) hashes.add(file.sha256);
      this.entries.delete(key);
    }
    for (const sha256 of hashes) if (!this.isReferenced(sha256)) this.files.delete(sha256);
  }

  async markRetry(key: string, nextAttemptAt: number, error: EntryError): Promise<void> {
    const entry = this.existing(key);
    entry.state = 'failed-retrying';
    entry.nextAttemptAt = nextAttemptAt;
    entry.lastError = { ...error };
  }

  async markPaused(keys: string[], error: EntryError): Promise<void> {
    for (const key of keys) {
      const entry = this.existing(key);
      entry.state = 'paused';
      entry.lastError = { ...error };
    }
  }

  async markDead(key: string, error: EntryError): Promise<void> {
    const entry = this.existing(key);
    entry.state = 'dead';
    entry.lastError = { ...error };
  }

  async rewrite(key: string, changes: RewriteChanges): Promise<void> {
    const entry = this.existing(key);
    Object.assign(entry, structuredClone(changes));
  }

  async replaceDead(key: string, replacement: { key: string; body: unknown; payloadVersion?: number }): Promise<OutboxEntry> {
    const newKey = replacement.key;
    const entry = this.existing(key);
    if (entry.state !== 'dead') throw new OutboxStoreError(`Outbox entry ${key} is not dead`, 'not-dead');
    if (this.entries.has(newKey)) throw new OutboxStoreError(`Duplicate outbox key ${newKey}`, 'duplicate-key');
    const replaced: OutboxEntry = { ...entry, key: newKey, body: structuredClone(replacement.body), state: 'pending', attempts: 0 };
    if (replacement.payloadVersion !== undefined) replaced.payloadVersion = replacement.payloadVersion;
    delete replaced.lastError;
    delete replaced.upgradedAfterAttempt;
    this.entries.delete(key);
    this.entries.set(newKey, replaced);
    for (const other of this.entries.values()) {
      if (other.dependsOn?.includes(key)) other.dependsOn = other.dependsOn.map((dep) => (dep === key ? newKey : dep));
    }
    return structuredClone(replaced);
  }

  async discard(key: string): Promise<void> {
    const entry = this.existing(key);
    if (entry.state !== 'dead') throw new OutboxStoreError(`Outbox entry ${key} is not dead`, 'not-dead');
    await this.markSent([key]);
  }

  /** Rolls back by restoring a copy taken before `work`: calls others made meanwhile go back with it. */
  async atomically<T>(work: () => Promise<T>): Promise<T> {
    const entries = structuredClone(this.entries);
    const files = structuredClone(this.files);
    const lastSeq = this.lastSeq;
    try {
      return await work();
    } catch (error) {
      this.restore(this.entries, entries);
      this.restore(this.files, files);
      this.lastSeq = lastSeq;
      throw error;
    }
  }

  private restore<V>(target: Map<string, V>, copy: Map<string, V>): void {
    target.clear();
    for (const [key, value] of copy) target.set(key, value);
  }

  async putFile(file: StoredFile): Promise<void> {
    // Same hash, same bytes: a file already kept stays as it is, with what is known about its upload.
    if (!this.files.has(file.sha256)) this.files.set(file.sha256, structuredClone(file));
  }

  async getFile(sha256: string): Promise<StoredFile | undefined> {
    const file = this.files.get(sha256);
    return file && structuredClone(file);
  }

  async setFileUploaded(sha256: string, uploaded: boolean): Promise<void> {
    const file = this.files.get(sha256);
    if (file) file.uploaded = uploaded;
  }

  private sorted(): OutboxEntry[] {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq);
  }

  private existing(key: string): OutboxEntry {
    const entry = this.entries.get(key);
    if (!entry) throw new OutboxStoreError(`No outbox entry ${key}`, 'not-found');
    return entry;
  }

  private isReferenced(sha256: string): boolean {
    for (const entry of this.entries.values()) if (entry.files?.some((file) => file.sha256 === sha256)) return true;
    return false;
  }
}

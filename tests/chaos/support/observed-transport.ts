import type { BatchOutcome, FileBatchOutcome, Outcome, PullOutcome, SendableEntry, Transport, UploadableFile } from '#sync/outbox/transport.ts';
import type { ExpectedAnswer } from './device.ts';

export interface TransportCounts {
  batches: number;
  singles: number;
  uploads: number;
  heads: number;
  /** Bulk uploads, `POST /api/files/lote` (FL7). */
  fileBatches: number;
}

/** Wall time spent waiting on each kind of round trip, in ms. */
export type TransportTimes = TransportCounts;

/**
 * The engine's real transport, watched: counts round trips by kind and checks every success the engine is
 * about to believe against what the device expects of that entry (the record and its Version after the write).
 * A replayed answer for a lost response must be the original answer, so it passes the same check.
 */
export class ObservedTransport implements Transport {
  readonly counts: TransportCounts = { batches: 0, singles: 0, uploads: 0, heads: 0, fileBatches: 0 };
  readonly times: TransportTimes = { batches: 0, singles: 0, uploads: 0, heads: 0, fileBatches: 0 };
  /** Present only when the inner transport has it, so the engine takes the same path with or without the watch. */
  readonly uploadFiles?: (files: UploadableFile[]) => Promise<FileBatchOutcome>;
  readonly confirmed = new Set<string>();
  readonly mismatches: string[] = [];

  constructor(
    private readonly inner: Transport,
    private readonly expected: ReadonlyMap<string, ExpectedAnswer>,
  ) {
    const { uploadFiles } = inner;
    if (uploadFiles) this.uploadFiles = (files) => this.timed('fileBatches', () => uploadFiles.call(inner, files));
  }

  async sendBatch(entries: SendableEntry[]): Promise<BatchOutcome> {
    const outcome = await this.timed('batches', () => this.inner.sendBatch(entries));
    if (outcome.kind === 'ok') for (const [key, result] of outcome.results) this.check(key, result);
    return outcome;
  }

  async sendOne(entry: SendableEntry): Promise<Outcome> {
    const outcome = await this.timed('singles', () => this.inner.sendOne(entry));
    this.check(entry.key, outcome);
    return outcome;
  }

  uploadFile(sha256: string, type: string, bytes: ArrayBuffer): Promise<Outcome> {
    return this.timed('uploads', () => this.inner.uploadFile(sha256, type, bytes));
  }

  fileExists(sha256: string): Promise<boolean> {
    const { inner } = this;
    return this.timed('heads', async () => (inner.fileExists ? inner.fileExists(sha256) : false));
  }

  private async timed<T>(kind: keyof TransportCounts, call: () => Promise<T>): Promise<T> {
    this.counts[kind] += 1;
    const started = performance.now();
    try {
      return await call();
    } finally {
      this.times[kind] += performance.now() - started;
    }
  }

  pullChanges(cursor: string | null): Promise<PullOutcome> {
    return this.inner.pullChanges(cursor);
  }

  private check(key: string, outcome: Outcome): void {
    if (outcome.kind !== 'ok') return;
    const want = this.expected.get(key);
    if (!want) return;
    const data = (outcome.body as { data?: { IdPersona?: unknown; Version?: unknown; Estado?: unknown } } | null)?.data;
    const got = { id: data?.IdPersona, version: data?.Version, deleted: data?.Estado === 0 };
    if (got.id !== want.id || got.version !== want.version || got.deleted !== want.deleted) {
      this.mismatches.push(`entry ${key}: expected ${JSON.stringify(want)}, the server answered ${JSON.stringify(got)}`);
    }
    if (this.confirmed.has(key)) this.mismatches.push(`entry ${key}: answered 2xx twice`);
    this.confirmed.add(key);
  }
}

import { DEFAULT_BACKOFF, retryDelayMs, type BackoffPolicy } from './backoff.ts';
import type { EntryError, OutboxEntry } from './outbox-entry.ts';
import type { OutboxStore } from './outbox-store.ts';
import { mayHaveReachedServer, UPGRADE_MISSING_MESSAGE, upgradePayload, type PayloadVersioning } from './payload-upgrade.ts';
import { SYNC_ERRORS, SYNC_LIMITS } from './sync-protocol.ts';
import type { Outcome, Transport, UploadableFile } from './transport.ts';
import { uuidV7 } from './uuid-v7.ts';

export const REPLAYER_MESSAGES = {
  fileMissing: 'No se encontró en este dispositivo un archivo adjunto de esta operación.',
  internal: 'Ocurrió un error al sincronizar. Se reintentará automáticamente.',
} as const;

export interface SyncState {
  /** False after a request got no answer at all; true after any answer. */
  online: boolean;
  /** Entries still to reach the server (dead ones excluded). */
  pending: number;
  /** A sync is running in this tab. */
  sending: boolean;
  dead: number;
  /** A 401 stopped the queue until `resume()` (RP8). */
  paused: boolean;
  /** The server no longer speaks this app's protocol: nothing is sent until the app is updated (PV3). */
  updateRequired: boolean;
  /** When the device was last fully in sync: nothing left to push and the pull done. */
  lastSuccessAt: number | null;
  lastError: EntryError | null;
}

export type WithLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** The result of one pull, as `pullChanges` returns it; only its kind and outcome matter here. */
export type PullRun = { kind: 'ok' } | { kind: 'failed'; outcome: Outcome };

export interface ReplayerOptions {
  store: OutboxStore;
  transport: Transport;
  /** `(name, fn) => navigator.locks.request(name, fn)` in the app (RP1). Defaults to a lock within this instance. */
  withLock?: WithLock;
  /** One name per user database, e.g. `outbox:andes-hse-<userId>`. */
  lockName?: string;
  now?: () => number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => () => void;
  newKey?: () => string;
  batchSize?: number;
  backoff?: BackoffPolicy;
  payload?: PayloadVersioning;
  /** Runs after the push (PL1), e.g. `() => pullChanges(transport, target)`. */
  pull?: () => Promise<PullRun>;
  /** Limits of the bulk file upload (FL7, FL8); the defaults are the server's. */
  fileBatch?: Partial<FileBatchPolicy>;
}

export interface FileBatchPolicy {
  /** Files per `POST /api/files/lote`. */
  maxFiles: number;
  /** Bytes of one request body, multipart framing included. */
  maxBytes: number;
  /** Bigger files go by their own `PUT`, after a `HEAD` (FL6). */
  headAboveBytes: number;
}

const DEFAULT_FILE_BATCH: FileBatchPolicy = { maxFiles: SYNC_LIMITS.fileBatchFiles, maxBytes: SYNC_LIMITS.fileBatchBytes, headAboveBytes: SYNC_LIMITS.fileHeadAboveBytes };
/** Room for one part's boundary and headers in a bulk upload (under 300 bytes used). */
const PART_OVERHEAD_BYTES = 512;
/** After a 404/405 to the bulk route (an old server), files go by single PUTs for this long before bulk is tried again. */
const NO_FILE_BATCH_MS = 10 * 60_000;

export type DrainStop = 'empty' | 'waiting' | 'retry' | 'paused' | 'update';

export interface DrainResult {
  sent: number;
  /** empty: nothing sendable left; waiting: the head waits for its backoff; retry: a send failed; paused: 401; update: PV3. */
  stop: DrainStop;
  nextAttemptAt?: number;
}

export interface SyncOptions {
  /** Send now even if the head is backing off: the "Sincronizar" button and the `online` event (RP13). */
  ignoreBackoff?: boolean;
}

interface Plan {
  batch: OutboxEntry[];
  waitUntil?: number;
}

type Applied = 'sent' | 'dead' | 'retry' | 'paused' | 'released' | 'update';

const PLAN_PAGE = 200;
/** A batch's body stays this far under the server's byte limit: room for `{"entries":[...]}` and the commas. */
const BATCH_BYTES_BUDGET = SYNC_LIMITS.batchBytes - 64 * 1024;
const utf8 = new TextEncoder();

/** The entry's size in a batch request's body, as UTF-8. */
function entryBytes({ key, method, path, body }: OutboxEntry): number {
  return utf8.encode(JSON.stringify({ key, method, path, body })).length + 1;
}

export function createLocalLock(): WithLock {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The replay engine: pushes the outbox in order, exactly once per key on the server, then pulls. */
export class Replayer {
  private readonly store: OutboxStore;
  private readonly transport: Transport;
  private readonly withLock: WithLock;
  private readonly lockName: string;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => () => void;
  private readonly newKey: () => string;
  private readonly batchSize: number;
  private readonly backoff: BackoffPolicy;
  private readonly payload: PayloadVersioning | undefined;
  private readonly pull: (() => Promise<PullRun>) | undefined;
  private readonly fileBatch: FileBatchPolicy;
  private noFileBatchUntil = -Infinity;

  private state: SyncState = { online: true, pending: 0, sending: false, dead: 0, paused: false, updateRequired: false, lastSuccessAt: null, lastError: null };
  private readonly listeners = new Set<(state: SyncState) => void>();
  private running: Promise<void> | null = null;
  private rerun: SyncOptions | null = null;
  private cancelWake: (() => void) | null = null;
  private disposed = false;

  constructor(options: ReplayerOptions) {
    this.store = options.store;
    this.transport = options.transport;
    this.withLock = options.withLock ?? createLocalLock();
    this.lockName = options.lockName ?? 'outbox';
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.setTimer =
      options.setTimer ??
      ((fn, ms) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      });
    this.newKey = options.newKey ?? uuidV7;
    this.batchSize = Math.min(Math.max(1, options.batchSize ?? SYNC_LIMITS.batchEntries), SYNC_LIMITS.batchEntries);
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.payload = options.payload;
    this.pull = options.pull;
    const fileBatch = { ...DEFAULT_FILE_BATCH, ...options.fileBatch };
    this.fileBatch = {
      maxFiles: Math.min(Math.max(1, fileBatch.maxFiles), SYNC_LIMITS.fileBatchFiles),
      maxBytes: Math.min(fileBatch.maxBytes, SYNC_LIMITS.fileBatchBytes),
      headAboveBytes: Math.min(fileBatch.headAboveBytes, SYNC_LIMITS.fileBatchBytes - PART_OVERHEAD_BYTES),
    };
  }

  getState(): SyncState {
    return { ...this.state };
  }

  subscribe(listener: (state: SyncState) => void): () => void {
    this.listeners.add(listener);
    listener(this.getState());
    return () => this.listeners.delete(listener);
  }

  setOnline(online: boolean): void {
    this.update({ online });
  }

  /** Recounts the outbox for the UI, e.g. after the app appended entries. */
  async refresh(): Promise<void> {
    const counts = await this.store.counts();
    this.update({ pending: counts.queued, dead: counts.dead });
  }

  /**
   * Every trigger calls this (RP12). While a sync runs, further calls share one follow-up sync; the promise settles
   * when the sync that covers this call has finished. Never rejects: failures end up in the state.
   */
  requestSync(options: SyncOptions = {}): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.running) {
      this.rerun = { ignoreBackoff: Boolean(this.rerun?.ignoreBackoff || options.ignoreBackoff) };
      return this.running;
    }
    const run = async () => {
      let next: SyncOptions | null = options;
      try {
        while (next && !this.disposed) {
          this.rerun = null;
          await this.syncOnce(next);
          next = this.rerun;
        }
      } finally {
        // Cleared in the same tick as the last check of `rerun`, so no trigger can slip between them.
        this.running = null;
      }
    };
    this.running = run();
    return this.running;
  }

  /** Pushes what can be pushed now, under the lock. Rejects only on a storage or programming error. */
  drain(options: SyncOptions = {}): Promise<DrainResult> {
    return this.withLock(this.lockName, () => this.push(Boolean(options.ignoreBackoff)));
  }

  /** The person signed in again (RP8). */
  resume(): Promise<void> {
    this.update({ paused: false });
    return this.requestSync({ ignoreBackoff: true });
  }

  /** Stops sending until `resume()`, e.g. at sign-out (OB10). */
  pause(): void {
    this.clearWake();
    this.update({ paused: true });
  }

  listDead(): Promise<OutboxEntry[]> {
    return this.store.listDead();
  }

  /** The corrected body goes with a new key, in the entry's original place (RP15). Returns the new key. */
  async resend(key: string, body: unknown): Promise<string> {
    const newKey = this.newKey();
    await this.store.replaceDead(key, { key: newKey, body, ...(this.payload ? { payloadVersion: this.payload.currentVersion } : {}) });
    await this.refresh();
    void this.requestSync({ ignoreBackoff: true });
    return newKey;
  }

  /** The person chose to drop this write (RP16). */
  async discard(key: string): Promise<void> {
    await this.store.discard(key);
    await this.refresh();
    void this.requestSync();
  }

  dispose(): void {
    this.disposed = true;
    this.clearWake();
    this.listeners.clear();
  }

  private async syncOnce(options: SyncOptions): Promise<void> {
    this.clearWake();
    this.update({ sending: true });
    try {
      const result = await this.drain(options);
      if (result.nextAttemptAt !== undefined) this.scheduleWake(result.nextAttemptAt);
      let inSync = result.stop === 'empty';
      // Push before pull (PL1); no pull without a session, without an answer from the server or before an update.
      if (this.pull && !this.state.paused && !this.state.updateRequired && this.state.online) {
        const pulled = await this.pull();
        if (pulled.kind === 'failed') {
          inSync = false;
          this.noteOutcome(pulled.outcome);
          if (pulled.outcome.kind === 'auth') this.update({ paused: true });
          if (pulled.outcome.kind === 'update') this.update({ updateRequired: true });
        } else {
          this.update({ online: true });
        }
      }
      if (inSync && !this.state.paused && !this.state.updateRequired) {
        const { dead } = await this.store.counts();
        // A dead letter's message stays visible until the person resolves it.
        this.update(dead > 0 ? { lastSuccessAt: this.now() } : { lastSuccessAt: this.now(), lastError: null });
      }
    } catch {
      this.update({ lastError: { status: 0, message: REPLAYER_MESSAGES.internal } });
      this.scheduleWake(this.now() + retryDelayMs(1, this.random, this.backoff));
    } finally {
      await this.refresh().catch(() => undefined);
      this.update({ sending: false });
    }
  }

  private async push(ignoreBackoff: boolean): Promise<DrainResult> {
    let sent = 0;
    for (;;) {
      if (this.state.paused) return { sent, stop: 'paused' };
      if (this.state.updateRequired) return { sent, stop: 'update' };
      const plan = await this.plan(ignoreBackoff);
      if (plan.batch.length === 0) {
        return plan.waitUntil === undefined ? { sent, stop: 'empty' } : { sent, stop: 'waiting', nextAttemptAt: plan.waitUntil };
      }
      const round = await this.sendRound(plan.batch);
      sent += round.sent;
      await this.refresh();
      if (round.stop) return { sent, stop: round.stop, ...(round.nextAttemptAt === undefined ? {} : { nextAttemptAt: round.nextAttemptAt }) };
    }
  }

  /**
   * The next batch in seq order (RP1). Dead entries and everything waiting on them are stepped over (RP11); the
   * first entry still backing off ends the batch, because nothing may overtake it (RP4).
   */
  private async plan(ignoreBackoff: boolean): Promise<Plan> {
    const blockedKeys = new Set<string>();
    const blockedRecords = new Set<string>();
    const batch: OutboxEntry[] = [];
    const now = this.now();
    const block = (entry: OutboxEntry) => {
      blockedKeys.add(entry.key);
      if (entry.recordKey !== undefined) blockedRecords.add(entry.recordKey);
    };
    let afterSeq = 0;
    let bytes = 0;
    for (;;) {
      const page = await this.store.list({ afterSeq, limit: PLAN_PAGE });
      if (page.length === 0) return { batch };
      for (const stored of page) {
        afterSeq = stored.seq;
        const waitsOnDead =
          stored.state === 'dead' ||
          (stored.recordKey !== undefined && blockedRecords.has(stored.recordKey)) ||
          (stored.dependsOn ?? []).some((key) => blockedKeys.has(key));
        if (waitsOnDead) {
          block(stored);
          continue;
        }
        if (!ignoreBackoff && stored.nextAttemptAt > now) return batch.length > 0 ? { batch } : { batch, waitUntil: stored.nextAttemptAt };
        const entry = await this.upgrade(stored);
        if (!entry) {
          block(stored);
          continue;
        }
        // RP5: under the server's limits, in entries and in bytes (a lone bigger entry goes as its single call).
        const size = entryBytes(entry);
        if (batch.length > 0 && bytes + size > BATCH_BYTES_BUDGET) return { batch };
        batch.push(entry);
        bytes += size;
        if (batch.length >= this.batchSize) return { batch };
      }
    }
  }

  /** OB8: bring an old payload to the current version, or dead-letter it if no upgrader path exists. */
  private async upgrade(entry: OutboxEntry): Promise<OutboxEntry | null> {
    if (!this.payload) return entry;
    const result = upgradePayload(entry, this.payload);
    if (result.kind === 'current') return entry;
    if (result.kind === 'stranded') {
      await this.store.markDead(entry.key, { status: 0, message: UPGRADE_MISSING_MESSAGE, code: 'VERSION_SIN_ADAPTADOR' });
      return null;
    }
    const changes = {
      ...result.payload,
      payloadVersion: result.payloadVersion,
      ...(mayHaveReachedServer(entry) || entry.upgradedAfterAttempt ? { upgradedAfterAttempt: true } : {}),
    };
    await this.store.rewrite(entry.key, changes);
    return { ...entry, ...changes };
  }

  private async sendRound(batch: OutboxEntry[]): Promise<{ sent: number; stop?: DrainStop; nextAttemptAt?: number }> {
    await this.store.markSending(batch.map((entry) => entry.key));
    const attempted = batch.map((entry) => ({ ...entry, attempts: entry.attempts + 1 }));

    // FL3, FL8: every file of the batch goes up first, in few requests; then only entries whose files all got a 2xx.
    const problems = await this.uploadFiles(attempted);
    const ready: OutboxEntry[] = [];
    const outcomes = new Map<string, Outcome>();
    const blockedKeys = new Set<string>();
    const blockedRecords = new Set<string>();
    for (const entry of attempted) {
      const waits = (entry.recordKey !== undefined && blockedRecords.has(entry.recordKey)) || (entry.dependsOn ?? []).some((key) => blockedKeys.has(key));
      const fileOutcomes = (entry.files ?? []).flatMap((ref) => problems.get(ref.sha256) ?? []);
      const refused = fileOutcomes.find((outcome) => outcome.kind === 'permanent');
      if (waits || refused) {
        // FL9: a refused (or missing, FL5) file dead-letters only the entries that need it; what waits on them stays
        // behind (RP11, released unchanged), the rest of the batch goes on.
        if (refused && !waits) outcomes.set(entry.key, refused);
        blockedKeys.add(entry.key);
        if (entry.recordKey !== undefined) blockedRecords.add(entry.recordKey);
        continue;
      }
      const failed = fileOutcomes[0];
      if (failed) {
        // RP4: an entry whose file must be retried waits for its backoff; nothing after it is sent around it.
        outcomes.set(entry.key, failed);
        break;
      }
      ready.push(entry);
    }
    if (ready.length > 0) for (const [key, outcome] of await this.send(ready)) outcomes.set(key, outcome);

    const sentKeys: string[] = [];
    const applied: Applied[] = [];
    let nextAttemptAt: number | undefined;
    for (const entry of attempted) {
      const outcome = outcomes.get(entry.key);
      const result = outcome ? await this.apply(entry, outcome) : 'released';
      if (result === 'sent') sentKeys.push(entry.key);
      if (result === 'released' || result === 'update') await this.store.release([entry.key]);
      if (result === 'retry') {
        const stored = await this.store.get(entry.key);
        if (stored) nextAttemptAt = Math.min(nextAttemptAt ?? Infinity, stored.nextAttemptAt);
      }
      applied.push(result);
    }
    if (sentKeys.length > 0) await this.store.markSent(sentKeys);

    const sent = sentKeys.length;
    if (applied.includes('paused')) return { sent, stop: 'paused' };
    if (applied.includes('update')) return { sent, stop: 'update' };
    if (applied.includes('retry')) return nextAttemptAt === undefined ? { sent, stop: 'retry' } : { sent, stop: 'retry', nextAttemptAt };
    return { sent };
  }

  /** Results by key; a key without a result was not processed (RP5). */
  private async send(entries: OutboxEntry[]): Promise<Map<string, Outcome>> {
    const results = new Map<string, Outcome>();
    const head = entries[0]!;
    if (entries.length === 1) {
      results.set(head.key, await this.transport.sendOne(head));
      return results;
    }
    const batch = await this.transport.sendBatch(entries);
    if (batch.kind === 'ok') {
      if (batch.results.size === 0) {
        // An answer that processed nothing would otherwise be resent at once, forever.
        results.set(head.key, { kind: 'retry', status: 200, body: null, error: { status: 200, message: REPLAYER_MESSAGES.internal } });
      }
      return batch.results;
    }
    if (!batch.fallback) {
      results.set(head.key, batch.outcome);
      return results;
    }
    // RP6: a server without the batch route gets the same entries as single calls, still in order.
    for (const entry of entries) {
      const outcome = await this.transport.sendOne(entry);
      results.set(entry.key, outcome);
      if (outcome.kind !== 'ok') break;
    }
    return results;
  }

  /**
   * Uploads the files of `entries` that are not on the server yet and answers, by sha256, the files that did not
   * get a 2xx (FL3): missing on the device (FL5), refused (permanent) or to be retried. Small files go in bulk
   * requests under the limits (FL7, FL8), without asking first; big ones by their own PUT after a HEAD (FL6). A
   * server without the bulk route gets one PUT per file (FL10). The first failure that is not a refusal of one file
   * stops the uploads: it is given to every file not uploaded yet.
   */
  private async uploadFiles(entries: OutboxEntry[]): Promise<Map<string, Outcome>> {
    const problems = new Map<string, Outcome>();
    const small: UploadableFile[] = [];
    const big: UploadableFile[] = [];
    const seen = new Set<string>();
    for (const ref of entries.flatMap((entry) => entry.files ?? [])) {
      if (seen.has(ref.sha256)) continue;
      seen.add(ref.sha256);
      const file = await this.store.getFile(ref.sha256);
      if (!file) {
        problems.set(ref.sha256, { kind: 'permanent', status: 0, body: null, error: { status: 0, message: REPLAYER_MESSAGES.fileMissing, code: 'ARCHIVO_FALTANTE' } });
        continue;
      }
      if (file.uploaded) continue;
      (file.bytes.byteLength > this.fileBatch.headAboveBytes ? big : small).push({ sha256: ref.sha256, type: file.type, bytes: file.bytes });
    }

    const stop = (outcome: Outcome, rest: UploadableFile[]) => {
      for (const file of rest) problems.set(file.sha256, outcome);
      return problems;
    };
    const singles: { file: UploadableFile; ask: boolean }[] = [];
    const chunks = this.chunkFiles(small);
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      if (chunk.length === 1 || !this.transport.uploadFiles || this.now() < this.noFileBatchUntil) {
        // A lone file is its own PUT: the same single request, with no framing.
        singles.push(...chunk.map((file) => ({ file, ask: false })));
        continue;
      }
      const answer = await this.transport.uploadFiles(chunk);
      if (answer.kind === 'failed') {
        if (!answer.fallback) {
          this.noteOutcome(answer.outcome);
          return stop(answer.outcome, [...chunks.slice(i).flat(), ...big]);
        }
        // FL10: an old server, not an error to show; this chunk and the rest go by single PUTs.
        this.update({ online: true });
        if (answer.outcome.status === 404 || answer.outcome.status === 405) this.noFileBatchUntil = this.now() + NO_FILE_BATCH_MS;
        singles.push(...chunks.slice(i).flat().map((file) => ({ file, ask: false })));
        break;
      }
      this.update({ online: true });
      for (const file of chunk) {
        const outcome = answer.results.get(file.sha256) ?? unanswered();
        if (outcome.kind === 'ok') await this.store.setFileUploaded(file.sha256, true);
        else problems.set(file.sha256, outcome);
      }
    }
    singles.push(...big.map((file) => ({ file, ask: true })));

    for (const [i, { file, ask }] of singles.entries()) {
      const exists = ask && this.transport.fileExists ? await this.transport.fileExists(file.sha256).catch(() => false) : false;
      if (!exists) {
        const outcome = await this.transport.uploadFile(file.sha256, file.type, file.bytes);
        this.noteOutcome(outcome);
        if (outcome.kind === 'permanent') {
          problems.set(file.sha256, outcome);
          continue;
        }
        if (outcome.kind !== 'ok') return stop(outcome, singles.slice(i).map((single) => single.file));
      }
      await this.store.setFileUploaded(file.sha256, true);
    }
    return problems;
  }

  /** Consecutive groups within the bulk limits, in the order the entries need them. */
  private chunkFiles(files: UploadableFile[]): UploadableFile[][] {
    const chunks: UploadableFile[][] = [];
    let chunk: UploadableFile[] = [];
    let bytes = PART_OVERHEAD_BYTES;
    for (const file of files) {
      const size = file.bytes.byteLength + PART_OVERHEAD_BYTES;
      if (chunk.length > 0 && (chunk.length >= this.fileBatch.maxFiles || bytes + size > this.fileBatch.maxBytes)) {
        chunks.push(chunk);
        chunk = [];
        bytes = PART_OVERHEAD_BYTES;
      }
      chunk.push(file);
      bytes += size;
    }
    if (chunk.length > 0) chunks.push(chunk);
    return chunks;
  }

  private async apply(entry: OutboxEntry, outcome: Outcome): Promise<Applied> {
    this.noteOutcome(outcome);
    const error = outcome.error ?? { status: outcome.status, message: REPLAYER_MESSAGES.internal };
    switch (outcome.kind) {
      case 'ok':
        return 'sent';
      case 'permanent':
        // OB8: the pre-upgrade body already reached the server under this key; it was applied once.
        if (entry.upgradedAfterAttempt && outcome.status === 422 && outcome.error?.code === SYNC_ERRORS.keyReused.code) return 'sent';
        await this.store.markDead(entry.key, error);
        return 'dead';
      case 'update':
        // PV3: the entry goes back unchanged, its key kept; the updated app's replayer sends it.
        this.update({ updateRequired: true });
        this.clearWake();
        return 'update';
      case 'auth':
        await this.store.markPaused([entry.key], error);
        this.update({ paused: true });
        this.clearWake();
        return 'paused';
      case 'file-pending':
        // FL4: the server lost or never got the bytes; upload them again next time.
        for (const ref of entry.files ?? []) await this.store.setFileUploaded(ref.sha256, false);
        await this.retry(entry, outcome, error);
        return 'retry';
      case 'retry':
        await this.retry(entry, outcome, error);
        return 'retry';
    }
  }

  private async retry(entry: OutboxEntry, outcome: Outcome, error: EntryError): Promise<void> {
    const delay = retryDelayMs(entry.attempts, this.random, this.backoff, outcome.retryAfterMs);
    await this.store.markRetry(entry.key, this.now() + delay, error);
  }

  private noteOutcome(outcome: Outcome): void {
    const patch: Partial<SyncState> = {};
    // Status 0 is "no answer" only for a request that went out; a local failure says nothing about the network.
    if (outcome.status > 0) patch.online = true;
    else if (outcome.kind === 'retry') patch.online = false;
    if (outcome.kind !== 'ok') patch.lastError = outcome.error ?? null;
    this.update(patch);
  }

  private scheduleWake(at: number): void {
    if (this.disposed || this.state.paused) return;
    this.clearWake();
    this.cancelWake = this.setTimer(() => {
      this.cancelWake = null;
      void this.requestSync();
    }, Math.max(0, at - this.now()));
  }

  private clearWake(): void {
    this.cancelWake?.();
    this.cancelWake = null;
  }

  private update(patch: Partial<SyncState>): void {
    const next = { ...this.state, ...patch };
    const changed = (Object.keys(patch) as (keyof SyncState)[]).some((key) => this.state[key] !== next[key]);
    this.state = next;
    if (!changed || this.disposed) return;
    const snapshot = this.getState();
    for (const listener of this.listeners) listener(snapshot);
  }
}

/** A bulk answer without a result for a file: it was not stored; believed only after a real answer (RP7). */
function unanswered(): Outcome {
  return { kind: 'retry', status: 200, body: null, error: { status: 200, message: REPLAYER_MESSAGES.internal } };
}

import { applyOutcome, type Applied } from './apply-outcome.ts';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffPolicy } from './backoff.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import type { OutboxStore } from './outbox-store.ts';
import { planBatch } from './batch-plan.ts';
import type { PayloadVersioning } from './payload-upgrade.ts';
import { SYNC_LIMITS } from './sync-protocol.ts';
import { entriesReady, FileUploader } from './file-uploader.ts';
import { sendInOrder } from './send-in-order.ts';
import { REPLAYER_MESSAGES } from './replayer-messages.ts';
import type { Outcome, Transport } from './transport.ts';
import { uuidV7 } from './uuid-v7.ts';
import { createLocalLock, type WithLock } from './local-lock.ts';
import type { ReplayerOptions } from './replayer-options.ts';
import { type DrainResult, type DrainStop, INITIAL_SYNC_STATE, type PullRun, type SyncOptions, type SyncState } from './sync-state.ts';

export type { ReplayerOptions } from './replayer-options.ts';

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
  private readonly files: FileUploader;

  private state: SyncState = { ...INITIAL_SYNC_STATE };
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
    this.files = new FileUploader({
      store: this.store,
      transport: this.transport,
      policy: options.fileBatch,
      now: this.now,
      onOutcome: (outcome) => this.noteOutcome(outcome),
      onReached: () => this.update({ online: true }),
    });
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
      const plan = await planBatch({ store: this.store, payload: this.payload, batchSize: this.batchSize, now: this.now(), ignoreBackoff });
      if (plan.batch.length === 0) {
        return plan.waitUntil === undefined ? { sent, stop: 'empty' } : { sent, stop: 'waiting', nextAttemptAt: plan.waitUntil };
      }
      const round = await this.sendRound(plan.batch);
      sent += round.sent;
      await this.refresh();
      if (round.stop)
        return { sent, stop: round.stop, ...(round.nextAttemptAt === undefined ? {} : { nextAttemptAt: round.nextAttemptAt }) };
    }
  }

  private async sendRound(batch: OutboxEntry[]): Promise<{ sent: number; stop?: DrainStop; nextAttemptAt?: number }> {
    await this.store.markSending(batch.map((entry) => entry.key));
    const attempted = batch.map((entry) => ({ ...entry, attempts: entry.attempts + 1 }));

    // FL3, FL8: every file of the batch goes up first, in few requests; then only entries whose files all got a 2xx.
    const problems = await this.files.upload(attempted);
    const { ready, outcomes } = entriesReady(attempted, problems);
    if (ready.length > 0) for (const [key, outcome] of await sendInOrder(this.transport, ready)) outcomes.set(key, outcome);

    const sentKeys: string[] = [];
    const applied: Applied[] = [];
    let nextAttemptAt: number | undefined;
    await this.store.atomically(async () => {
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
    });

    const sent = sentKeys.length;
    if (applied.includes('paused')) return { sent, stop: 'paused' };
    if (applied.includes('update')) return { sent, stop: 'update' };
    if (applied.includes('retry')) return nextAttemptAt === undefined ? { sent, stop: 'retry' } : { sent, stop: 'retry', nextAttemptAt };
    return { sent };
  }

  private apply(entry: OutboxEntry, outcome: Outcome): Promise<Applied> {
    this.noteOutcome(outcome);
    return applyOutcome(entry, outcome, {
      store: this.store,
      retryAt: (attempts, retryAfterMs) => this.now() + retryDelayMs(attempts, this.random, this.backoff, retryAfterMs),
      requireUpdate: () => {
        this.update({ updateRequired: true });
        this.clearWake();
      },
      pause: () => {
        this.update({ paused: true });
        this.clearWake();
      },
    });
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
    this.cancelWake = this.setTimer(
      () => {
        this.cancelWake = null;
        void this.requestSync();
      },
      Math.max(0, at - this.now()),
    );
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

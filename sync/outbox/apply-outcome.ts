import type { EntryError, OutboxEntry } from './outbox-entry.ts';
import type { OutboxStore } from './outbox-store.ts';
import { REPLAYER_MESSAGES } from './replayer-messages.ts';
import { SYNC_ERRORS } from './sync-protocol.ts';
import type { Outcome } from './transport.ts';

export type Applied = 'sent' | 'dead' | 'retry' | 'paused' | 'released' | 'update';

/** What the replayer lends to apply one outcome: its store, its retry clock, and how it stops. */
export interface OutcomeEffects {
  store: OutboxStore;
  /** When an entry tried `attempts` times may go again (RP3), honouring the server's Retry-After. */
  retryAt(attempts: number, retryAfterMs: number | undefined): number;
  /** PV3: the app must be updated before anything more is sent. */
  requireUpdate(): void;
  /** RP8: the session ended; the queue waits for a new one. */
  pause(): void;
}

/** One entry's answer written into the outbox (RP7–RP11, OB8, FL4, PV3). */
export async function applyOutcome(entry: OutboxEntry, outcome: Outcome, effects: OutcomeEffects): Promise<Applied> {
  const { store } = effects;
  const error = outcome.error ?? { status: outcome.status, message: REPLAYER_MESSAGES.internal };
  const retry = (failure: EntryError) => store.markRetry(entry.key, effects.retryAt(entry.attempts, outcome.retryAfterMs), failure);
  switch (outcome.kind) {
    case 'ok':
      return 'sent';
    case 'permanent':
      // OB8: the pre-upgrade body already reached the server under this key; it was applied once.
      if (entry.upgradedAfterAttempt && outcome.status === 422 && outcome.error?.code === SYNC_ERRORS.keyReused.code) return 'sent';
      await store.markDead(entry.key, error);
      return 'dead';
    case 'update':
      // PV3: the entry goes back unchanged, its key kept; the updated app's replayer sends it.
      effects.requireUpdate();
      return 'update';
    case 'auth':
      await store.markPaused([entry.key], error);
      effects.pause();
      return 'paused';
    case 'file-pending':
      // FL4: the server lost or never got the bytes; upload them again next time.
      for (const ref of entry.files ?? []) await store.setFileUploaded(ref.sha256, false);
      await retry(error);
      return 'retry';
    case 'retry':
      await retry(error);
      return 'retry';
  }
}

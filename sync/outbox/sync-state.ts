import type { EntryError } from './outbox-entry.ts';
import type { Outcome } from './transport.ts';

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

/** Before the first look at the outbox: online, nothing pending, never synced. */
export const INITIAL_SYNC_STATE: Readonly<SyncState> = {
  online: true,
  pending: 0,
  sending: false,
  dead: 0,
  paused: false,
  updateRequired: false,
  lastSuccessAt: null,
  lastError: null,
};

/** The result of one pull, as `pullChanges` returns it; only its kind and outcome matter here. */
export type PullRun = { kind: 'ok' } | { kind: 'failed'; outcome: Outcome };

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

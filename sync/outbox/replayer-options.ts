import type { BackoffPolicy } from './backoff.ts';
import type { FileBatchPolicy } from './file-uploader.ts';
import type { OutboxStore } from './outbox-store.ts';
import type { PayloadVersioning } from './payload-upgrade.ts';
import type { WithLock } from './local-lock.ts';
import type { PullRun } from './sync-state.ts';
import type { Transport } from './transport.ts';

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

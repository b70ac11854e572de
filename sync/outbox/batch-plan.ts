import type { OutboxEntry } from './outbox-entry.ts';
import type { OutboxStore } from './outbox-store.ts';
import { mayHaveReachedServer, UPGRADE_MISSING_MESSAGE, upgradePayload, type PayloadVersioning } from './payload-upgrade.ts';
import { SYNC_LIMITS } from './sync-protocol.ts';

export interface Plan {
  batch: OutboxEntry[];
  /** Nothing to send now: the head backs off until then. */
  waitUntil?: number;
}

export interface PlanInput {
  store: OutboxStore;
  payload: PayloadVersioning | undefined;
  batchSize: number;
  now: number;
  ignoreBackoff: boolean;
}

const PLAN_PAGE = 200;
/** A batch's body stays this far under the server's byte limit: room for `{"entries":[...]}` and the commas. */
const BATCH_BYTES_BUDGET = SYNC_LIMITS.batchBytes - 64 * 1024;
const utf8 = new TextEncoder();

/** The entry's size in a batch request's body, as UTF-8. */
function entryBytes({ key, method, path, body }: OutboxEntry): number {
  return utf8.encode(JSON.stringify({ key, method, path, body })).length + 1;
}

/**
 * The next batch in seq order (RP1). Dead entries and everything waiting on them are stepped over (RP11); the
 * first entry still backing off ends the batch, because nothing may overtake it (RP4).
 */
export async function planBatch({ store, payload, batchSize, now, ignoreBackoff }: PlanInput): Promise<Plan> {
  const blockedKeys = new Set<string>();
  const blockedRecords = new Set<string>();
  const batch: OutboxEntry[] = [];
  const block = (entry: OutboxEntry) => {
    blockedKeys.add(entry.key);
    if (entry.recordKey !== undefined) blockedRecords.add(entry.recordKey);
  };
  let afterSeq = 0;
  let bytes = 0;
  for (;;) {
    const page = await store.list({ afterSeq, limit: PLAN_PAGE });
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
      const entry = await upgrade(store, payload, stored);
      if (!entry) {
        block(stored);
        continue;
      }
      // RP5: under the server's limits, in entries and in bytes (a lone bigger entry goes as its single call).
      const size = entryBytes(entry);
      if (batch.length > 0 && bytes + size > BATCH_BYTES_BUDGET) return { batch };
      batch.push(entry);
      bytes += size;
      if (batch.length >= batchSize) return { batch };
    }
  }
}

/** OB8: bring an old payload to the current version, or dead-letter it if no upgrader path exists. */
async function upgrade(store: OutboxStore, payload: PayloadVersioning | undefined, entry: OutboxEntry): Promise<OutboxEntry | null> {
  if (!payload) return entry;
  const result = upgradePayload(entry, payload);
  if (result.kind === 'current') return entry;
  if (result.kind === 'stranded') {
    await store.markDead(entry.key, { status: 0, message: UPGRADE_MISSING_MESSAGE, code: 'VERSION_SIN_ADAPTADOR' });
    return null;
  }
  const changes = {
    ...result.payload,
    payloadVersion: result.payloadVersion,
    ...(mayHaveReachedServer(entry) || entry.upgradedAfterAttempt ? { upgradedAfterAttempt: true } : {}),
  };
  await store.rewrite(entry.key, changes);
  return { ...entry, ...changes };
}

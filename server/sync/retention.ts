import { SYNC_RETENTION } from '#sync/outbox/sync-protocol.ts';
import type { Db } from '../db/database.ts';
import { pruneChanges } from './change-log.repo.ts';
import { inWriteTransaction } from './write-transaction.ts';
import { forgetOldAddressFailures } from '../tenancy/address-limit.ts';
import { forgetExpiredClosedSessions } from '../tenancy/session-state.ts';
import { runSteps, scheduleJob, type ScheduledJob } from '#server/jobs/schedule-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionOptions {
  /** Rows deleted per transaction: each one holds the database's single writer this long, never more. */
  chunkRows?: number;
  /** Between chunks, the writes waiting for the database go first. */
  pause?: () => Promise<void>;
}

export interface Pruned {
  keys: number;
  changes: number;
}

const DEFAULT_CHUNK_ROWS = 500;
const yieldToWrites = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** The oldest moment still kept (RT2). */
export function retentionHorizon(now: Date): Date {
  return new Date(now.getTime() - SYNC_RETENTION.keepDays * DAY_MS);
}

async function pruneKeyChunk(db: Db, before: string, limit: number): Promise<number> {
  return inWriteTransaction(db, async (trx) => {
    const result = await trx
      .deleteFrom('idempotencia')
      .where((eb) =>
        eb(eb.refTuple('IdEmpresa', 'Clave'), 'in', trx.selectFrom('idempotencia').select(['IdEmpresa', 'Clave']).where('CreadoEn', '<', before).limit(limit).$asTuple('IdEmpresa', 'Clave')),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * The change log is pruned as a prefix of seqs (PL5 tells a cursor behind it to reset): up to the first change of
 * the next `limit` that is still kept. Changes are logged in time order, so the prefix is everything older.
 */
async function pruneChangeChunk(db: Db, before: string, limit: number): Promise<number> {
  const rows = await db.selectFrom('cambios').select(['Seq', 'CreadoEn']).orderBy('Seq').limit(limit).execute();
  const kept = rows.findIndex((row) => row.CreadoEn >= before);
  const expired = kept === -1 ? rows.length : kept;
  if (expired === 0) return 0;
  await pruneChanges(db, rows[expired - 1]!.Seq + 1);
  return expired;
}

/**
 * RT2: forgets idempotency keys and changes older than the retention, a chunk at a time so the writes of devices
 * syncing meanwhile wait at most one chunk.
 */
export async function pruneExpired(db: Db, now: Date, options: RetentionOptions = {}): Promise<Pruned> {
  const chunk = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  const pause = options.pause ?? yieldToWrites;
  const before = retentionHorizon(now).toISOString();
  const pruned: Pruned = { keys: 0, changes: 0 };
  for (let deleted = chunk; deleted === chunk; ) {
    deleted = await pruneKeyChunk(db, before, chunk);
    pruned.keys += deleted;
    if (deleted === chunk) await pause();
  }
  for (let deleted = chunk; deleted === chunk; ) {
    deleted = await pruneChangeChunk(db, before, chunk);
    pruned.changes += deleted;
    if (deleted === chunk) await pause();
  }
  return pruned;
}

export type RetentionJob = ScheduledJob;

/** RT2: prunes at start and every hour, once per period across the API nodes; a run never overlaps the previous one. */
export function startRetentionJob(db: Db, now: () => Date, everyMs = RETENTION_INTERVAL_MS): RetentionJob {
  const run = () =>
    runSteps([
      ['no se pudo depurar el registro de idempotencia y de cambios', () => pruneExpired(db, now())],
      // What sign-in keeps only for a while: signed-out sessions past their expiry, failures of past windows (SE2, SE4).
      [
        'no se pudieron depurar las sesiones cerradas y los intentos por dirección',
        () => Promise.all([forgetExpiredClosedSessions(db, now()), forgetOldAddressFailures(db, now())]),
      ],
    ]);
  return scheduleJob(db, { name: 'retencion', everyMs, now, run });
}

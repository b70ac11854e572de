import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { engineOf } from '#server/db/engine.ts';
import { lastJobRun, recordJobEnd, recordJobStart, type JobRun } from './job-runs.repo.ts';

/**
 * The first key of the two-key session advisory locks that stand for scheduled jobs (the second is the hash of the
 * job's name). Its own class, apart from the writer and company locks of server/db/postgres.ts.
 */
export const JOB_LOCKS = 74_120_010;

/**
 * A run started this share of a period ago or less counts for the period: every node ticks every period, so the
 * node that ran it ticks again about one period later and runs it then, while the other nodes' ticks in between
 * find it recent.
 */
const RECENT_SHARE = 0.9;

/** This process among the API nodes that share one database. */
export const THIS_NODE = `${os.hostname()}:${process.pid}`;

export interface JobSpec {
  /** Its row in `trabajos_programados` and its lock: the same on every node. */
  name: string;
  everyMs: number;
  /** The work, on the server's own database; a throw fails this run only. */
  run: () => Promise<void>;
  now: () => Date;
  /** Recorded with each run this process starts (THIS_NODE by default). */
  node?: string;
}

export interface ScheduledJob {
  /** The first tick, at start: the run done (or failed), or skipped because it was not due or another node runs it. */
  ready: Promise<void>;
  /** Clears the timer at once; the promise settles when a tick still in progress here ends. */
  stop(): Promise<void>;
}

/** What a tick did: ran the job, ran it and it failed, found it running (here or on another node), or not due. */
export type TickOutcome = 'ran' | 'failed' | 'busy' | 'not-due';

/** The jobs this process is running right now, per database: a tick never overlaps the previous one here. */
const runningHere = new WeakMap<Db, Set<string>>();

/**
 * Runs `job` now and then every `everyMs`, once per period across every node on the same database: each tick takes
 * the job's lock and runs it if no node did this period. The timer never keeps the process alive.
 */
export function scheduleJob(db: Db, job: JobSpec): ScheduledJob {
  const inProgress = new Set<Promise<void>>();
  const tick = () => {
    const ticking = tickJob(db, job).then(
      () => undefined,
      (error: unknown) => console.error(`[trabajos] no se pudo revisar el trabajo programado ${job.name}`, error),
    );
    inProgress.add(ticking);
    void ticking.then(() => inProgress.delete(ticking));
    return ticking;
  };
  const ready = tick();
  const timer = setInterval(() => void tick(), job.everyMs);
  timer.unref();
  return {
    ready,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inProgress);
    },
  };
}

/** One tick of `job` on this node (see `scheduleJob`). Throws only when the database fails around the run. */
export async function tickJob(db: Db, job: JobSpec): Promise<TickOutcome> {
  const running = runningHere.get(db) ?? new Set<string>();
  runningHere.set(db, running);
  if (running.has(job.name)) return 'busy';
  running.add(job.name);
  try {
    return engineOf(db) === 'postgres' ? await underSessionLock(db, job) : await runIfDue(db, job);
  } finally {
    running.delete(job.name);
  }
}

/**
 * On PostgreSQL the lock is held by one pooled connection for the whole run and released on it afterwards. A node
 * that dies drops its connection and the lock with it, so a surviving node's next tick takes it and, finding the
 * run never ended, runs the job again at once.
 */
async function underSessionLock(db: Db, job: JobSpec): Promise<TickOutcome> {
  const key = sql`${sql.raw(String(JOB_LOCKS))}, hashtext(${job.name})`;
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${key}) as taken`.execute(connection);
    if (!rows[0]?.taken) return 'busy';
    try {
      return await runIfDue(db, job);
    } finally {
      // A connection lost meanwhile already released the lock with its session.
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch((error: unknown) =>
        console.error(`[trabajos] no se pudo liberar el bloqueo del trabajo programado ${job.name}`, error),
      );
    }
  });
}

/**
 * Due when no run started within the recent share of a period, or when the last one never ended: only one tick at a
 * time gets here (the lock, or on SQLite the one process), so that run's node died or the process stopped mid-run.
 * A start more than a period in the future means a clock was wrong: due, rather than waiting for the clock.
 */
function isDue(last: JobRun | undefined, now: Date, everyMs: number): boolean {
  if (!last || last.UltimoFin === null) return true;
  const elapsed = now.getTime() - Date.parse(last.UltimoInicio);
  return elapsed >= RECENT_SHARE * everyMs || elapsed < -everyMs;
}

async function runIfDue(db: Db, job: JobSpec): Promise<TickOutcome> {
  const node = job.node ?? THIS_NODE;
  const started = job.now();
  if (!isDue(await lastJobRun(db, job.name), started, job.everyMs)) return 'not-due';
  await recordJobStart(db, job.name, started, node);
  let failure: string | null = null;
  try {
    await job.run();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    console.error(`[trabajos] falló el trabajo programado ${job.name}`, error);
  }
  await recordJobEnd(db, job.name, started, node, job.now(), failure);
  return failure === null ? 'ran' : 'failed';
}

/**
 * A job made of steps that do not depend on each other: every step runs even when one before it fails, and the
 * run fails with each failed step's message after its Spanish description.
 */
export async function runSteps(steps: ReadonlyArray<readonly [description: string, step: () => Promise<unknown>]>): Promise<void> {
  const failed: string[] = [];
  const errors: unknown[] = [];
  for (const [description, step] of steps) {
    try {
      await step();
    } catch (error) {
      failed.push(`${description}: ${error instanceof Error ? error.message : String(error)}`);
      errors.push(error);
    }
  }
  if (errors.length) throw new AggregateError(errors, failed.join('; '));
}

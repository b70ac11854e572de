/**
 * Issue "Two API nodes": each scheduled job runs once per period across the nodes that share one PostgreSQL
 * database, and goes on when the node running it dies. Two `bootstrap`s on the same database are two nodes.
 * PostgreSQL only (excluded from the SQLite project).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { lastJobRun, recordJobStart } from '#server/jobs/job-runs.repo.ts';
import { JOB_LOCKS, scheduleJob, tickJob, type JobSpec } from '#server/jobs/schedule-job.ts';
import { TestClock } from './support/api-harness.ts';
import { countedJob, jobNodes, PERIOD, until, waitingRun } from './support/job-nodes.ts';

const startNode = jobNodes();

describe('one run per period across the nodes', () => {
  it('two nodes ticking in the same period run it once: the one holding the lock, or the first to start', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const clock = new TestClock();
    const job = countedJob(clock, 'nodo-a');
    const waiting = waitingRun(job);
    const held = tickJob(a, job.spec({ run: waiting.run }));
    await until(async () => (await lastJobRun(b, 'prueba')) !== undefined);
    // Node b ticks while a runs it: the lock is taken; after a ends, the period's run is done.
    expect(await tickJob(b, job.spec({ node: 'nodo-b' }))).toBe('busy');
    waiting.release();
    expect(await held).toBe('ran');
    expect(await tickJob(b, job.spec({ node: 'nodo-b' }))).toBe('not-due');
    expect(job.runs).toBe(1);

    // Both tick at once for three periods: one run each period.
    for (let period = 1; period <= 3; period += 1) {
      clock.advance(PERIOD);
      const outcomes = await Promise.all([tickJob(a, job.spec()), tickJob(b, job.spec({ node: 'nodo-b' }))]);
      expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
      expect(job.runs).toBe(1 + period);
    }
    expect(await lastJobRun(a, 'prueba')).toMatchObject({ UltimoInicio: clock.now().toISOString(), Nodo: expect.stringMatching(/^nodo-[ab]$/) });
  });

  it('on real timers, two nodes never start it twice within 90% of a period', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const everyMs = 50;
    // Each run's start as the node that decided to run it recorded it.
    const starts: number[] = [];
    const spec = (db: Db, node: string): JobSpec => ({
      name: 'prueba',
      everyMs,
      now: () => new Date(),
      node,
      run: async () => void starts.push(Date.parse((await lastJobRun(db, 'prueba'))!.UltimoInicio)),
    });
    const jobs = [scheduleJob(a, spec(a, 'nodo-a')), scheduleJob(b, spec(b, 'nodo-b'))];
    await new Promise((resolve) => setTimeout(resolve, 10 * everyMs));
    await Promise.all(jobs.map((job) => job.stop()));
    expect(starts.length).toBeGreaterThanOrEqual(2);
    const gaps = starts.slice(1).map((start, i) => start - starts[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(0.9 * everyMs);
  });

  it('when the node holding the lock dies mid-run, another node runs the job at its next tick', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const clock = new TestClock();
    const job = countedJob(clock, 'nodo-b');
    // Node a takes the lock and starts the period's run, as its tick does, then dies in the middle of it.
    let pid = 0;
    const dying = a.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${sql.raw(String(JOB_LOCKS))}, hashtext('prueba'))`.execute(connection);
      await recordJobStart(a, 'prueba', clock.now(), 'nodo-a');
      pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection)).rows[0]!.pid;
      await sql`select pg_sleep(30)`.execute(connection);
    });
    await until(() => pid !== 0);
    expect(await tickJob(b, job.spec())).toBe('busy');

    // Its failure is awaited from before the kill: it may arrive before the answer to pg_terminate_backend does.
    const died = expect(dying).rejects.toThrow();
    await sql`select pg_terminate_backend(${pid})`.execute(b);
    await died;
    // Its session ends and the lock with it; the run a started never ended, so it is due although it is recent.
    let outcome = await tickJob(b, job.spec());
    for (let i = 0; i < 100 && outcome === 'busy'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      outcome = await tickJob(b, job.spec());
    }
    expect(outcome).toBe('ran');
    expect(job.runs).toBe(1);
    expect(await lastJobRun(b, 'prueba')).toEqual({
      Nombre: 'prueba',
      UltimoInicio: clock.now().toISOString(),
      UltimoFin: clock.now().toISOString(),
      Nodo: 'nodo-b',
      Error: null,
    });
  });
});

/**
 * Each scheduled job's last run is recorded in `trabajos_programados` (what monitoring reads), on both engines;
 * two-nodes-jobs.test.ts shows one run per period across nodes on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { lastJobRun } from '#server/jobs/job-runs.repo.ts';
import { scheduleJob, tickJob } from '#server/jobs/schedule-job.ts';
import { TestClock } from './support/api-harness.ts';
import { countedJob, jobNodes, PERIOD, until, waitingRun } from './support/job-nodes.ts';

const startNode = jobNodes();

describe('the last run of each scheduled job (both engines)', () => {
  it('records its start, end and node; a failed run keeps its message and the schedule goes on', async () => {
    const db = await startNode();
    const clock = new TestClock();
    const job = countedJob(clock, 'nodo-a');
    expect(await tickJob(db, job.spec())).toBe('ran');
    expect(await lastJobRun(db, 'prueba')).toEqual({
      Nombre: 'prueba',
      UltimoInicio: clock.now().toISOString(),
      UltimoFin: clock.now().toISOString(),
      Nodo: 'nodo-a',
      Error: null,
    });
    clock.advance(0.5 * PERIOD);
    expect(await tickJob(db, job.spec())).toBe('not-due');
    expect(job.runs).toBe(1);

    clock.advance(0.5 * PERIOD);
    const failing = job.spec({ run: () => Promise.reject(new Error('falla de prueba')) });
    expect(await tickJob(db, failing)).toBe('failed');
    expect(await lastJobRun(db, 'prueba')).toMatchObject({ UltimoInicio: clock.now().toISOString(), Error: 'falla de prueba' });
    clock.advance(PERIOD);
    expect(await tickJob(db, job.spec())).toBe('ran');
    expect(await lastJobRun(db, 'prueba')).toMatchObject({ UltimoInicio: clock.now().toISOString(), Error: null });
    expect(job.runs).toBe(2);
  });

  it('the schedule runs the job at start (ready) and records it; a tick while it still runs here is skipped', async () => {
    const db = await startNode();
    const clock = new TestClock();
    const job = countedJob(clock, 'nodo-a');
    const waiting = waitingRun(job);
    const scheduled = scheduleJob(db, job.spec({ run: waiting.run }));
    await until(async () => (await lastJobRun(db, 'prueba')) !== undefined);
    expect(await tickJob(db, job.spec())).toBe('busy');
    waiting.release();
    await scheduled.ready;
    await scheduled.stop();
    expect(job.runs).toBe(1);
    expect(await lastJobRun(db, 'prueba')).toMatchObject({ Nodo: 'nodo-a', UltimoFin: clock.now().toISOString(), Error: null });
  });
});

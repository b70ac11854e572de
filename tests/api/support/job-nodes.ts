import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { bootstrap, type StartedDeps } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { JobSpec } from '#server/jobs/schedule-job.ts';
import type { TestClock} from './api-harness.ts';
import { testDatabase } from './api-harness.ts';

export const PERIOD = 60_000;

/** For a test file: API nodes on one database of the test's own, without demo companies; destroyed after each test. */
export function jobNodes() {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let nodes: StartedDeps[];
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-jobs-'));
    database = await testDatabase('migrada');
    nodes = [];
  });
  afterEach(async () => {
    for (const node of nodes) await node.db.destroy();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  /** One more API node on the test's database. */
  return async function startNode(): Promise<Db> {
    const node = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, DEMO_SEED: '0' }));
    nodes.push(node);
    return node.db;
  };
}

/** A job that counts its runs; `run` may be replaced to make one run wait or fail. */
export function countedJob(clock: TestClock, node: string) {
  const job = {
    runs: 0,
    spec: (overrides: Partial<JobSpec> = {}): JobSpec => ({
      name: 'prueba',
      everyMs: PERIOD,
      now: clock.now,
      node,
      run: async () => void (job.runs += 1),
      ...overrides,
    }),
  };
  return job;
}

/** A run that waits for `release` before it counts itself. */
export function waitingRun(job: { runs: number }) {
  let release: () => void = () => undefined;
  const run = () => new Promise<void>((resolve) => (release = resolve)).then(() => void (job.runs += 1));
  return { run, release: () => release() };
}

export const until = async (done: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await done()); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};

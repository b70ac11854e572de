/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn. Each prints its figure, the machine and the
 * target from its issue; speed is measured here, never asserted by timed tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, startPostgresCluster } from '#tests/support/postgres-cluster.ts';

const dir = path.dirname(new URL(import.meta.url).pathname);
/** `npm run bench -- <part of a name>` runs only the benchmarks whose file name has it. */
const only = process.argv[2];
const chosen = (file: string) => !only || file.includes(only);
const benches = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts') && chosen(file))
  .sort();
console.log(`Máquina: ${os.cpus()[0]?.model ?? 'desconocida'} · ${os.cpus().length} núcleos · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`);
if (benches.length === 0) console.log('No hay benchmarks todavía.');
let failed = 0;
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  const result = spawnSync('npx', ['tsx', path.join(dir, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}

/**
 * The server's hot paths again with the server on PostgreSQL, in the same run so the figures stand side by side:
 * batch apply, the first pull and the worker list under load, each on an empty database of a throwaway cluster;
 * and the big chaos run on two API nodes sharing that database.
 */
const ON_POSTGRES = ['server-batch-apply.bench.ts', 'first-pull-20k-workers.bench.ts', 'worker-list-load.bench.ts', 'chaos-5000.bench.ts'];
const cluster = await startPostgresCluster('bench');
try {
  for (const [i, bench] of ON_POSTGRES.filter(chosen).entries()) {
    console.log(`\n▶ ${bench} — en PostgreSQL ${cluster.version}`);
    await adminQuery(cluster, `create database bench_${i}`);
    const env = { ...process.env, BENCH_DATABASE_URL: cluster.url(`bench_${i}`) };
    const result = spawnSync('npx', ['tsx', path.join(dir, bench)], { stdio: 'inherit', env });
    if (result.status !== 0) failed += 1;
  }
} finally {
  cluster.stop();
}
process.exitCode = failed ? 1 : 0;

/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn. Each prints its figure, the machine and the
 * target from its issue; speed is measured here, never asserted by timed tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const benches = fs.readdirSync(dir).filter((file) => file.endsWith('.bench.ts')).sort();
console.log(`Máquina: ${os.cpus()[0]?.model ?? 'desconocida'} · ${os.cpus().length} núcleos · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`);
if (benches.length === 0) console.log('No hay benchmarks todavía.');
let failed = 0;
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  const result = spawnSync('npx', ['tsx', path.join(dir, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed ? 1 : 0;

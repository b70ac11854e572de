/**
 * The one test command (`npm test`): every check a change must pass, in the order that fails fastest.
 * Prints each step, the real test counts of vitest and Playwright, and exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

interface Step {
  name: string;
  command: string;
}

const steps: Step[] = [
  { name: 'Una sola copia de Ionic, query-core y react-router', command: 'tsx tests/tooling/check-single-copies.ts' },
  { name: 'TypeScript (app, server, sync, tests)', command: 'tsc --noEmit -p tsconfig.json' },
  { name: 'TypeScript (service worker)', command: 'tsc --noEmit -p tsconfig.sw.json' },
  { name: 'ESLint (incluye límites entre carpetas)', command: 'eslint .' },
  // Absolute path: vitest resolves outputFile against the Vite root (app/).
  {
    // One run for both engines: the API tests on PostgreSQL (a throwaway cluster, a database per test) share the
    // workers. They spend much of their time waiting on the database: four workers on two cores overlap those waits
    // (375 s with the default of two, 222 s with four, here).
    name: 'Vitest: unit + API en SQLite y en PostgreSQL',
    command:
      'vitest run --project unit --project api --project api-postgresql --maxWorkers=4 --reporter=default --reporter=json ' +
      `--outputFile=${path.resolve('.tmp/vitest.json')}`,
  },
  {
    name: 'Vitest: caos (servidor real, red que falla, SIGKILL), en SQLite y en PostgreSQL',
    command: `vitest run --project chaos --project chaos-postgresql --no-file-parallelism --reporter=default --reporter=json ` +
      `--outputFile=${path.resolve('.tmp/vitest-chaos.json')}`,
  },
  { name: 'Build de la PWA', command: 'vite build --logLevel warn' },
  { name: 'Playwright en Chromium', command: 'playwright test --reporter=list,json' },
];

fs.mkdirSync('.tmp', { recursive: true });
// Reports of an earlier run must not be counted as this run's.
for (const report of ['vitest.json', 'vitest-chaos.json', 'playwright.json']) fs.rmSync(path.join('.tmp', report), { force: true });
const failed: string[] = [];
const timings: { name: string; seconds: number; ok: boolean }[] = [];
const started = Date.now();

for (const step of steps) {
  console.log(`\n▶ ${step.name}\n  $ ${step.command}`);
  const t0 = Date.now();
  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json',
    PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH ?? ''}`,
  };
  const result = spawnSync(step.command, { shell: true, stdio: 'inherit', env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push({ name: step.name, seconds: Number(seconds), ok: result.status === 0 });
  if (result.status === 0) {
    console.log(`✔ ${step.name} (${seconds} s)`);
  } else {
    console.log(`✘ ${step.name} (${seconds} s)`);
    failed.push(step.name);
    // Later steps depend on earlier ones (a build that does not typecheck is not worth testing in a browser).
    if (step.name !== 'ESLint (incluye límites entre carpetas)') break;
  }
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

type VitestReport = { numPassedTests?: number; numFailedTests?: number } | null;
const vitestRuns = [readJson('.tmp/vitest.json'), readJson('.tmp/vitest-chaos.json')] as VitestReport[];
const vitest = {
  numPassedTests: vitestRuns.reduce((sum, run) => sum + (run?.numPassedTests ?? 0), 0),
  numFailedTests: vitestRuns.reduce((sum, run) => sum + (run?.numFailedTests ?? 0), 0),
};
const playwright = readJson('.tmp/playwright.json') as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | null;
const passed = vitest.numPassedTests + (playwright?.stats?.expected ?? 0);
const failedTests = vitest.numFailedTests + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);

// The time of each step, then the counts, and the whole command's time last, where the run ends.
console.log('\nTiempo por paso:');
for (const timing of timings) console.log(`  ${timing.ok ? '✔' : '✘'} ${timing.seconds.toFixed(1).padStart(6)} s  ${timing.name}`);
console.log(`\nTests: ${passed} passed, ${failedTests + (failed.length && failedTests === 0 ? 1 : 0)} failed`);
if (failed.length) console.log(`Fallaron: ${failed.join('; ')}`);
const total = (Date.now() - started) / 1000;
console.log(
  `Pasos: ${steps.length - failed.length} de ${steps.length} sin fallas en ${total.toFixed(0)} s (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`,
);
process.exitCode = failed.length ? 1 : 0;

/**
 * Issue "workers, positions, levels: the first citizens of the sync queue": a fresh device's first sign-in pulls
 * the whole company through GET /api/sync/changes (the change log is the only path). Here a company with 20,000
 * workers is paged from cursor 0 at the maximum page (1000) through the real app over a real SQLite file, and
 * the time to the last page is measured. Server side only: no device storage is involved.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { seedId, DEMO_PASSWORD } from '#server/seed/demo-seed.ts';
import { PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import { insertBenchWorkers } from './support/bench-workers.ts';

const WORKERS = 20_000;
const PAGE = 1000;
const ROUNDS = 3;
const COMPANY = '76123456';
/** A first sign-in on a tablet should not wait on the server: a few seconds at most for the whole roster. */
const TARGET_SECONDS = 3;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-pull-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL }));
const app = createApp(deps);

try {
  const cargo = seedId(COMPANY, 'cargo', 1);
  const level2 = seedId(COMPANY, 'nv2', 1);
  const started = process.hrtime.bigint();
  await insertBenchWorkers(deps.db, COMPANY, WORKERS);
  console.log(`Carga: ${WORKERS} trabajadores con su fila de cambios en ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(2)} s`);

  const login = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };

  interface Page {
    changes: { table: string }[];
    cursor: number;
    more: boolean;
  }

  async function firstPull(): Promise<{ seconds: number; workers: number; pages: number; bytes: number }> {
    const begin = process.hrtime.bigint();
    let cursor = 0;
    let workers = 0;
    let pages = 0;
    let bytes = 0;
    for (;;) {
      // gzip as a tablet would ask for it: the compressed size is what travels on a slow link.
      const response = await app.request(`/api/sync/changes?since=${cursor}&limit=${PAGE}`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip', [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION) } });
      const compressed = new Uint8Array(await response.clone().arrayBuffer());
      bytes += compressed.length;
      const stream = response.headers.get('content-encoding') === 'gzip' ? response.body!.pipeThrough(new DecompressionStream('gzip')) : response.body!;
      const page = (await new Response(stream).json()) as Page;
      workers += page.changes.filter((change) => change.table === 'trabajadores').length;
      pages += 1;
      cursor = page.cursor;
      if (!page.more) break;
    }
    return { seconds: Number(process.hrtime.bigint() - begin) / 1e9, workers, pages, bytes };
  }

  await firstPull(); // warm-up (JIT, page cache), not counted
  const runs = [];
  for (let round = 0; round < ROUNDS; round += 1) runs.push(await firstPull());
  const expected = WORKERS + 20;
  for (const run of runs) {
    if (run.workers !== expected) throw new Error(`se esperaban ${expected} trabajadores, llegaron ${run.workers}`);
  }
  const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)]!;
  const run = runs[0]!;
  console.log(
    `Primera descarga: ${expected} trabajadores en ${run.pages} páginas de ${PAGE}: mediana ${median.toFixed(2)} s ` +
      `(${seconds.map((s) => s.toFixed(2)).join(' / ')}), ${Math.round(expected / median)} filas/s, ${(run.bytes / 2 ** 20).toFixed(1)} MiB comprimidos. ` +
      `Meta: ≤ ${TARGET_SECONDS} s → ${median <= TARGET_SECONDS ? 'cumple' : 'NO cumple'}`,
  );
  if (median > TARGET_SECONDS) process.exitCode = 1;

  // The office list over the same 20,000 workers: one page with its total, for the common searches.
  const listQueries = ['', '?Buscar=apellido%20996', '?Buscar=30001234', `?nv2=${level2}&Cargo=${cargo}`, '?Pagina=300&PorPagina=50'];
  const timings: string[] = [];
  for (const query of listQueries) {
    const url = `/api/trabajadores/newtrabajadores2/${COMPANY}${query}`;
    await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
    const begin = process.hrtime.bigint();
    const response = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
    const { total } = (await response.json()) as { total: number };
    timings.push(`${query || '(sin filtros)'}: ${(Number(process.hrtime.bigint() - begin) / 1e6).toFixed(1)} ms, total ${total}`);
  }
  console.log(`Lista de trabajadores: ${timings.join(' · ')}`);
} finally {
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Issue "Speed": the worker list endpoint (50 per page, authenticated, permissions checked as on every request)
 * under 32 concurrent keep-alive connections for 10 s from a load script in Node on the same machine: at least
 * 5,000 requests/s with p99 under 50 ms. The real server runs as its own process (`npx tsx server/main.ts`) over a
 * company of 5,000 workers; the load walks the list's first 20 pages, as office users paging through it would.
 * A page and the session are read from SQLite once and kept while no row of the database changes, so the load
 * measures the kept answers; the breakdown printed after it shows what a request costs right after a write.
 */
import fs from 'node:fs';
import http from 'node:http';
import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD } from '#server/seed/demo-seed.ts';
import { freePort, ServerProcess } from '../chaos/support/server-process.ts';
import { insertBenchWorkers } from './support/bench-workers.ts';

const WORKERS = 5_000;
const CONNECTIONS = 32;
const SECONDS = 10;
const PAGES = 20;
const TARGET_RPS = 5_000;
const TARGET_P99_MS = 50;
/** A busy company: ten saves a second somewhere while the office pages through the list. */
const WRITES_PER_SECOND = 10;
const COMPANY = '76123456';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-load-'));
const seeded = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL }));
await insertBenchWorkers(seeded.db, COMPANY, WORKERS);

/**
 * Where one request's time goes, in this process, one request at a time (no HTTP): a call that only checks the
 * session and permission and reads a small table; the list of 50 when no row changed since it was last built (what
 * the load below measures: nobody writes meanwhile), and built again after a row changed (its filters, order,
 * total and the 50 rows with their positions as JSON; the cost of the write itself taken out).
 */
async function perRequestMs(): Promise<Record<string, number>> {
  const app = createApp(seeded);
  const login = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const touchOneRow = () => sql`UPDATE empresas SET "NombreEmpresa" = "NombreEmpresa" WHERE "IdEmpresa" = ${COMPANY}`.execute(seeded.db);
  const average = async (work: () => Promise<unknown>, times = 300) => {
    for (let i = 0; i < 50; i += 1) await work();
    const started = performance.now();
    for (let i = 0; i < times; i += 1) await work();
    return (performance.now() - started) / times;
  };
  const call = async (url: string) => (await app.request(url, { headers: { Authorization: `Bearer ${token}` } })).text();
  const list = `/api/trabajadores/newtrabajadores2/${COMPANY}?Pagina=3&PorPagina=50`;
  const write = await average(touchOneRow);
  return {
    'sesión + permiso + tabla pequeña (máscaras)': await average(() => call(`/api/trabajadores/mascaras/${COMPANY}`)),
    'lista, 50 trabajadores, sin cambios desde la última vez (página ya construida)': await average(() => call(list)),
    'lista, 50 trabajadores, tras un cambio (sesión y página leídas de nuevo)': (await average(async () => (await touchOneRow(), await call(list)))) - write,
  };
}
const breakdown = await perRequestMs();
await seeded.db.destroy();

const server = new ServerProcess({ port: await freePort(), dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

try {
  await server.start();
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const pageUrl = (page: number) => `${server.url}/api/trabajadores/newtrabajadores2/${COMPANY}?Pagina=${page}&PorPagina=50`;

  const first = await get(pageUrl(1), headers);
  const firstPage = JSON.parse(first.body) as { data: unknown[]; total: number };
  if (first.status !== 200 || firstPage.data.length !== 50) throw new Error(`la lista no respondió 50 trabajadores: ${first.status}`);

  // Warm-up (JIT, prepared statements, sockets), not counted.
  const warmUntil = Date.now() + 2_000;
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < warmUntil) await get(pageUrl(1), headers);
  }));

  /**
   * The load for SECONDS; with `writesPerSecond`, another user meanwhile saves their profile that often (each write
   * makes the next request of every page read SQLite again).
   */
  async function load(writesPerSecond = 0) {
    const latencies: number[] = [];
    let failures = 0;
    let writes = 0;
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const writer = async () => {
      for (let next = performance.now(); writesPerSecond > 0 && performance.now() < until; next += 1000 / writesPerSecond) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        const saved = await fetch(`${server.url}/api/perfil/perfil_usuario/${writerId}/${COMPANY}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${writerToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ Nombres: `Jorge ${writes}`, ApellidoPaterno: 'Araya', ApellidoMaterno: 'Rojas', TelefonoPersona: '+56 9 1234 5678', FechaNacimiento: '1985-04-12' }),
        });
        if (saved.status !== 200) throw new Error(`la escritura respondió ${saved.status}`);
        writes += 1;
      }
    };
    await Promise.all([
      writer(),
      ...Array.from({ length: CONNECTIONS }, async (_, connection) => {
        for (let page = (connection % PAGES) + 1; performance.now() < until; page = (page % PAGES) + 1) {
          const sent = performance.now();
          const answer = await get(pageUrl(page), headers);
          latencies.push(performance.now() - sent);
          if (answer.status !== 200) failures += 1;
        }
      }),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
    return { rps: latencies.length / elapsed, p50: percentile(50), p99: percentile(99), failures, requests: latencies.length, writes };
  }

  const writerLogin = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token: writerToken, usuario } = (await writerLogin.json()) as { token: string; usuario: { IdUsuario: number } };
  const writerId = usuario.IdUsuario;

  const quiet = await load();
  const busy = await load(WRITES_PER_SECOND);
  const { rps, p99 } = quiet;
  const line = (run: typeof quiet) =>
    `${run.rps.toFixed(0)} solicitudes/s · p50 ${run.p50.toFixed(1)} ms · p99 ${run.p99.toFixed(1)} ms · ${run.failures} fallidas de ${run.requests}`;

  console.log(`Lista de trabajadores (50 por página de ${firstPage.total}), ${CONNECTIONS} conexiones keep-alive durante ${SECONDS} s, carga y servidor en esta misma máquina`);
  console.log(`  ${line(quiet)}`);
  console.log(`  objetivo: ≥ ${TARGET_RPS} solicitudes/s → ${rps >= TARGET_RPS ? 'cumple' : 'NO cumple'}; p99 < ${TARGET_P99_MS} ms → ${p99 < TARGET_P99_MS ? 'cumple' : 'NO cumple'}`);
  console.log(`  mientras otro usuario guarda ${busy.writes} veces su perfil (${WRITES_PER_SECOND} por segundo): ${line(busy)}`);
  console.log('  dónde va el tiempo de una solicitud (en proceso, sin HTTP, una a la vez):');
  for (const [part, ms] of Object.entries(breakdown)) console.log(`    ${part}: ${ms.toFixed(2)} ms`);
  if (quiet.failures + busy.failures > 0) process.exitCode = 1;
} finally {
  agent.destroy();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

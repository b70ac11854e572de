/**
 * Issue "Writes near their floors": server batch apply (ledger + change log + row) at 0.8 or more of its floor, and
 * a worker created through the record kit under 150 µs. Real server over a real SQLite file (or PostgreSQL, with
 * BENCH_DATABASE_URL), served by @hono/node-server as in production and reached over HTTP with gzip as devices
 * reach it, from a process of their own (support/batch-client.ts): a device's work is not the server's. Each write
 * is a Mi Perfil PUT sent inside POST /api/sync/batch (500 per batch), so it pays the session check, validation,
 * the idempotency ledger, the row update and its change-log row, each entry in its own savepoint of the batch's one
 * transaction (committed before the batch answers). Keys are UUIDv7 as devices make them (SPEC OB3). Checks
 * afterwards that every write landed once, and prints where the server's CPU went. The floor beside it runs the
 * same statements in this process with no HTTP and no per-entry pipeline; it is frozen (the issue's rule).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD } from '#server/seed/demo-seed.ts';
import { DEVICES, profileEntries, startBatchClient, type BatchRound } from './support/batch-client.ts';
import { cpuSplit } from './support/cpu-split.ts';
import { holdingConnection, runStatement } from '#server/db/database.ts';
import { findUserProfile, updateUserProfile } from '#server/modules/perfil/perfil.repo.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { requestFingerprint } from '#server/sync/idempotency-ledger.ts';
import { loadSessionUser } from '#server/tenancy/session-user.ts';

const TARGET_WRITES_PER_SECOND = 15_000;
const WRITES = 5000;
const BATCH = 500;
/** Rounds per figure, after a whole round of warm-up: the machine is shared, the median is the figure. */
const ROUNDS = 5;
const WORKER_WRITES = 2000;
const COMPANY = '76123456';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL }));
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const request = (url: string, init: RequestInit) => fetch(`${baseUrl}${url}`, init);
const client = startBatchClient();

try {
  const login = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token, usuario } = (await login.json()) as { token: string; usuario: { IdUsuario: number } };
  const profilePath = `/api/perfil/perfil_usuario/${usuario.IdUsuario}/${COMPANY}`;

  const entries = (from: number, count: number) => profileEntries(profilePath, from, count);

  const profileRound = (from: number): BatchRound => ({ baseUrl, token, kind: 'perfil', writes: WRITES, batch: BATCH, from, profilePath });
  // One round of warm-up (JIT, statement paths, the page cache), not counted.
  await client.round(profileRound(-WRITES));

  const count = async (table: 'cambios' | 'idempotencia') =>
    Number(
      (
        await deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // The floor under the pipeline: the same write's statements through the project's own compiled queries, with the
  // fingerprint and the stored answer, in one transaction with a savepoint per write, but no Request, routing,
  // middleware, validation or Response per entry: what applying entries without the HTTP pipeline would cost.
  const ledgerFind = deps.db
    .selectFrom('idempotencia')
    .select(['Huella', 'Estado', 'Respuesta'])
    .where('IdEmpresa', '=', '')
    .where('Clave', '=', '')
    .compile().sql;
  const ledgerInsert = deps.db
    .insertInto('idempotencia')
    .values({ IdEmpresa: '', Clave: '', Huella: '', Estado: 0, Respuesta: '', CreadoEn: '' })
    .compile().sql;
  const floorRates: number[] = [];
  async function floorRound(round: number): Promise<void> {
    const started = process.hrtime.bigint();
    await deps.db.transaction().execute((trx) =>
      holdingConnection(deps.db, trx, async () => {
        for (const { key, body } of entries((ROUNDS + 1 + round) * WRITES, WRITES)) {
          const now = new Date();
          const fingerprint = requestFingerprint({
            user: usuario.IdUsuario,
            method: 'PUT',
            pathWithQuery: profilePath,
            contentType: 'application/json',
            body: JSON.stringify(body),
            parsed: body,
          });
          await runStatement(trx, ledgerFind, [COMPANY, key]);
          await runStatement(trx, 'SAVEPOINT entrada_lote', []);
          await loadSessionUser(trx, COMPANY, usuario.IdUsuario);
          await updateUserProfile(trx, COMPANY, usuario.IdUsuario, body);
          const row = await findUserProfile(trx, COMPANY, usuario.IdUsuario);
          await recordChange(trx, { company: COMPANY, table: 'usuarios', id: usuario.IdUsuario, op: 'upsert', row: row ?? {} }, now);
          await runStatement(trx, ledgerInsert, [
            COMPANY,
            key,
            fingerprint,
            200,
            JSON.stringify({ statusCode: 200, data: row }),
            now.toISOString(),
          ]);
          await runStatement(trx, 'RELEASE entrada_lote', []);
        }
      }),
    );
    floorRates.push(WRITES / (Number(process.hrtime.bigint() - started) / 1e9));
  }

  // Several rounds, because this machine is shared: the median is the figure, the spread is shown beside it. Each
  // round of the pipeline is followed by one of the floor, so both meet the same load of the machine.
  const rates: number[] = [];
  const cpuPerWrite: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const [changesBefore, ledgerBefore] = [await count('cambios'), await count('idempotencia')];
    const cpuBefore = process.cpuUsage();
    const seconds = await client.round(profileRound(round * WRITES));
    const cpuUsed = process.cpuUsage(cpuBefore);

    const user = await deps.db
      .selectFrom('usuarios')
      .select('Nombres')
      .where('IdUsuario', '=', usuario.IdUsuario)
      .executeTakeFirstOrThrow();
    const [changes, ledger] = [(await count('cambios')) - changesBefore, (await count('idempotencia')) - ledgerBefore];
    // Each device's batches land in its order: the name left is the last of one of the devices' last batches.
    const lastNames = Array.from({ length: DEVICES }, (_, d) => `Jorge ${(round + 1) * WRITES - 1 - d * BATCH}`);
    if (changes !== WRITES || ledger !== WRITES || !lastNames.includes(user.Nombres)) {
      throw new Error(`no quedaron ${WRITES} escrituras: cambios ${changes}, ledger ${ledger}, ${user.Nombres}`);
    }
    rates.push(WRITES / seconds);
    cpuPerWrite.push((cpuUsed.user + cpuUsed.system) / WRITES);
    await floorRound(round);
  }

  // One more round under V8's sampling profiler, not counted: where a write's CPU goes.
  const split = await cpuSplit(async () => {
    await client.round(profileRound(ROUNDS * WRITES));
  });

  const floorMedian = [...floorRates].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;

  // The same batches of a business module's writes through the records kit: new workers (references, RUT
  // uniqueness, positions, the row and its change), the heaviest common write a device sends.
  const admin = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const adminToken = ((await admin.json()) as { token: string }).token;
  const workerRound: BatchRound = { baseUrl, token: adminToken, kind: 'trabajadores', writes: WORKER_WRITES, batch: BATCH, from: 0, profilePath };
  await client.round(workerRound); // warm-up, not counted
  // Five rounds of 2,000 are also a bulk load of 10,000 workers: its server time is this process's CPU over them.
  const workerRates: number[] = [];
  const bulkCpu = process.cpuUsage();
  const bulkStarted = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round += 1) {
    workerRates.push(WORKER_WRITES / (await client.round(workerRound)));
  }
  const bulkSeconds = Number(process.hrtime.bigint() - bulkStarted) / 1e9;
  const bulkCpuUsed = process.cpuUsage(bulkCpu);
  const bulkCpuSeconds = (bulkCpuUsed.user + bulkCpuUsed.system) / 1e6;
  const workerMedian = [...workerRates].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;
  const workerSplit = await cpuSplit(async () => {
    await client.round(workerRound);
  });

  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const ratio = median / floorMedian;
  const workerMicros = 1e6 / workerMedian;
  const verdict = (met: boolean) => (met ? 'cumple' : 'NO cumple');
  const shares = (parts: { label: string; share: number }[]) => parts.map(({ label, share }) => `${label} ${(share * 100).toFixed(0)} %`).join(' · ');
  const cpu = os.cpus();
  const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)} · ${engine}`,
  );
  console.log(
    `Aplicar lotes en el servidor (ledger + registro de cambios + fila): ${ROUNDS} rondas de ${WRITES} escrituras en lotes de ${BATCH}, ` +
      `${DEVICES} dispositivos a la vez desde otro proceso`,
  );
  console.log(
    `  ${median.toFixed(0)} escrituras/s (mediana; ${(1e6 / median).toFixed(0)} µs por escritura; rondas: ${rates.map((rate) => rate.toFixed(0)).join(', ')})`,
  );
  // CPU time of this process (GC and JIT threads included): on a shared machine the wall figure also counts waiting.
  console.log(`  CPU del servidor por escritura: ${cpuPerWrite.map((us) => `${us.toFixed(0)} µs`).join(', ')}`);
  console.log(`  dónde va la CPU del servidor (una ronda más, muestreada): ${shares(split)}`);
  console.log(
    `  suelo sin la canalización por entrada (las mismas 8 sentencias con las consultas del proyecto, huella y respuesta guardada): ` +
      `${floorMedian.toFixed(0)} escrituras/s (${(1e6 / floorMedian).toFixed(0)} µs; rondas: ${floorRates.map((rate) => rate.toFixed(0)).join(', ')}); ` +
      `el resto por entrada (HTTP del lote, sesión, permiso, esquema, libro y comando): ${(1e6 / median - 1e6 / floorMedian).toFixed(0)} µs`,
  );
  console.log(
    `  razón frente al suelo: ${ratio.toFixed(2)}; objetivo del issue "Writes near their floors": ≥ 0.8 → ${verdict(ratio >= 0.8)} ` +
      `(reemplaza la meta de ${TARGET_WRITES_PER_SECOND} escrituras/s del issue "Speed", que no decía en qué máquina)`,
  );
  console.log(
    `Altas de trabajadores por el kit de registros (referencias, RUT único, cargos, fila y cambio), ${ROUNDS} rondas de ${WORKER_WRITES}:`,
  );
  console.log(
    `  ${workerMicros.toFixed(0)} µs por escritura (mediana; ${workerMedian.toFixed(0)} escrituras/s; rondas: ${workerRates.map((rate) => rate.toFixed(0)).join(', ')}); ` +
      `objetivo en SQLite: < 150 µs → ${engine === 'SQLite' ? verdict(workerMicros < 150) : 'sin objetivo en PostgreSQL'}`,
  );
  console.log(
    `  las ${ROUNDS * WORKER_WRITES} altas seguidas (carga masiva): ${bulkCpuSeconds.toFixed(2)} s de CPU del servidor, ${bulkSeconds.toFixed(2)} s de reloj; ` +
      `objetivo en SQLite: < 2 s de servidor → ${engine === 'SQLite' ? verdict(bulkCpuSeconds < 2) : 'sin objetivo en PostgreSQL'}`,
  );
  console.log(`  dónde va la CPU del servidor (una ronda más, muestreada): ${shares(workerSplit)}`);
} finally {
  client.stop();
  await new Promise((resolve) => server.close(resolve));
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

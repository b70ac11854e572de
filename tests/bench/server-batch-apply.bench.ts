/**
 * Issue "Speed": server batch apply (ledger + change log + row) at 15,000 writes per second or more. Real server
 * over a real SQLite file, served by @hono/node-server as in production (its lightweight Request and Response
 * replace the global ones; app.request alone builds undici's, ~12 % dearer per entry) and reached over HTTP with
 * gzip as a device reaches it. Each write is a Mi Perfil PUT sent inside POST /api/sync/batch (500 per batch), so
 * it pays the session check, validation, the idempotency ledger, the row update and its change-log row, each entry
 * in its own savepoint of the batch's one transaction (committed before the batch answers). Keys are UUIDv7 as
 * devices make them (SPEC OB3). Checks afterwards that every write landed once, and prints where the CPU went.
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
import { PROTOCOL_HEADER, SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { workerBody } from '../api/support/trabajadores-factory.ts';
import { cpuSplit } from './support/cpu-split.ts';
import { holdingConnection, runStatement } from '#server/db/database.ts';
import { findUserProfile, updateUserProfile } from '#server/modules/perfil/perfil.repo.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { requestFingerprint } from '#server/sync/idempotency-ledger.ts';
import { loadSessionUser } from '#server/tenancy/session-user.ts';

const TARGET_WRITES_PER_SECOND = 15_000;
const WRITES = 5000;
const BATCH = 500;
const ROUNDS = 3;
const WORKER_WRITES = 2000;
const COMPANY = '76123456';

interface BatchAnswer {
  results: { key: string; status: number }[];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL }));
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const request = (url: string, init: RequestInit) => fetch(`${baseUrl}${url}`, init);

try {
  const login = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token, usuario } = (await login.json()) as { token: string; usuario: { IdUsuario: number } };
  const profilePath = `/api/perfil/perfil_usuario/${usuario.IdUsuario}/${COMPANY}`;

  const entries = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      key: uuidV7(),
      method: 'PUT',
      path: profilePath,
      body: {
        Nombres: `Jorge ${from + i}`,
        ApellidoPaterno: 'Araya',
        ApellidoMaterno: 'Rojas',
        TelefonoPersona: '+56 9 1234 5678',
        FechaNacimiento: '1985-04-12',
      },
    }));

  async function sendBatch(batch: { key: string; method: string; path: string; body: unknown }[], bearer = token): Promise<void> {
    const response = await request('/api/sync/batch', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${bearer}`,
        'Content-Type': 'application/json',
        'Accept-Encoding': 'gzip',
        [PROTOCOL_HEADER]: String(SYNC_PROTOCOL_VERSION),
      },
      body: JSON.stringify({ entries: batch }),
    });
    const answer = (await response.json()) as BatchAnswer;
    const failed = answer.results.filter((result) => result.status !== 200);
    if (response.status !== 200 || answer.results.length !== batch.length || failed.length) {
      throw new Error(`lote rechazado: ${response.status} ${JSON.stringify(failed.slice(0, 2))}`);
    }
  }

  // One warm-up batch (JIT, statement paths), not counted.
  await sendBatch(entries(-BATCH, BATCH));

  const count = async (table: 'cambios' | 'idempotencia') =>
    Number(
      (
        await deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Several rounds, because this machine is shared: the median is the figure, the spread is shown beside it.
  const rates: number[] = [];
  const cpuPerWrite: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const [changesBefore, ledgerBefore] = [await count('cambios'), await count('idempotencia')];
    const batches = Array.from({ length: WRITES / BATCH }, (_, b) => entries(round * WRITES + b * BATCH, BATCH));
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (const batch of batches) await sendBatch(batch);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpuUsed = process.cpuUsage(cpuBefore);

    const user = await deps.db
      .selectFrom('usuarios')
      .select('Nombres')
      .where('IdUsuario', '=', usuario.IdUsuario)
      .executeTakeFirstOrThrow();
    const [changes, ledger] = [(await count('cambios')) - changesBefore, (await count('idempotencia')) - ledgerBefore];
    if (changes !== WRITES || ledger !== WRITES || user.Nombres !== `Jorge ${(round + 1) * WRITES - 1}`) {
      throw new Error(`no quedaron ${WRITES} escrituras: cambios ${changes}, ledger ${ledger}, ${user.Nombres}`);
    }
    rates.push(WRITES / seconds);
    cpuPerWrite.push((cpuUsed.user + cpuUsed.system) / WRITES);
  }

  // One more round under V8's sampling profiler, not counted: where a write's CPU goes.
  const profiled = Array.from({ length: WRITES / BATCH }, (_, b) => entries(ROUNDS * WRITES + b * BATCH, BATCH));
  const split = await cpuSplit(async () => {
    for (const batch of profiled) await sendBatch(batch);
  });

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
  for (let round = 0; round < ROUNDS; round += 1) {
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
  const floorMedian = [...floorRates].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;

  // The same batches of a business module's writes through the records kit: new workers (references, RUT
  // uniqueness, positions, the row and its change), the heaviest common write a device sends.
  const admin = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const adminToken = ((await admin.json()) as { token: string }).token;
  const workers = (count: number) =>
    Array.from({ length: count }, () => ({
      key: uuidV7(),
      method: 'POST',
      path: '/api/trabajadores/newtrabajadores2',
      body: workerBody(),
    }));
  await sendBatch(workers(BATCH), adminToken);
  const workerRates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const batches = Array.from({ length: WORKER_WRITES / BATCH }, () => workers(BATCH));
    const started = process.hrtime.bigint();
    for (const batch of batches) await sendBatch(batch, adminToken);
    workerRates.push(WORKER_WRITES / (Number(process.hrtime.bigint() - started) / 1e9));
  }
  const workerMedian = [...workerRates].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] ?? 0;

  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const cpu = os.cpus();
  console.log(
    `Máquina: ${cpu[0]?.model ?? 'desconocida'} · ${cpu.length} núcleos · Node ${process.version} · carga ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `Aplicar lotes en el servidor (ledger + registro de cambios + fila): ${ROUNDS} rondas de ${WRITES} escrituras en lotes de ${BATCH}`,
  );
  console.log(
    `  ${median.toFixed(0)} escrituras/s (mediana; ${(1e6 / median).toFixed(0)} µs por escritura; rondas: ${rates.map((rate) => rate.toFixed(0)).join(', ')})`,
  );
  // CPU time of this process (GC and JIT threads included): on a shared machine the wall figure also counts waiting.
  console.log(`  CPU del proceso por escritura: ${cpuPerWrite.map((us) => `${us.toFixed(0)} µs`).join(', ')}`);
  console.log(
    `  dónde va la CPU (una ronda más, muestreada): ${split.map(({ label, share }) => `${label} ${(share * 100).toFixed(0)} %`).join(' · ')}`,
  );
  console.log(`  objetivo: ≥ ${TARGET_WRITES_PER_SECOND} escrituras/s → ${median >= TARGET_WRITES_PER_SECOND ? 'cumple' : 'NO cumple'}`);
  console.log(
    `  suelo sin la canalización por entrada (las mismas 8 sentencias con las consultas del proyecto, huella y respuesta guardada): ` +
      `${floorMedian.toFixed(0)} escrituras/s (${(1e6 / floorMedian).toFixed(0)} µs; rondas: ${floorRates.map((rate) => rate.toFixed(0)).join(', ')}); ` +
      `el resto por entrada (sesión, permiso, esquema, libro y comando): ${(1e6 / median - 1e6 / floorMedian).toFixed(0)} µs; ` +
      `razón frente al suelo: ${(median / floorMedian).toFixed(2)} (objetivo del issue "Writes near their floors": ≥ 0.8)`,
  );
  console.log(
    `  altas de trabajadores por el kit de registros (referencias, RUT único, cargos, fila y cambio; ${ROUNDS} rondas de ${WORKER_WRITES}): ` +
      `${workerMedian.toFixed(0)} escrituras/s (mediana; ${(1e6 / workerMedian).toFixed(0)} µs por escritura; rondas: ${workerRates.map((rate) => rate.toFixed(0)).join(', ')})`,
  );
} finally {
  await new Promise((resolve) => server.close(resolve));
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Issue "The sync protocol written once, versioned, and bounded in time and space": a simulated year at 2,000
 * writes a day, with an injected clock, keeps the idempotency ledger and the change log bounded (their rows and
 * the SQLite file's size are printed), and the batch apply figure does not drop while pruning runs.
 *
 * The real server over a real SQLite file: each day a supervisor signs in and sends 2,000 Mi Perfil edits in
 * batches of 1,000 (`POST /api/sync/batch`, UUIDv7 keys made at that day's time), then the retention job's prune
 * runs as it would that night. Afterwards: batch apply with nothing else running, and with a prune of 30 days of
 * rows (120,000) running at the same time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD } from '#server/seed/demo-seed.ts';
import { pruneExpired } from '#server/sync/retention.ts';
import { protocolHeaders, SYNC_LIMITS, SYNC_RETENTION } from '#sync/outbox/sync-protocol.ts';
import { createUuidV7Generator } from '#sync/outbox/uuid-v7.ts';

const DAYS = 365;
const WRITES_PER_DAY = 2000;
const BATCH = SYNC_LIMITS.batchEntries;
const REPORT_DAYS = new Set([30, 90, 180, 365]);
const RATE_BATCHES = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

let current = new Date('2027-01-04T12:00:00Z');
const now = () => current;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-bench-year-'));
const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir }), now);
const app = createApp(deps);
const newKey = createUuidV7Generator({ now: () => current.getTime() });

const count = async (table: 'cambios' | 'idempotencia') =>
  Number((await deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const fileSize = (name: string) => (fs.existsSync(path.join(dataDir, name)) ? fs.statSync(path.join(dataDir, name)).size : 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function signIn(): Promise<{ token: string; profilePath: string }> {
  const login = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ RutEmpresa: '76123456-0', Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD }),
  });
  const { token, usuario } = (await login.json()) as { token: string; usuario: { IdUsuario: number } };
  return { token, profilePath: `/api/perfil/perfil_usuario/${usuario.IdUsuario}/76123456` };
}

let written = 0;
async function sendBatch(session: { token: string; profilePath: string }): Promise<void> {
  const entries = Array.from({ length: BATCH }, () => {
    written += 1;
    return {
      key: newKey(),
      method: 'PUT',
      path: session.profilePath,
      body: { Nombres: `Jorge ${written}`, ApellidoPaterno: 'Araya', ApellidoMaterno: 'Rojas', TelefonoPersona: '+56 9 1234 5678', FechaNacimiento: '1985-04-12' },
    };
  });
  const response = await app.request('/api/sync/batch', {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json', ...protocolHeaders(current.getTime()) },
    body: JSON.stringify({ entries }),
  });
  const answer = (await response.json()) as { results: { status: number }[] };
  if (response.status !== 200 || answer.results.length !== BATCH || answer.results.some((result) => result.status !== 200)) {
    throw new Error(`lote rechazado: ${response.status}`);
  }
}

/** Writes per second over `batches` batches, each sent as soon as the previous one answered. */
async function applyRate(session: { token: string; profilePath: string }, batches: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < batches; i += 1) await sendBatch(session);
  return (batches * BATCH) / (Number(process.hrtime.bigint() - started) / 1e9);
}

try {
  console.log(`Un año simulado: ${DAYS} días × ${WRITES_PER_DAY} escrituras (lotes de ${BATCH}), depuración diaria; se guardan ${SYNC_RETENTION.keepDays} días`);
  console.log('día   claves   cambios   SQLite (+WAL)   año hasta aquí');
  const started = process.hrtime.bigint();
  for (let day = 1; day <= DAYS; day += 1) {
    current = new Date(current.getTime() + DAY_MS);
    const session = await signIn();
    for (let sent = 0; sent < WRITES_PER_DAY; sent += BATCH) await sendBatch(session);
    await pruneExpired(deps.db, current);
    if (REPORT_DAYS.has(day)) {
      const [keys, changes] = [await count('idempotencia'), await count('cambios')];
      const size = fileSize('andes-hse.sqlite') + fileSize('andes-hse.sqlite-wal');
      const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
      console.log(`${String(day).padStart(3)}  ${String(keys).padStart(7)}  ${String(changes).padStart(8)}   ${mb(size).padStart(13)}   ${elapsed.toFixed(0)} s`);
    }
  }
  const bound = (SYNC_RETENTION.keepDays + 1) * WRITES_PER_DAY;
  const [keys, changes] = [await count('idempotencia'), await count('cambios')];
  console.log(`Meta: claves y cambios acotados a ${SYNC_RETENTION.keepDays} días (≤ ${bound} filas cada uno): ${keys <= bound && changes <= bound + 100 ? 'cumple' : 'NO cumple'}`);

  const session = await signIn();
  await applyRate(session, 2);
  const alone = await applyRate(session, RATE_BATCHES);
  // 30 days pass with no writes: the next prune has 30 days of keys and changes (120,000 rows) to forget.
  current = new Date(current.getTime() + 30 * DAY_MS);
  const later = await signIn();
  const pruneStarted = process.hrtime.bigint();
  let pruneSeconds = 0;
  const pruning = pruneExpired(deps.db, current).then((result) => {
    pruneSeconds = Number(process.hrtime.bigint() - pruneStarted) / 1e9;
    return result;
  });
  const beside = await applyRate(later, RATE_BATCHES);
  const batchSeconds = Number(process.hrtime.bigint() - pruneStarted) / 1e9;
  const pruned = await pruning;
  // Alone once more, after the prune: the two figures alone are this machine's noise.
  const aloneAgain = await applyRate(later, RATE_BATCHES);
  const baseline = (alone + aloneAgain) / 2;
  const noise = (Math.abs(alone - aloneAgain) / baseline) * 100;
  const drop = ((baseline - beside) / baseline) * 100;
  console.log(
    `Aplicación de lotes sola: ${alone.toFixed(0)} y ${aloneAgain.toFixed(0)} escrituras/s (ruido ${noise.toFixed(1)} %); mientras se depuran ${pruned.keys} claves y ${pruned.changes} cambios: ${beside.toFixed(0)} escrituras/s (${drop >= 0 ? 'baja' : 'sube'} ${Math.abs(drop).toFixed(1)} %); la depuración duró ${pruneSeconds.toFixed(1)} s de los ${batchSeconds.toFixed(1)} s de lotes`,
  );
  console.log(`Meta: que la cifra no baje mientras se depura → ${drop <= noise ? 'cumple (dentro del ruido medido)' : 'NO cumple'}`);
} finally {
  await deps.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * POST /api/sync/batch runs in ONE SQLite transaction with a savepoint per entry (server/sync/
 * write-transaction.ts). These tests pin what that must not change (SPEC RP5, RP17): a failed entry leaves no
 * trace while the entries before it stay; a batch that dies before answering commits nothing, and its resend
 * applies each entry once; EN_CURSO between a batch and a single call; replays inside a batch.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '#server/app-env.ts';
import { createApp, entryRunnersOf } from '#server/app.ts';
import { bootstrap } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { FileStore } from '#server/files/file-store.ts';
import { handleError } from '#server/http/error-handler.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { createSyncRoutes } from '#server/sync/sync.routes.ts';
import { atomically, BatchTransactionBroken, inBatchTransaction } from '#server/sync/write-transaction.ts';
import { ANDES, DEMO_PASSWORD, startTestServer, testDatabase, type TestServer } from './support/api-harness.ts';
import type { CrashPlan } from './support/batch-crash-child.ts';
import { emptyChangeLog } from './support/empty-change-log.ts';
import { refuseChangeLogInserts, removeChangeLogFault } from './support/fault-trigger.ts';
import { countRows, CURRENT_PROTOCOL, newKey, profileBody, profilePath, send, sendBatch, userVersion, type BatchEntry } from './support/sync-harness.ts';

let server: TestServer;
let supervisor: { token: string; userId: number };
beforeEach(async () => {
  server = await startTestServer();
  await emptyChangeLog(server);
  supervisor = await server.login('supervisor@andesdemo.cl');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function profileWrites(names: string[]): BatchEntry[] {
  const mine = profilePath(supervisor.userId, ANDES.id);
  return names.map((Nombres) => ({ key: newKey(), method: 'PUT', path: mine, body: profileBody({ Nombres }) }));
}

async function ledgerKeys(target: TestServer = server): Promise<string[]> {
  const rows = await target.deps.db.selectFrom('idempotencia').select('Clave').where('IdEmpresa', '=', ANDES.id).execute();
  return rows.map((row) => row.Clave).sort();
}

const statuses = (answer: { body: { results: { status: number }[] } }) => answer.body.results.map((result) => result.status);

/** Resolves when `check` holds, polling the event loop (the batch runs in this same process). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!check()) throw new Error('la condición nunca se cumplió');
}

/**
 * Makes the next file store write wait until the test opens the gate: a batch whose entry uploads an avatar then
 * holds its transaction (and SQLite's one connection) in the middle of that entry.
 */
function gateNextFileWrite() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const state = { waiting: false };
  const put = FileStore.prototype.put;
  vi.spyOn(FileStore.prototype, 'put').mockImplementation(async function (this: FileStore, ...args: Parameters<FileStore['put']>) {
    if (!state.waiting) {
      state.waiting = true;
      await opened;
    }
    return put.apply(this, args);
  });
  return { state, open };
}

describe('batch transaction: one per batch, a savepoint per entry', () => {
  it('RP5: a 3rd entry that fails after writing leaves no trace; entries 1–2 stay committed, 4+ are not run, and the resend applies each once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = await userVersion(server, ANDES.id, supervisor.userId);
    const entries = profileWrites(['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco']);
    // The 3rd entry's profile row is already updated when its change-log row is refused.
    await refuseChangeLogInserts(server.deps.db, 'Tres');

    const cut = await sendBatch(server, supervisor.token, entries);
    expect(cut.status).toBe(200);
    expect(statuses(cut)).toEqual([200, 200, 500]);
    expect(cut.body.results[2]?.body).toEqual({ statusCode: 500, message: 'No fue posible realizar la acción' });
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual({ Version: before.Version + 2, Nombres: 'Dos' });
    expect(await countRows(server, 'cambios')).toBe(2);
    expect(await ledgerKeys()).toEqual([entries[0]!.key, entries[1]!.key].sort());

    await removeChangeLogFault(server.deps.db);
    const rest = await sendBatch(server, supervisor.token, entries.slice(2));
    expect(statuses(rest)).toEqual([200, 200, 200]);
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual({ Version: before.Version + 5, Nombres: 'Cinco' });

    // The whole queue once more, as after a lost answer: the stored answers, nothing written twice.
    const again = await sendBatch(server, supervisor.token, entries);
    expect(again.body.results).toEqual([...cut.body.results.slice(0, 2), ...rest.body.results]);
    expect(await countRows(server, 'cambios')).toBe(5);
    expect(await countRows(server, 'idempotencia')).toBe(5);
  });

  it('RP5: a batch that dies before answering commits none of its entries; its resend applies each once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const before = await userVersion(server, ANDES.id, supervisor.userId);
    const entries = profileWrites(['Uno', 'Dos', 'Tres', 'Cuatro']);
    // The batch route handing entries to the real app, but failing outside any entry after two of them ran.
    let dispatched = 0;
    const runners = entryRunnersOf(server.app);
    const dying = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', server.deps);
        await next();
      })
      .onError(handleError)
      .route(
        '/api/sync',
        createSyncRoutes({
          ...runners,
          commands: () => ({
            find: (method, path) => {
              dispatched += 1;
              if (dispatched === 3) throw new Error('el proceso se cayó');
              return runners.commands().find(method, path);
            },
          }),
        }),
      );
    const cut = await dying.request('/api/sync/batch', {
      method: 'POST',
      headers: { ...CURRENT_PROTOCOL, Authorization: `Bearer ${supervisor.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entries }),
    });
    // Not `{ results }`: the client sends every entry again (RP7). Nothing of the two that ran was kept.
    expect(cut.status).toBe(500);
    expect(await cut.json()).toEqual({ statusCode: 500, message: 'No fue posible realizar la acción' });
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual(before);
    expect(await countRows(server, 'cambios')).toBe(0);
    expect(await countRows(server, 'idempotencia')).toBe(0);

    const resent = await sendBatch(server, supervisor.token, entries);
    expect(statuses(resent)).toEqual([200, 200, 200, 200]);
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual({ Version: before.Version + 4, Nombres: 'Cuatro' });
    expect(await countRows(server, 'cambios')).toBe(4);
    expect(await ledgerKeys()).toEqual(entries.map((entry) => entry.key).sort());
  });

  it('RP5: SIGKILL in the middle of a batch loses nothing answered, keeps nothing unanswered, and the resend applies each entry once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-crash-'));
    const database = await testDatabase('migrada');
    try {
      const plan: CrashPlan = {
        dataDir,
        databaseUrl: database.url,
        correo: 'supervisor@andesdemo.cl',
        rutEmpresa: ANDES.rut,
        password: DEMO_PASSWORD,
        answered: profileWrites(['Antes 1', 'Antes 2']),
        killed: profileWrites(['Muere 1', 'Muere 2', 'Muere 3', 'Muere 4']),
        killAfter: 3,
      };
      const planFile = path.join(dataDir, 'plan.json');
      fs.writeFileSync(planFile, JSON.stringify(plan));
      const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./support/batch-crash-child.ts', import.meta.url)), planFile], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.signal, child.stderr).toBe('SIGKILL');
      const answeredLine = child.stdout.split('\n').find((line) => line.startsWith('answered '));
      const answered = JSON.parse(answeredLine?.slice('answered '.length) ?? 'null') as { results: { status: number }[] };
      expect(answered.results.map((result) => result.status)).toEqual([200, 200]);

      // The server starts again on the same folder, as after the crash.
      const deps = await bootstrap(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url }));
      try {
        const restarted = { ...server, deps, app: createApp(deps) };
        const { userId } = supervisor;
        const keys = (entries: unknown[]) => (entries as BatchEntry[]).map((entry) => entry.key).sort();
        expect(await ledgerKeys(restarted)).toEqual(keys(plan.answered));
        expect(await userVersion(restarted, ANDES.id, userId)).toMatchObject({ Nombres: 'Antes 2' });
        const logged = async () => (await deps.db.selectFrom('cambios').select('Seq').where('Tabla', '=', 'usuarios').execute()).length;
        expect(await logged()).toBe(2);

        // The client never got the second batch's answer: it sends all of it again with the same keys.
        const login = await send<{ token: string }>(restarted, 'POST', '/api/auth/login', { body: { RutEmpresa: ANDES.rut, Correo: plan.correo, Contrasena: DEMO_PASSWORD } });
        const { token } = login.body;
        const resent = await sendBatch(restarted, token, plan.killed as BatchEntry[]);
        expect(statuses(resent)).toEqual([200, 200, 200, 200]);
        const replayed = await sendBatch(restarted, token, [...(plan.answered as BatchEntry[]), ...(plan.killed as BatchEntry[])]);
        expect(statuses(replayed)).toEqual([200, 200, 200, 200, 200, 200]);
        expect(await ledgerKeys(restarted)).toEqual(keys([...plan.answered, ...plan.killed]));
        expect(await logged()).toBe(6);
        expect(await userVersion(restarted, ANDES.id, userId)).toMatchObject({ Nombres: 'Muere 4' });
      } finally {
        await deps.db.destroy();
      }
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('RP17: a key a single call is still running is answered 409 EN_CURSO inside a batch; its retry gets the single call’s answer', async () => {
    const mine = profilePath(supervisor.userId, ANDES.id);
    const withAvatar = { key: newKey(), method: 'PUT', path: mine, body: profileBody({ Nombres: 'Con foto', Avatar: { Tipo: 'image/png', Datos: PNG_1PX } }) };
    const [contested, after] = profileWrites(['Disputada', 'Después']) as [BatchEntry, BatchEntry];
    const gate = gateNextFileWrite();

    const batch = sendBatch(server, supervisor.token, [withAvatar, contested, after]);
    await until(() => gate.state.waiting);
    // The batch holds its transaction inside entry 1. The single call claims the contested key, then waits for SQLite.
    const single = send(server, 'PUT', mine, { token: supervisor.token, key: contested.key, body: contested.body });
    await new Promise((resolve) => setTimeout(resolve, 30));
    gate.open();
    const [batchAnswer, singleAnswer] = await Promise.all([batch, single]);

    expect(statuses(batchAnswer)).toEqual([200, 409]);
    expect(batchAnswer.body.results[1]?.body).toMatchObject({ statusCode: 409, code: 'EN_CURSO' });
    expect(singleAnswer.status).toBe(200);
    const retry = await sendBatch(server, supervisor.token, [contested, after]);
    expect(retry.body.results[0]).toEqual({ key: contested.key, status: 200, body: singleAnswer.body });
    expect(statuses(retry)).toEqual([200, 200]);
    expect(await countRows(server, 'cambios')).toBe(3);
    expect(await ledgerKeys()).toEqual([withAvatar.key, contested.key, after.key].sort());
  });

  it('RP17: a single call with a key the batch already ran waits for the batch to commit and gets the stored answer', async () => {
    const mine = profilePath(supervisor.userId, ANDES.id);
    const [first] = profileWrites(['Primera']) as [BatchEntry];
    const withAvatar = { key: newKey(), method: 'PUT', path: mine, body: profileBody({ Nombres: 'Con foto', Avatar: { Tipo: 'image/png', Datos: PNG_1PX } }) };
    const gate = gateNextFileWrite();

    const batch = sendBatch(server, supervisor.token, [first, withAvatar]);
    await until(() => gate.state.waiting);
    const single = send(server, 'PUT', mine, { token: supervisor.token, key: first.key, body: first.body });
    await new Promise((resolve) => setTimeout(resolve, 30));
    gate.open();
    const [batchAnswer, singleAnswer] = await Promise.all([batch, single]);

    expect(statuses(batchAnswer)).toEqual([200, 200]);
    expect({ status: singleAnswer.status, body: singleAnswer.body }).toEqual({ status: 200, body: batchAnswer.body.results[0]?.body });
    expect(singleAnswer.headers.get('Idempotency-Replayed')).toBe('true');
    expect(await countRows(server, 'cambios')).toBe(2);
  });

  it('RP17: replays inside a batch return the stored answers and write nothing', async () => {
    const [alone, twice, other] = profileWrites(['Sola', 'Dos veces', 'Otra']) as [BatchEntry, BatchEntry, BatchEntry];
    const single = await send(server, 'PUT', alone.path, { token: supervisor.token, key: alone.key, body: alone.body });
    const version = await userVersion(server, ANDES.id, supervisor.userId);

    const answer = await sendBatch(server, supervisor.token, [alone, twice, twice, other, { ...twice, body: profileBody({ Nombres: 'Cambiada' }) }, other]);
    expect(statuses(answer)).toEqual([200, 200, 200, 200, 422]);
    // A key answered by a single call, and a key answered earlier in the same (not yet committed) batch.
    expect(answer.body.results[0]?.body).toEqual(single.body);
    expect(answer.body.results[2]).toEqual(answer.body.results[1]);
    expect(answer.body.results[4]?.body).toMatchObject({ code: 'IDEMPOTENCIA_DISTINTA' });
    expect(await userVersion(server, ANDES.id, supervisor.userId)).toEqual({ Version: version.Version + 2, Nombres: 'Otra' });
    expect(await countRows(server, 'cambios')).toBe(3);
    expect(await countRows(server, 'idempotencia')).toBe(3);
  });

  it('serializes concurrent batches and single calls: every write once, in some order, none waiting forever', async () => {
    const before = await userVersion(server, ANDES.id, supervisor.userId);
    const mine = profilePath(supervisor.userId, ANDES.id);
    const answers = await Promise.all([
      sendBatch(server, supervisor.token, profileWrites(Array.from({ length: 20 }, (_, i) => `A${i}`))),
      sendBatch(server, supervisor.token, profileWrites(Array.from({ length: 20 }, (_, i) => `B${i}`))),
      ...Array.from({ length: 5 }, (_, i) => send(server, 'PUT', mine, { token: supervisor.token, body: profileBody({ Nombres: `Sin clave ${i}` }) })),
      ...Array.from({ length: 5 }, (_, i) => send(server, 'PUT', mine, { token: supervisor.token, key: newKey(), body: profileBody({ Nombres: `Con clave ${i}` }) })),
      send(server, 'GET', '/api/sync/changes', { token: supervisor.token }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(13).fill(200));
    expect(statuses(answers[0] as never)).toEqual(Array(20).fill(200));
    expect(statuses(answers[1] as never)).toEqual(Array(20).fill(200));
    expect((await userVersion(server, ANDES.id, supervisor.userId)).Version).toBe(before.Version + 50);
    expect(await countRows(server, 'cambios')).toBe(50);
    expect(await countRows(server, 'idempotencia')).toBe(45);
  });

  it('rolls the whole batch back when its transaction broke under it (a savepoint command failed), and frees the connection', async () => {
    const change = { company: ANDES.id, table: 'usuarios', id: 1, op: 'upsert' as const, row: {} };
    const broken = inBatchTransaction(server.deps.db, async (trx) => {
      await atomically(trx, (entry) => recordChange(entry, change));
      // What SQLite does on a disk-full or I/O error: the whole transaction is gone, so ROLLBACK TO fails.
      await atomically(trx, async (entry) => {
        await sql`ROLLBACK`.execute(entry);
        throw new Error('disco lleno');
      }).catch(() => undefined);
      await expect(atomically(trx, (entry) => recordChange(entry, change))).rejects.toThrow(BatchTransactionBroken);
      return 'respondido';
    });
    await expect(broken).rejects.toThrow(BatchTransactionBroken);
    expect(await countRows(server, 'cambios')).toBe(0);
    // Committed entries of a batch stay; the connection is usable by the next request.
    expect(await inBatchTransaction(server.deps.db, (trx) => atomically(trx, (entry) => recordChange(entry, change)))).toBeGreaterThan(0);
    expect(await countRows(server, 'cambios')).toBe(1);
  });
});

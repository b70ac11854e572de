import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { bootstrap, type StartedDeps } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { MoveError, moveToPostgres } from '#server/installation/move-to-postgres.ts';
import { MOVED_MESSAGE } from '#server/installation/moved-guard.ts';
import { pruneChanges } from '#server/sync/change-log.repo.ts';
import type { ChangePage } from '#server/sync/change-log.repo.ts';
import { ANDES, startTestServer, testDatabase, type TestServer } from './support/api-harness.ts';
import { newKey, profileBody, profilePath, send } from './support/sync-harness.ts';

/**
 * Moving a running SQLite installation into PostgreSQL (`npm run move-to-postgres`), with devices in the middle of
 * their sync: each continues from its cursor or is told to reset, never left with a gap; a write that reached the
 * old server after the copy is refused there and lands once on the new one; every sealed acta still verifies.
 * Only the PostgreSQL run has a cluster to move into (the `api` project leaves this file out).
 */
let old: TestServer;
let target: Awaited<ReturnType<typeof testDatabase>>;
let moved: StartedDeps;
let movedApp: TestServer;
let token: string;
const cursors: Record<'alDia' | 'aMedias' | 'atrasado' | 'adelantado', number> = { alDia: 0, aMedias: 0, atrasado: 0, adelantado: 0 };
let oldTail: ChangePage;
let report: Awaited<ReturnType<typeof moveToPostgres>>;

const pull = (server: TestServer, since: number, limit = 1000) =>
  send<ChangePage>(server, 'GET', `/api/sync/changes?since=${since}&limit=${limit}`, { token });

beforeAll(async () => {
  // The SQLite installation, running in this process while it is copied.
  old = await startTestServer({ DATABASE_URL: '' });
  token = (await old.login('admin@andesdemo.cl')).token;
  const all = (await pull(old, 0)).body;
  const last = all.cursor;
  cursors.alDia = last;
  cursors.aMedias = Math.floor(last / 2);
  oldTail = (await pull(old, cursors.aMedias)).body;
  // The old server forgot its oldest changes: a device still behind them must download again.
  await pruneChanges(old.deps.db, 10);
  cursors.atrasado = 5;
  // A cursor no server of this installation ever issued (a device restored from another copy).
  cursors.adelantado = last + 50;

  target = await testDatabase('vacía');
  report = await moveToPostgres({ from: old.dataDir, to: target.url ?? '' });
  moved = await bootstrap(parseConfig({ DATA_DIR: old.dataDir, DATABASE_URL: target.url }), old.clock.now);
  movedApp = { ...old, deps: moved, app: createApp(moved) };
}, 120_000);

afterAll(async () => {
  await moved?.db.destroy();
  await old?.close();
  await target?.drop();
});

describe('moving a SQLite installation into PostgreSQL', () => {
  it('says what it moved: every table, the change log up to its last seq, every acta verified', () => {
    expect(report.rows.trabajadores).toBeGreaterThan(0);
    expect(report.rows.cambios).toBeGreaterThan(0);
    expect(report.lastSeq).toBe(cursors.alDia);
    expect(report.actas.verified).toBeGreaterThan(0);
    expect(report.actas.failed).toEqual([]);
  });

  it('lets each device continue from its cursor, or tells it to reset; none is left with a gap', async () => {
    const upToDate = (await pull(movedApp, cursors.alDia)).body;
    expect(upToDate).toEqual({ changes: [], cursor: cursors.alDia, more: false });
    // Half way: the rest of the log, the very changes and seqs the old server had after that cursor.
    expect((await pull(movedApp, cursors.aMedias)).body).toEqual(oldTail);
    for (const cursor of [cursors.atrasado, cursors.adelantado]) {
      const answer = (await pull(movedApp, cursor)).body;
      expect(answer.reset, `cursor ${cursor}`).toBeDefined();
      expect(answer.changes).toEqual([]);
    }
  });

  it('refuses writes on the old installation after the move; the device sends them to the new one, where they land once', async () => {
    const write = { token, key: newKey(), body: profileBody({ Nombres: 'Escrito durante el traslado' }) };
    const me = profilePath(1, ANDES.id);
    const refused = await send(old, 'PUT', me, write);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: { statusCode: 503, message: MOVED_MESSAGE } });
    const landed = await send(movedApp, 'PUT', me, write);
    expect(landed.status).toBe(200);
    const again = await send(movedApp, 'PUT', me, write);
    expect(again.headers.get('Idempotency-Replayed')).toBe('true');
    // Its change continues the log where the old server left it.
    const logged = await moved.db.selectFrom('cambios').select(['Tabla', 'Seq']).where('Seq', '>', cursors.alDia).execute();
    expect(logged).toEqual([{ Tabla: 'usuarios', Seq: cursors.alDia + 1 }]);
  });

  it('verifies every sealed acta on the new installation through the public verification', async () => {
    const seals = await moved.db.selectFrom('epp_entregas').select('Sello').execute();
    expect(seals.length).toBe(report.actas.verified);
    for (const { Sello } of seals) {
      const verified = await movedApp.request<{ data: { SelloCoincide: boolean } }>('GET', `/api/verificar/${Sello}`);
      expect(verified.body.data.SelloCoincide, Sello).toBe(true);
    }
  });

  it('refuses to move into a database that is not empty, or to move an installation twice, and changes nothing', async () => {
    await expect(moveToPostgres({ from: old.dataDir, to: target.url ?? '' })).rejects.toThrow(MoveError);
    const other = await testDatabase('vacía');
    try {
      await expect(moveToPostgres({ from: old.dataDir, to: other.url ?? '' })).rejects.toThrow('Esta instalación ya se trasladó');
    } finally {
      await other.drop();
    }
  });
});

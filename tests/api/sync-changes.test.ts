import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneChanges, recordChange } from '#server/sync/change-log.repo.ts';
import { recordConflict } from '#server/sync/conflicts.repo.ts';
import { inWriteTransaction } from '#server/sync/write-transaction.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { emptyChangeLog } from './support/empty-change-log.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { countRows, newKey, profileBody, profilePath, send } from './support/sync-harness.ts';

interface ChangePage {
  changes: { seq: number; table: string; id: string; op: 'upsert' | 'delete'; row: Record<string, unknown> | null }[];
  cursor: number;
  more: boolean;
  reset?: boolean;
}

let server: TestServer;
let supervisor: { token: string; userId: number };
let admin: { token: string; userId: number };
let pacifico: { token: string; userId: number };
beforeEach(async () => {
  server = await startTestServer();
  await emptyChangeLog(server);
  supervisor = await server.login('supervisor@andesdemo.cl');
  admin = await server.login('admin@andesdemo.cl');
  pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
});
afterEach(async () => {
  await server.close();
});

function pull(token: string, query = '') {
  return send<ChangePage>(server, 'GET', `/api/sync/changes${query}`, { token });
}

const certifications = { first: uuidV7(), second: uuidV7() };

/** Four writes of a catalogue every user pulls: S1 and A1 made, P1 in the other company, S1 renamed S2. */
async function writeCatalogue() {
  const create = (token: string, IdCertificacion: string, Nombre: string) =>
    send(server, 'POST', '/api/certificaciones', { token, key: newKey(), body: { IdCertificacion, Nombre, Emisor: '', Vence: 0, VigenciaMeses: 0 } });
  await create(admin.token, certifications.first, 'S1');
  await create(pacifico.token, uuidV7(), 'P1');
  await create(admin.token, certifications.second, 'A1');
  await send(server, 'PUT', '/api/certificaciones', { token: admin.token, key: newKey(), body: { IdCertificacion: certifications.first, Version: 1, Nombre: 'S2' } });
}

describe('GET /api/sync/changes', () => {
  it("returns the token company's changes in server order, with the written rows, and a cursor to continue from", async () => {
    await writeCatalogue();
    const page = await pull(supervisor.token, '?since=0');
    expect(page.status).toBe(200);
    expect(page.body.changes.map((change) => [change.table, change.id, change.op, change.row?.Nombre])).toEqual([
      ['certificaciones', certifications.first, 'upsert', 'S1'],
      ['certificaciones', certifications.second, 'upsert', 'A1'],
      ['certificaciones', certifications.first, 'upsert', 'S2'],
    ]);
    const seqs = page.body.changes.map((change) => change.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(page.body.changes[2]?.row).toMatchObject({ IdCertificacion: certifications.first, Version: 2 });
    // The cursor passes the other company's change too, so the next pull starts after everything seen.
    expect(page.body).toMatchObject({ cursor: 4, more: false });
    expect(page.body.reset).toBeUndefined();

    expect((await pull(supervisor.token, `?since=${page.body.cursor}`)).body).toEqual({ changes: [], cursor: 4, more: false });
    const theirs = await pull(pacifico.token);
    expect(theirs.body.changes.map((change) => change.row?.Nombre)).toEqual(['P1']);
  });

  it('pages with limit: more is true until the last page, and the cursors walk every change once', async () => {
    await writeCatalogue();
    const seen: string[] = [];
    let cursor = 0;
    for (let round = 0; round < 10; round += 1) {
      const page = await pull(admin.token, `?since=${cursor}&limit=2`);
      seen.push(...page.body.changes.map((change) => String(change.row?.Nombre)));
      cursor = page.body.cursor;
      if (!page.body.more) break;
    }
    expect(seen).toEqual(['S1', 'A1', 'S2']);
    expect(cursor).toBe(4);
  });

  it('sends deletes as tombstones: op delete with row null', async () => {
    await writeCatalogue();
    await recordChange(server.deps.db, { company: ANDES.id, table: 'trabajadores', id: 'T-1', op: 'delete' });
    const page = await pull(supervisor.token, '?since=4');
    expect(page.body.changes).toEqual([{ seq: 5, table: 'trabajadores', id: 'T-1', op: 'delete', row: null }]);
  });

  it('tells a device behind the retention horizon to refetch, with the current cursor', async () => {
    await writeCatalogue();
    await pruneChanges(server.deps.db, 3);
    expect(await countRows(server, 'cambios')).toBe(2);
    expect((await pull(supervisor.token, '?since=0')).body).toEqual({ changes: [], cursor: 4, more: false, reset: true });
    expect((await pull(supervisor.token, '?since=1')).body).toMatchObject({ reset: true, cursor: 4 });
    // Seq 3 is still kept: a device that saw up to 2 misses nothing.
    const kept = await pull(supervisor.token, '?since=2');
    expect(kept.body.reset).toBeUndefined();
    expect(kept.body.changes.map((change) => change.seq)).toEqual([3, 4]);

    // Pruning everything still lets a device at the newest cursor carry on.
    await pruneChanges(server.deps.db, 1000);
    expect((await pull(supervisor.token, '?since=4')).body).toEqual({ changes: [], cursor: 4, more: false });
    await send(server, 'PUT', '/api/certificaciones', { token: admin.token, key: newKey(), body: { IdCertificacion: certifications.second, Version: 1, Nombre: 'A2' } });
    expect((await pull(supervisor.token, '?since=4')).body.changes.map((change) => change.seq)).toEqual([5]);
  });

  it("PL10: a user's profile change is pulled by no device: no described table holds users", async () => {
    await send(server, 'PUT', profilePath(supervisor.userId, ANDES.id), { token: supervisor.token, key: newKey(), body: profileBody({ Nombres: 'S1' }) });
    expect(await countRows(server, 'cambios')).toBe(1);
    for (const token of [supervisor.token, admin.token]) expect((await pull(token, '?since=0')).body).toEqual({ changes: [], cursor: 1, more: false });
  });

  it('tells a device whose cursor is ahead of the server (a restored database) to refetch', async () => {
    await writeCatalogue();
    expect((await pull(supervisor.token, '?since=99')).body).toEqual({ changes: [], cursor: 4, more: false, reset: true });
  });

  it('requires a session and refuses bad cursors and limits in Spanish', async () => {
    expect((await send(server, 'GET', '/api/sync/changes')).status).toBe(401);
    expect((await pull(supervisor.token, '?since=-1')).body).toEqual({ statusCode: 400, message: 'El cursor (since) debe ser un número entero', code: 'VALIDACION' });
    expect((await pull(supervisor.token, '?since=abc')).status).toBe(400);
    expect((await pull(supervisor.token, '?limit=0')).body).toMatchObject({ message: 'El límite debe ser un número entre 1 y 2500' });
    expect((await pull(supervisor.token, '?limit=2501')).status).toBe(400);
  });
});

describe('conflicts', () => {
  it('keeps the losing write of a stale Version, answers 409 CONFLICTO and lists it for the company only', async () => {
    const losing = { Nombres: 'Versión del tablet', Version: 1 };
    const write = inWriteTransaction(server.deps.db, async (db) => {
      await recordChange(db, { company: ANDES.id, table: 'usuarios', id: supervisor.userId, op: 'upsert', row: { Nombres: 'no' } });
      throw await recordConflict(
        db,
        { company: ANDES.id, table: 'usuarios', id: supervisor.userId, baseVersion: 1, serverVersion: 2, body: losing, user: supervisor.userId },
        server.clock.now(),
      );
    });
    await expect(write).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONFLICTO',
      message: 'El registro cambió en el servidor; tu versión quedó guardada como conflicto',
    });
    // The conflict row commits with the rest of the transaction's work instead of being rolled back.
    expect(await countRows(server, 'conflictos')).toBe(1);

    const list = await send<{ data: Record<string, unknown>[] }>(server, 'GET', `/api/sync/conflictos/${ANDES.id}`, { token: supervisor.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ Tabla: 'usuarios', IdRegistro: String(supervisor.userId), VersionBase: 1, VersionServidor: 2, Cuerpo: losing, Usuario: supervisor.userId, Resuelto: 0 }),
    ]);
    const crossed = await send(server, 'GET', `/api/sync/conflictos/${ANDES.id}`, { token: pacifico.token });
    expect(crossed.status).toBe(403);
    expect((await send<{ data: unknown[] }>(server, 'GET', `/api/sync/conflictos/${PACIFICO.id}`, { token: pacifico.token })).body.data).toEqual([]);
  });

  it('rolls back a plain failure inside a module write transaction', async () => {
    const write = inWriteTransaction(server.deps.db, async (db) => {
      await recordChange(db, { company: ANDES.id, table: 'usuarios', id: 1, op: 'upsert', row: {} });
      throw new Error('falla');
    });
    await expect(write).rejects.toThrow('falla');
    expect(await countRows(server, 'cambios')).toBe(0);
  });
});

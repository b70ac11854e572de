/**
 * Two API nodes on one PostgreSQL database, each with its own data folder and nothing else in common: what one node
 * does, the other honours. PostgreSQL only (excluded from the SQLite project: one SQLite file has one server).
 */
import { sql, type ControlledTransaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database.ts';
import { lastIssuedKey } from '#server/db/portable-sql.ts';
import type { Database } from '#server/db/schema.ts';
import { withinCompany } from '#server/db/write-scope.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { REPLAYED_HEADER } from '#server/sync/idempotency-ledger.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { secondNode } from './support/second-node.ts';
import { newKey, send } from './support/sync-harness.ts';

let a: TestServer;
let b: TestServer;
beforeEach(async () => {
  a = await startTestServer();
  b = await secondNode(a);
});
afterEach(async () => {
  await b.close();
  await a.close();
});

/** Waits until `count` transactions of this database wait for an advisory lock (a company's or the writer's). */
async function waitForLockWaiters(db: Db, count: number): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_locks
      WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db);
    if (Number(rows[0]?.n) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no llegaron ${count} transacciones a esperar un candado`);
}

/** A transaction that holds `company`'s lock until the test ends it. */
function holdCompany(db: Db, company: string): Promise<ControlledTransaction<Database>> {
  return withinCompany(company, () => db.startTransaction().execute());
}

const certification = (id: string, company: string) => ({
  company,
  table: 'certificaciones',
  id,
  op: 'upsert' as const,
  row: { IdCertificacion: id, IdEmpresa: company, Nombre: `Cert ${id.slice(-4)}`, Emisor: '', Vence: 0, VigenciaMeses: 0, Estado: 1, Version: 1 },
});

interface ChangePage {
  changes: { seq: number; id: string }[];
  cursor: number;
  more: boolean;
}

async function pullAll(node: TestServer, token: string, since: number): Promise<ChangePage> {
  const changes: ChangePage['changes'] = [];
  let cursor = since;
  for (;;) {
    const page = await send<ChangePage>(node, 'GET', `/api/sync/changes?since=${cursor}`, { token });
    expect(page.status).toBe(200);
    changes.push(...page.body.changes);
    cursor = page.body.cursor;
    if (!page.body.more) return { changes, cursor, more: false };
  }
}

describe('two API nodes on one PostgreSQL database', () => {
  it('share the session secret the first node generated: a session opened on one node works on the other, and ended there is refused on both', async () => {
    const secrets = await a.deps.db.selectFrom('ajustes_servidor').select('Valor').where('Clave', '=', 'secreto_sesion').execute();
    expect(secrets).toHaveLength(1);
    const { token } = await a.login('supervisor@andesdemo.cl');
    expect((await send(b, 'GET', '/api/auth/sesion', { token })).status).toBe(200);
    expect((await send(b, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await send(a, 'GET', '/api/auth/sesion', { token })).status).toBe(401);
    expect((await send(b, 'GET', '/api/auth/sesion', { token })).status).toBe(401);
  });

  it('apply a key that reaches both at the same moment once, and both answer what the first answered', async () => {
    const { token } = await a.login('admin@andesdemo.cl');
    const body = { IdCertificacion: uuidV7(), Nombre: `Rigger nodo ${newKey().slice(0, 8)}`, Emisor: 'Mutual', Vence: 0, VigenciaMeses: 0 };
    const key = newKey();
    // Both requests queue on the company's lock, so they are in flight together whatever the scheduling.
    const holder = await holdCompany(a.deps.db, ANDES.id);
    const answers = Promise.all([a, b].map((node) => send(node, 'POST', '/api/certificaciones', { token, key, body })));
    await waitForLockWaiters(a.deps.db, 2);
    await holder.commit().execute();
    const [first, second] = await answers;
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(first!.status);
    expect(second!.body).toEqual(first!.body);
    // One applied it, the other answered the stored answer.
    expect([first!, second!].map((answer) => answer.headers.get(REPLAYED_HEADER))).toContain('true');
    expect([first!, second!].filter((answer) => answer.headers.get(REPLAYED_HEADER) === null)).toHaveLength(1);
    const stored = (table: 'certificaciones' | 'cambios' | 'idempotencia') => {
      const query = a.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (table === 'idempotencia') return query.where('Clave', '=', key).executeTakeFirstOrThrow();
      if (table === 'cambios') return query.where('IdRegistro', '=', body.IdCertificacion).executeTakeFirstOrThrow();
      return query.where('IdCertificacion', '=', body.IdCertificacion).executeTakeFirstOrThrow();
    };
    for (const table of ['certificaciones', 'cambios', 'idempotencia'] as const) expect(Number((await stored(table)).n)).toBe(1);
  });

  it("serve a company's change feed without gaps while another transaction holding an earlier number is still open", async () => {
    const { token } = await a.login('supervisor@andesdemo.cl');
    const start = (await pullAll(b, token, 0)).cursor;
    const [early, late, pacifico] = [uuidV7(), uuidV7(), uuidV7()];
    // Andes's write takes its number and stays open.
    const open = await holdCompany(a.deps.db, ANDES.id);
    const earlySeq = await recordChange(open, certification(early, ANDES.id));
    // Another company writes meanwhile, on the other node, with a later number, and commits: companies do not wait.
    const pacificoSeq = await withinCompany(PACIFICO.id, () =>
      b.deps.db.transaction().execute((trx) => recordChange(trx, certification(pacifico, PACIFICO.id))),
    );
    expect(pacificoSeq).toBeGreaterThan(earlySeq);
    // A second write of Andes waits for the first.
    const lateWrite = withinCompany(ANDES.id, () =>
      b.deps.db.transaction().execute((trx) => recordChange(trx, certification(late, ANDES.id))),
    );
    await waitForLockWaiters(a.deps.db, 1);

    // A device pulls between them: it gets nothing yet, and its cursor stays below the open write's number,
    // although numbers past it were issued and committed.
    const between = await pullAll(b, token, start);
    expect(between.changes).toEqual([]);
    expect(between.cursor).toBeLessThan(earlySeq);
    expect(await lastIssuedKey(a.deps.db, 'cambios')).toBeGreaterThanOrEqual(pacificoSeq);

    await open.commit().execute();
    const lateSeq = await lateWrite;
    expect(lateSeq).toBeGreaterThan(pacificoSeq);
    const after = await pullAll(a, token, between.cursor);
    expect(after.changes.map((change) => [change.seq, change.id])).toEqual([
      [earlySeq, early],
      [lateSeq, late],
    ]);
    expect(after.cursor).toBe(lateSeq);
  });
});

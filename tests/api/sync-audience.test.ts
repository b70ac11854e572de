import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, SEEDED, updateWorker, workerBody } from './support/trabajadores-factory.ts';

interface Page {
  changes: { seq: number; table: string; id: string; op: 'upsert' | 'delete'; row: { RutContratista?: string | null } | null }[];
  cursor: number;
}

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const pull = async (token: string, since = 0) => (await send<Page>(server, 'GET', `/api/sync/changes?since=${since}&limit=1000`, { token })).body;

describe('PL7: a contractor pulls only what it may see', () => {
  it("gives a contractor's device its own workers and the shared reference data, never the others", async () => {
    const contractor = await server.login('contratista@andesdemo.cl');
    const page = await pull(contractor.token);
    const workers = page.changes.filter((change) => change.table === 'trabajadores');
    expect(workers.length).toBe(5);
    expect(workers.every((change) => change.row?.RutContratista === SEEDED.contractorRut)).toBe(true);
    expect(page.changes.some((change) => change.table === 'niveles')).toBe(true);
    expect(page.changes.some((change) => change.table === 'cargos')).toBe(true);

    const admin = await server.login('admin@andesdemo.cl');
    const seen = (await pull(admin.token)).changes.filter((change) => change.table === 'trabajadores');
    expect(new Set(seen.map((change) => change.id)).size).toBe(20);
  });

  it('sends a tombstone to the contractor a worker leaves, and nothing odd to company users', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const contractor = await server.login('contratista@andesdemo.cl');
    const adminCursor = (await pull(admin.token)).cursor;
    const contractorCursor = (await pull(contractor.token)).cursor;

    const moved = await updateWorker(server, admin.token, { IdPersona: SEEDED.worker(1), Version: 1, TipoEmpresa: 1, RutContratista: '' });
    expect(moved.status).toBe(200);
    const hired = await createWorker(server, admin.token, workerBody({ TipoEmpresa: 2, RutContratista: SEEDED.contractorRut }));
    expect(hired.status).toBe(200);
    const hiredId = (hired.body.data as { IdPersona: string }).IdPersona;

    const forContractor = (await pull(contractor.token, contractorCursor)).changes.map((c) => [c.id, c.op]);
    expect(forContractor).toEqual([
      [SEEDED.worker(1), 'delete'],
      [hiredId, 'upsert'],
    ]);
    const forAdmin = (await pull(admin.token, adminCursor)).changes.map((c) => [c.id, c.op]);
    expect(forAdmin).toEqual([
      [SEEDED.worker(1), 'upsert'],
      [hiredId, 'upsert'],
    ]);
  });

  it('keeps the contractor blind to company workers created later', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const contractor = await server.login('contratista@andesdemo.cl');
    const cursor = (await pull(contractor.token)).cursor;
    expect((await createWorker(server, admin.token, workerBody())).status).toBe(200);
    expect((await pull(contractor.token, cursor)).changes).toEqual([]);
  });
});

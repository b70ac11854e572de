import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { countRows, newKey, send, sendBatch } from './support/sync-harness.ts';
import { createWorker, deleteWorker, SEEDED, updateWorker, workerBody, workerDetail, WORKERS } from './support/trabajadores-factory.ts';

type Session = { token: string; userId: number };
interface ChangePage {
  changes: { seq: number; table: string; id: string; op: 'upsert' | 'delete'; row: Record<string, unknown> | null }[];
  cursor: number;
  more: boolean;
}

let server: TestServer;
let admin: Session;
let supervisor: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  supervisor = await server.login('supervisor@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

async function pullAll(token: string, limit = 1000) {
  const changes: ChangePage['changes'] = [];
  let cursor = 0;
  for (;;) {
    const page = await send<ChangePage>(server, 'GET', `/api/sync/changes?since=${cursor}&limit=${limit}`, { token });
    changes.push(...page.body.changes);
    cursor = page.body.cursor;
    if (!page.body.more) return { changes, cursor };
  }
}

describe('first pull: the change log is the only path to reference data', () => {
  it('PL2: a fresh device gets the seeded levels, positions and workers from cursor 0, parents first, in the stored shape', async () => {
    const { changes } = await pullAll(supervisor.token, 7);
    const tables = changes.map((change) => change.table);
    expect(tables.filter((t) => t === 'niveles')).toHaveLength(5);
    expect(tables.filter((t) => t === 'cargos')).toHaveLength(6);
    // Twenty workers; the fleet's demo gives two of them their licences afterwards, a later change of each.
    expect(new Set(changes.filter((change) => change.table === 'trabajadores').map((change) => change.id)).size).toBe(20);
    // A device applying in order never sees a child before its parent.
    expect(tables.lastIndexOf('niveles')).toBeLessThan(tables.indexOf('cargos'));
    expect(tables.lastIndexOf('cargos')).toBeLessThan(tables.indexOf('trabajadores'));
    const levels = changes.filter((change) => change.table === 'niveles').map((change) => change.row!);
    expect(levels.findIndex((l) => l.IdNivel === SEEDED.nv2(1))).toBeLessThan(levels.findIndex((l) => l.IdNivel === SEEDED.nv3(1)));

    const seededWorker = changes.find((change) => change.id === SEEDED.worker(2))!;
    const detail = await workerDetail(server, admin.token, ANDES.id, SEEDED.worker(2));
    const { Urls: _urls, ...stored } = detail.body.data!;
    expect(seededWorker).toMatchObject({ table: 'trabajadores', op: 'upsert', row: stored });
    expect(changes.find((change) => change.id === SEEDED.cargo(1))?.row).toEqual({
      IdCargo: SEEDED.cargo(1),
      IdEmpresa: ANDES.id,
      NombreCargo: 'Supervisor de Terreno',
      IdNivel2: SEEDED.nv2(1),
      IdNivel3: SEEDED.nv3(1),
      Estado: 1,
      Version: 1,
    });

    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await pullAll(pacifico.token)).changes).toEqual([]);
  });

  it('PL2: later writes follow the seed in the same feed: an edit as an upsert, a delete as a tombstone', async () => {
    const { cursor } = await pullAll(supervisor.token);
    await updateWorker(server, admin.token, { IdPersona: SEEDED.worker(3), Version: 1, Nombres: 'Pedro Pablo' });
    await deleteWorker(server, admin.token, SEEDED.worker(4), admin.userId);
    const page = await send<ChangePage>(server, 'GET', `/api/sync/changes?since=${cursor}`, { token: supervisor.token });
    expect(page.body.changes.map((change) => [change.table, change.id, change.op, change.row?.Nombres ?? null])).toEqual([
      ['trabajadores', SEEDED.worker(3), 'upsert', 'Pedro Pablo'],
      ['trabajadores', SEEDED.worker(4), 'delete', null],
    ]);
  });
});

describe('replay through the outbox', () => {
  it('RP17: a create replayed with the same key (in a batch and alone) creates exactly one worker and one change', async () => {
    const body = workerBody();
    const key = newKey();
    const entry = { key, method: 'POST', path: WORKERS, body };
    const changes = await countRows(server, 'cambios');
    const first = await sendBatch(server, supervisor.token, [entry]);
    expect(first.body.results[0]).toMatchObject({ status: 200, body: { message: 'Trabajador creado correctamente' } });
    const again = await sendBatch(server, supervisor.token, [entry, entry]);
    expect(again.body.results.map((result) => result.body)).toEqual([first.body.results[0]?.body, first.body.results[0]?.body]);
    const single = await send(server, 'POST', WORKERS, { token: supervisor.token, key, body });
    expect(single.headers.get('Idempotency-Replayed')).toBe('true');

    const rows = await server.deps.db.selectFrom('trabajadores').select('IdPersona').where('IdPersona', '=', body.IdPersona).execute();
    expect(rows).toHaveLength(1);
    expect(await countRows(server, 'cambios')).toBe(changes + 1);
    const otherBody = await send(server, 'POST', WORKERS, { token: supervisor.token, key, body: { ...body, Nombres: 'Otra' } });
    expect(otherBody.body).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCIA_DISTINTA' });
  });

  it('CF6: the same id created again under another key is a conflict, kept in conflictos', async () => {
    const body = workerBody();
    await createWorker(server, supervisor.token, body, newKey());
    const clash = await createWorker(server, supervisor.token, { ...body, Nombres: 'Duplicada' }, newKey());
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CONFLICTO', data: { IdPersona: body.IdPersona, Nombres: 'Ana María' } });
    expect(await countRows(server, 'conflictos')).toBe(1);
  });

  it('RP10: a record whose file is missing is not stored in the ledger, so its retry with the same key runs', async () => {
    const Firma = { Sha256: 'b'.repeat(64), Tipo: 'image/png' as const };
    const key = newKey();
    const body = workerBody({ Firma });
    expect((await createWorker(server, supervisor.token, body, key)).body.code).toBe('ARCHIVO_PENDIENTE');
    expect(await countRows(server, 'idempotencia')).toBe(0);
  });
});

describe('stale updates: merge field by field or keep both (CF3, CF4)', () => {
  it('CF3: merges a stale update of other fields and answers the merged row with the new Version', async () => {
    const id = SEEDED.worker(6);
    const tablet = await updateWorker(server, supervisor.token, { IdPersona: id, Version: 1, Nombres: 'Cristián Andrés' }, newKey());
    expect(tablet.body.data).toMatchObject({ Version: 2 });
    const office = await updateWorker(server, admin.token, { IdPersona: id, Version: 1, ApellidoMaterno: 'Valenzuela', cargos: [SEEDED.cargo(2), SEEDED.cargo(3)] }, newKey());
    expect(office.status).toBe(200);
    expect(office.body.data).toMatchObject({ Nombres: 'Cristián Andrés', ApellidoMaterno: 'Valenzuela', Version: 3 });
    expect(office.body.data.cargos).toEqual([SEEDED.cargo(2), SEEDED.cargo(3)].sort());
    expect(await countRows(server, 'conflictos')).toBe(0);
  });

  it('CF4: a stale update of a field changed since is refused with 409 CONFLICTO and the current row, and kept', async () => {
    const id = SEEDED.worker(7);
    await updateWorker(server, supervisor.token, { IdPersona: id, Version: 1, Nombres: 'Javiera Paz' });
    const key = newKey();
    const losing = { IdPersona: id, Version: 1, Nombres: 'Javi', ApellidoMaterno: 'Rojas' };
    const res = await updateWorker(server, admin.token, losing, key);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: { IdPersona: id, Nombres: 'Javiera Paz', Version: 2 } });
    expect((await workerDetail(server, admin.token, ANDES.id, id)).body.data).toMatchObject({ Nombres: 'Javiera Paz', Version: 2 });

    const conflicts = await send<{ data: Record<string, unknown>[] }>(server, 'GET', `/api/sync/conflictos/${ANDES.id}`, { token: admin.token });
    expect(conflicts.body.data).toEqual([
      expect.objectContaining({ Tabla: 'trabajadores', IdRegistro: id, VersionBase: 1, VersionServidor: 2, Cuerpo: losing, Usuario: admin.userId, Clave: key }),
    ]);
    // The 409 was stored by the ledger: the replay gets it again and adds no second conflict.
    const replay = await updateWorker(server, admin.token, losing, key);
    expect(replay.body).toEqual(res.body);
    expect(await countRows(server, 'conflictos')).toBe(1);
  });

  it('CF4: a stale delete and an edit of a deleted worker are conflicts too', async () => {
    const id = SEEDED.worker(8);
    await updateWorker(server, supervisor.token, { IdPersona: id, Version: 1, Nombres: 'Sebastián' });
    const stale = await deleteWorker(server, admin.token, id, admin.userId, '?Version=1');
    expect(stale.body).toMatchObject({ code: 'CONFLICTO', data: { Estado: 1, Version: 2 } });
    expect((await deleteWorker(server, admin.token, id, admin.userId, '?Version=2')).status).toBe(200);
    const edit = await updateWorker(server, supervisor.token, { IdPersona: id, Version: 2, Nombres: 'Seba' });
    expect(edit.body).toMatchObject({ code: 'CONFLICTO', data: { Estado: 0 } });
    expect(await countRows(server, 'conflictos')).toBe(2);
  });

  it('CF5: children appended from a stale Version never conflict; a known child id is replaced in place', async () => {
    const id = SEEDED.worker(9);
    await updateWorker(server, supervisor.token, { IdPersona: id, Version: 1, Nombres: 'Constanza' });
    const licence = { IdLicencia: uuidV7(), Clase: 'B', FechaVencimiento: '2030-01-01' };
    const added = await updateWorker(server, admin.token, { IdPersona: id, Version: 1, licencias: [licence] });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ Nombres: 'Constanza', Version: 3, licencias: [{ ...licence, Estado: 1, Archivos: [] }] });
    const other = { IdLicencia: uuidV7(), Clase: 'A4', FechaVencimiento: '2029-05-01' };
    const more = await updateWorker(server, supervisor.token, { IdPersona: id, Version: 2, licencias: [{ ...licence, Estado: 0 }, other] });
    expect((more.body.data.licencias as { IdLicencia: string; Estado: number }[]).map((l) => [l.IdLicencia, l.Estado])).toEqual([
      [licence.IdLicencia, 0],
      [other.IdLicencia, 1],
    ]);
  });
});

describe('tenancy of worker ids sent in bodies and paths', () => {
  it("never reaches another company's worker: update and delete answer 404, the detail null, and nothing changes", async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    // Pacífico has no levels or positions: a bare worker.
    const theirs = workerBody({ cargos: [], IdNivel2: null, IdNivel3: null });
    expect((await createWorker(server, pacifico.token, theirs)).status).toBe(200);
    expect((await updateWorker(server, admin.token, { IdPersona: theirs.IdPersona, Version: 1, Nombres: 'Hackeado' })).status).toBe(404);
    expect((await deleteWorker(server, admin.token, theirs.IdPersona, admin.userId)).status).toBe(404);
    expect((await workerDetail(server, admin.token, ANDES.id, theirs.IdPersona)).body.data).toBeNull();
    expect((await workerDetail(server, admin.token, PACIFICO.id, theirs.IdPersona)).status).toBe(403);
    // Creating with their id is a conflict that reveals nothing of their row.
    const clash = await createWorker(server, admin.token, { ...theirs, RunPersona: '12345678-5' });
    expect(clash.body).toMatchObject({ code: 'CONFLICTO', data: null });
    expect((await workerDetail(server, pacifico.token, PACIFICO.id, theirs.IdPersona)).body.data).toMatchObject({ Nombres: 'Ana María', Estado: 1, Version: 1 });
    // Nor can Pacífico point at Andes' positions.
    const borrowed = await createWorker(server, pacifico.token, workerBody({ cargos: [SEEDED.cargo(1)], IdNivel2: null, IdNivel3: null }));
    expect(borrowed.body).toMatchObject({ statusCode: 400, message: 'Uno de los cargos indicados no existe' });
  });

  it('documents every company-scoped route of the three modules in the OpenAPI description (checked by tenancy.test.ts)', async () => {
    const spec = await send<{ paths: Record<string, Record<string, unknown>> }>(server, 'GET', '/api/openapi.json');
    const documented = Object.entries(spec.body.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/trabajadores/newtrabajadores2/{company}',
        'GET /api/trabajadores/newtrabajadores2/detalle/{company}/{id}',
        'GET /api/trabajadores/newtrabajadores2/mascaras/{company}',
        'GET /api/trabajadores/newtrabajadores2/filtros/{company}',
        'GET /api/trabajadores/newtrabajadores2/cargo_nivel/{company}',
        'POST /api/trabajadores/newtrabajadores2',
        'PUT /api/trabajadores/newtrabajadores2',
        'DELETE /api/trabajadores/newtrabajadores2/{IdPersona}/{user}',
        'GET /api/cargos/newcargos2/{company}',
        'PUT /api/cargos/newcargos2/{company}',
        'DELETE /api/cargos/newcargos2/delete/{IdCargo}/{IdNivel2}/{IdNivel3}',
        'GET /api/niveles/{company}',
        'GET /api/niveles/all/{company}',
        'GET /api/niveles/one/{company}/{IdNivel}',
        'POST /api/niveles/post/{company}',
        'PUT /api/niveles/put/{company}/{IdNivel}',
        'DELETE /api/niveles/delete/{company}/{IdNivel}',
      ]),
    );
  });
});

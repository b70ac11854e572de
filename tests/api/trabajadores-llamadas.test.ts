import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { trabajadorEntity } from '#sync/schemas/trabajadores.schema.ts';
import { entryRunnersOf } from '#server/app.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { countRows, newKey, send, sendBatch } from './support/sync-harness.ts';
import { deleteWorker, levelBody, SEEDED, workerBody, workerDetail, WORKERS, type WriteAnswer } from './support/trabajadores-factory.ts';

/** The spec's older paths of the worker create and update (spec part 2, "Workers"), beside the kit's newtrabajadores2. */
const LEGACY_CREATE = '/api/trabajadores/trabajadores';
const LEGACY_UPDATE = '/api/trabajadores/newtrabajadores';
const FOREIGN = { statusCode: 403, message: 'No tienes acceso a los datos de esta empresa.', code: 'EMPRESA_AJENA' };

type Session = { token: string; userId: number };
type Row = Record<string, unknown>;
let server: TestServer;
let admin: Session;
let supervisor: Session;
let contractor: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  supervisor = await server.login('supervisor@andesdemo.cl');
  contractor = await server.login('contratista@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

const legacyCreate = (token: string, body: unknown, key?: string) =>
  send<WriteAnswer>(server, 'POST', LEGACY_CREATE, { token, body, ...(key ? { key } : {}) });
const legacyUpdate = (token: string, body: unknown, key?: string) =>
  send<WriteAnswer>(server, 'PUT', LEGACY_UPDATE, { token, body, ...(key ? { key } : {}) });
const read = <T>(token: string, path: string) => send<{ statusCode: number; data: T; code?: string; message?: string }>(server, 'GET', path, { token });
const pickList = (token: string, company = ANDES.id) => read<Row[]>(token, `${WORKERS}/lista_trabajadores/${company}`);
const workerLevels = (token: string, id: string, company = ANDES.id) => read<Row[] | null>(token, `${WORKERS}/niveles/${id}/${company}`);

async function workersWith(id: string): Promise<number> {
  return (await server.deps.db.selectFrom('trabajadores').select('IdPersona').where('IdPersona', '=', id).execute()).length;
}

describe('POST trabajadores and PUT newtrabajadores: the kit’s create and update at the spec’s older paths', () => {
  it('creates a worker once under a repeated Idempotency-Key, alone and as a batch entry, with the spec notice', async () => {
    const body = workerBody({ RunPersona: '12.345.678-5', Nombres: 'Rosa', ApellidoPaterno: 'Muñoz' });
    const key = newKey();
    const changes = await countRows(server, 'cambios');
    const first = await legacyCreate(supervisor.token, body, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      statusCode: 200,
      message: 'Trabajador creado correctamente',
      data: { IdPersona: body.IdPersona, IdEmpresa: ANDES.id, RunPersona: '12345678-5', Nombres: 'Rosa', TipoEmpresa: 1, Estado: 1, Version: 1 },
    });
    const again = await legacyCreate(supervisor.token, body, key);
    expect(again.headers.get('Idempotency-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const batch = await sendBatch(server, supervisor.token, [{ key, method: 'POST', path: LEGACY_CREATE, body }]);
    expect(batch.body.results[0]).toMatchObject({ key, status: 200, body: first.body });
    expect(await workersWith(body.IdPersona)).toBe(1);
    expect(await countRows(server, 'cambios')).toBe(changes + 1);
    // The change log carries the row the answer gave, and the kit's detail reads it back.
    const change = await server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect({ table: change.Tabla, id: change.IdRegistro, row: JSON.parse(change.Fila!) as Row }).toEqual({
      table: 'trabajadores',
      id: body.IdPersona,
      row: first.body.data,
    });
    expect((await workerDetail(server, admin.token, ANDES.id, body.IdPersona)).body.data).toEqual({ ...first.body.data, Urls: {} });
    const reused = await legacyCreate(supervisor.token, { ...body, Nombres: 'Otra' }, key);
    expect(reused.body).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCIA_DISTINTA' });
  });

  it('takes a bulk load as one entry per worker: each lands once, each under its own key', async () => {
    // A batch entry at either older path reaches the kit's command itself, not the whole app.
    const commands = entryRunnersOf(server.app).commands();
    const checksAt = (method: string, path: string) =>
      commands.find(method, path)?.command.checks.map((check) => [check.kind, 'schema' in check && check.kind === 'json' ? check.schema : null]);
    expect(checksAt('POST', LEGACY_CREATE)).toEqual(checksAt('POST', WORKERS));
    expect(checksAt('PUT', LEGACY_UPDATE)).toEqual(checksAt('PUT', WORKERS));
    expect(checksAt('POST', LEGACY_CREATE)).toContainEqual(['json', trabajadorEntity.createBody]);
    const bodies = [workerBody({ Nombres: 'Uno' }), workerBody({ Nombres: 'Dos' }), workerBody({ Nombres: 'Tres' })];
    const entries = bodies.map((body) => ({ key: newKey(), method: 'POST', path: LEGACY_CREATE, body }));
    const answer = await sendBatch(server, admin.token, entries);
    expect(answer.body.results.map((result) => [result.status, (result.body as WriteAnswer).data.Nombres])).toEqual([
      [200, 'Uno'],
      [200, 'Dos'],
      [200, 'Tres'],
    ]);
    const replay = await sendBatch(server, admin.token, entries);
    expect(replay.body.results).toEqual(answer.body.results);
    for (const body of bodies) expect(await workersWith(body.IdPersona)).toBe(1);
  });

  it('refuses a RUT another active worker has, and an invalid one, writing nothing', async () => {
    const seeded = String((await workerDetail(server, admin.token, ANDES.id, SEEDED.worker(2))).body.data!.RunPersona);
    const before = await countRows(server, 'cambios');
    const duplicate = await legacyCreate(admin.token, workerBody({ RunPersona: seeded }));
    expect(duplicate.body).toEqual({ statusCode: 409, message: 'Ya existe un trabajador con ese rut', code: 'RUT_DUPLICADO' });
    const invalid = await legacyCreate(admin.token, { ...workerBody(), RunPersona: '12.345.678-9' });
    expect(invalid.body).toEqual({ statusCode: 400, message: 'El rut no es válido', code: 'VALIDACION' });
    const moved = await legacyUpdate(admin.token, { IdPersona: SEEDED.worker(3), Version: 1, RunPersona: seeded });
    expect(moved.body).toEqual({ statusCode: 409, message: 'Ya existe un trabajador con ese rut', code: 'RUT_DUPLICADO' });
    expect(await countRows(server, 'cambios')).toBe(before);
  });

  it('updates the sent fields from their Version, alone and as a batch entry, and refuses a stale change of the same field', async () => {
    const body = workerBody();
    await legacyCreate(admin.token, body);
    const res = await legacyUpdate(supervisor.token, { IdPersona: body.IdPersona, Version: 1, Nombres: 'Ana Luisa' }, newKey());
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Trabajador actualizado correctamente',
      data: { IdPersona: body.IdPersona, Nombres: 'Ana Luisa', ApellidoPaterno: 'Órdenes', Version: 2 },
    });
    const entry = { key: newKey(), method: 'PUT', path: LEGACY_UPDATE, body: { IdPersona: body.IdPersona, Version: 2, ApellidoMaterno: 'Soto' } };
    const batched = await sendBatch(server, supervisor.token, [entry]);
    expect(batched.body.results[0]).toMatchObject({ status: 200, body: { data: { Nombres: 'Ana Luisa', ApellidoMaterno: 'Soto', Version: 3 } } });
    const stale = await legacyUpdate(admin.token, { IdPersona: body.IdPersona, Version: 1, Nombres: 'Anita' });
    expect(stale.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: { Nombres: 'Ana Luisa', Version: 3 } });
    expect((await workerDetail(server, admin.token, ANDES.id, body.IdPersona)).body.data).toMatchObject({
      Nombres: 'Ana Luisa',
      ApellidoMaterno: 'Soto',
      Version: 3,
    });
  });

  it('keeps a contractor to its own workers and a client out, as the kit’s paths do', async () => {
    const mine = await legacyCreate(contractor.token, workerBody());
    expect(mine.body.data).toMatchObject({ TipoEmpresa: 2, RutContratista: SEEDED.contractorRut });
    const theirs = await legacyUpdate(contractor.token, { IdPersona: SEEDED.worker(2), Version: 1, Nombres: 'X' });
    expect(theirs.body).toEqual({ statusCode: 404, message: 'Trabajador no encontrado' });
    const client = await server.login('cliente@andesdemo.cl');
    expect((await legacyCreate(client.token, workerBody())).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });
  });
});

describe('the worker form’s reads: lista_trabajadores, usuarios_reservados, niveles/{id}', () => {
  it('lista_trabajadores names the active workers the viewer may see, by surname', async () => {
    const created = await legacyCreate(admin.token, workerBody({ Nombres: 'Zoila', ApellidoPaterno: 'Aguirre' }));
    await deleteWorker(server, admin.token, SEEDED.worker(2), admin.userId);
    const list = await pickList(admin.token);
    expect(list.body.statusCode).toBe(200);
    expect(list.body.data).toHaveLength(20);
    expect(list.body.data.map((worker) => worker.IdPersona)).not.toContain(SEEDED.worker(2));
    const data = created.body.data;
    expect(list.body.data).toContainEqual({
      IdPersona: data.IdPersona,
      RunPersona: data.RunPersona,
      Nombres: 'Zoila',
      ApellidoPaterno: 'Aguirre',
      ApellidoMaterno: 'Lagos',
      IdNivel2: SEEDED.nv2(1),
      IdNivel3: SEEDED.nv3(1),
      RutContratista: null,
      cargos: [SEEDED.cargo(1)],
    });
    const surnames = list.body.data.map((worker) => String(worker.ApellidoPaterno));
    expect(surnames).toEqual([...surnames].sort());

    const own = (await pickList(contractor.token)).body.data;
    expect(own).toHaveLength(5);
    expect(own.every((worker) => worker.RutContratista === SEEDED.contractorRut)).toBe(true);
    const client = await server.login('cliente@andesdemo.cl');
    expect((await pickList(client.token)).body).toEqual({ statusCode: 200, data: [] });
  });

  it('usuarios_reservados answers the e-mails and user names of the company’s accounts, to company users only', async () => {
    const answer = await read<{ NombresUsuario: string[]; Correos: string[] }>(admin.token, `${WORKERS}/usuarios_reservados/${ANDES.id}`);
    const users = await server.deps.db
      .selectFrom('usuarios')
      .select(['NombreUsuario', 'CorreoElectronicoPersona'])
      .where('IdEmpresa', '=', ANDES.id)
      .execute();
    expect(answer.body.statusCode).toBe(200);
    expect(answer.body.data.Correos).toEqual(users.map((user) => user.CorreoElectronicoPersona.toLowerCase()).sort());
    expect(answer.body.data.NombresUsuario).toEqual(users.map((user) => user.NombreUsuario.toLowerCase()).filter(Boolean).sort());
    expect(answer.body.data.Correos).toEqual(expect.arrayContaining(['admin@andesdemo.cl', 'contratista@andesdemo.cl']));
    expect(answer.body.data.Correos).not.toContain('admin@pacificodemo.cl');
    const refused = await read(contractor.token, `${WORKERS}/usuarios_reservados/${ANDES.id}`);
    expect(refused.body).toEqual({
      statusCode: 403,
      message: 'Solo los usuarios de la empresa administran usuarios, roles, empresas contratistas y clientes.',
      code: 'SOLO_EMPRESA',
    });
  });

  it('niveles/{id} answers the worker’s levels 2, 3 and 4 in order, [] without levels, null for a worker not there to see', async () => {
    const sector = levelBody({ TipoNivel: 4, IdNivelPadre: SEEDED.nv3(1), Nombre: 'Sector Norte' });
    expect((await send(server, 'POST', `/api/niveles/post/${ANDES.id}`, { token: admin.token, body: sector })).status).toBe(200);
    const body = workerBody({ IdNivel4: sector.IdNivel });
    await legacyCreate(admin.token, body);
    const levels = await workerLevels(supervisor.token, body.IdPersona);
    expect(levels.body.data!.map((level) => [level.IdNivel, level.TipoNivel, level.Nombre])).toEqual([
      [SEEDED.nv2(1), 2, 'Faena Los Andes'],
      [SEEDED.nv3(1), 3, 'Obras Civiles'],
      [sector.IdNivel, 4, 'Sector Norte'],
    ]);
    const all = await read<Row[]>(admin.token, `/api/niveles/${ANDES.id}`);
    expect(levels.body.data![0]).toEqual(all.body.data.find((level) => level.IdNivel === SEEDED.nv2(1)));

    const bare = workerBody({ IdNivel2: null, IdNivel3: null });
    await legacyCreate(admin.token, bare);
    expect((await workerLevels(admin.token, bare.IdPersona)).body).toEqual({ statusCode: 200, data: [] });
    expect((await workerLevels(admin.token, uuidV7())).body).toEqual({ statusCode: 200, data: null });
    // A contractor reads its own workers' levels, never the company's.
    expect((await workerLevels(contractor.token, body.IdPersona)).body).toEqual({ statusCode: 200, data: null });
    expect((await workerLevels(contractor.token, SEEDED.worker(1))).body.data).not.toBeNull();
  });
});

describe('another company stays out of every new call', () => {
  it('refuses another company’s path on the reads, and never reaches its workers through the older writes', async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const theirs = workerBody({ cargos: [], IdNivel2: null, IdNivel3: null });
    const created = await legacyCreate(pacifico.token, theirs);
    expect(created.body.data).toMatchObject({ IdEmpresa: PACIFICO.id, Estado: 1 });

    for (const path of ['lista_trabajadores', 'usuarios_reservados', `niveles/${theirs.IdPersona}`])
      expect((await read(admin.token, `${WORKERS}/${path}/${PACIFICO.id}`)).body, path).toEqual(FOREIGN);
    expect((await pickList(admin.token)).body.data.map((worker) => worker.IdPersona)).not.toContain(theirs.IdPersona);
    expect((await pickList(pacifico.token, PACIFICO.id)).body.data.map((worker) => worker.IdPersona)).toEqual([theirs.IdPersona]);
    expect((await workerLevels(admin.token, theirs.IdPersona)).body).toEqual({ statusCode: 200, data: null });

    const hijack = await legacyUpdate(admin.token, { IdPersona: theirs.IdPersona, Version: 1, Nombres: 'Hackeado' });
    expect(hijack.body).toEqual({ statusCode: 404, message: 'Trabajador no encontrado' });
    const clash = await legacyCreate(admin.token, { ...theirs, RunPersona: '12345678-5' });
    expect(clash.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: null });
    expect((await workerDetail(server, pacifico.token, PACIFICO.id, theirs.IdPersona)).body.data).toMatchObject({ Nombres: 'Ana María', Version: 1 });
  });

  it('documents the five calls in Spanish with their permission, so the tenancy and permission sweeps reach them', async () => {
    type Operation = { summary?: string; 'x-permiso'?: { ruta?: string | string[]; accion?: string } };
    const spec = await send<{ paths: Record<string, Record<string, Operation>> }>(server, 'GET', '/api/openapi.json');
    const at = (path: string, method: string) => spec.body.paths[path]?.[method];
    const calls: [string, string, string, string][] = [
      ['/api/trabajadores/trabajadores', 'post', 'crear', 'Crea un trabajador (spec: POST trabajadores'],
      ['/api/trabajadores/newtrabajadores', 'put', 'editar', 'Edita un trabajador (spec: PUT newtrabajadores)'],
      ['/api/trabajadores/newtrabajadores2/lista_trabajadores/{company}', 'get', 'index', 'Trabajadores activos para elegir'],
      ['/api/trabajadores/newtrabajadores2/usuarios_reservados/{company}', 'get', 'index', 'Nombres de usuario y correos'],
      ['/api/trabajadores/newtrabajadores2/niveles/{id}/{company}', 'get', 'index', 'Los niveles 2, 3 y 4 de un trabajador'],
    ];
    for (const [path, method, action, summary] of calls) {
      const operation = at(path, method);
      expect(operation?.summary, `${method} ${path}`).toContain(summary);
      expect(operation?.['x-permiso']?.accion, `${method} ${path}`).toBe(action);
      expect([operation?.['x-permiso']?.ruta].flat(), `${method} ${path}`).toContain('/trabajadores');
    }
  });
});

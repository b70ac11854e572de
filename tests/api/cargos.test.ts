import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { countRows, send } from './support/sync-harness.ts';
import { cargoBody, createWorker, SEEDED, workerBody, type WriteAnswer } from './support/trabajadores-factory.ts';

type Session = { token: string; userId: number };
const BASE = '/api/cargos/newcargos2';
let server: TestServer;
let admin: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

const create = (body: unknown, token = admin.token, key?: string) => send<WriteAnswer>(server, 'POST', BASE, { token, body, ...(key ? { key } : {}) });
const update = (body: unknown, token = admin.token) => send<WriteAnswer>(server, 'PUT', `${BASE}/${ANDES.id}`, { token, body });
const remove = (path: string, token = admin.token) => send<WriteAnswer>(server, 'DELETE', `${BASE}/delete/${path}`, { token });

describe('cargos', () => {
  it('creates a position for a level combination with the spec notice and logs the row', async () => {
    const body = cargoBody();
    const res = await create(body);
    expect(res.body).toEqual({
      statusCode: 200,
      message: 'Cargo creado correctamente',
      data: { IdCargo: body.IdCargo, IdEmpresa: ANDES.id, NombreCargo: 'Rigger', IdNivel2: SEEDED.nv2(1), IdNivel3: SEEDED.nv3(1), Estado: 1, Version: 1 },
    });
    const list = await send<{ data: Record<string, unknown>[] }>(server, 'GET', `${BASE}/${ANDES.id}?nv3=${SEEDED.nv3(1)}`, { token: admin.token });
    expect(list.body.data).toContainEqual({ ...res.body.data, Nivel2: 'Faena Los Andes', Nivel3: 'Obras Civiles' });
    expect(list.body.data.every((cargo) => cargo.IdNivel3 === SEEDED.nv3(1))).toBe(true);
  });

  it('refuses mismatched levels and duplicates, writing nothing', async () => {
    const changes = await countRows(server, 'cambios');
    expect((await create(cargoBody({ IdNivel2: SEEDED.nv2(2), IdNivel3: SEEDED.nv3(1) }))).body).toMatchObject({ statusCode: 400, message: 'El nivel 3 no pertenece al nivel 2 indicado' });
    const duplicate = await create(cargoBody({ NombreCargo: 'supervisor de terreno' }));
    expect(duplicate.body).toEqual({ statusCode: 409, message: 'El cargo ya existe para esa combinación de niveles', code: 'CARGO_DUPLICADO' });
    expect(await countRows(server, 'cambios')).toBe(changes);
  });

  it('merges a stale edit of another field and keeps a conflicting one', async () => {
    const body = cargoBody();
    await create(body);
    await update({ IdCargo: body.IdCargo, Version: 1, NombreCargo: 'Rigger Senior' });
    const moved = await update({ IdCargo: body.IdCargo, Version: 1, IdNivel3: SEEDED.nv3(2) });
    expect(moved.body).toMatchObject({ statusCode: 200, data: { NombreCargo: 'Rigger Senior', IdNivel3: SEEDED.nv3(2), Version: 3 } });
    const stale = await update({ IdCargo: body.IdCargo, Version: 1, NombreCargo: 'Aparejador' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICTO', data: { NombreCargo: 'Rigger Senior', Version: 3 } });
    expect(await countRows(server, 'conflictos')).toBe(1);
  });

  it('soft-deletes by id and level path, and drops it from the level combinations', async () => {
    const body = cargoBody();
    await create(body);
    expect((await remove(`${body.IdCargo}/${SEEDED.nv2(2)}`)).status).toBe(404);
    const res = await remove(`${body.IdCargo}/${SEEDED.nv2(1)}/${SEEDED.nv3(1)}`);
    expect(res.body).toMatchObject({ statusCode: 200, message: 'Cargo eliminado correctamente', data: { Estado: 0, Version: 2 } });
    const combos = await send<{ data: { IdCargo: string }[] }>(server, 'GET', `${BASE}/cargo_nivel/${ANDES.id}`, { token: admin.token });
    expect(combos.body.data.map((combo) => combo.IdCargo)).not.toContain(body.IdCargo);
  });

  it('refuses to delete a position held by an active worker', async () => {
    const body = cargoBody();
    await create(body);
    expect((await createWorker(server, admin.token, workerBody({ cargos: [body.IdCargo] }))).status).toBe(200);
    expect((await remove(body.IdCargo)).status).toBe(409);
  });

  it('offers masks and filters', async () => {
    const filters = await send<{ data: { nv2: unknown[]; nv3: unknown[] } }>(server, 'GET', `${BASE}/filtros/${ANDES.id}`, { token: admin.token });
    expect([filters.body.data.nv2.length, filters.body.data.nv3.length]).toEqual([2, 3]);
    const masks = await send<{ data: unknown[] }>(server, 'GET', `${BASE}/mascaras/${ANDES.id}`, { token: admin.token });
    expect(masks.body.data).toHaveLength(3);
  });

  it('is refused to roles without Cargos, even its list', async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await send(server, 'GET', `${BASE}/${ANDES.id}`, { token: supervisor.token })).status).toBe(403);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { countRows, send } from './support/sync-harness.ts';
import { levelBody, SEEDED, type WriteAnswer } from './support/trabajadores-factory.ts';

type Session = { token: string; userId: number };
const BASE = '/api/niveles';
let server: TestServer;
let admin: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

const create = (body: unknown, token = admin.token) => send<WriteAnswer>(server, 'POST', `${BASE}/post/${ANDES.id}`, { token, body });
const update = (id: string, body: unknown) => send<WriteAnswer>(server, 'PUT', `${BASE}/put/${ANDES.id}/${id}`, { token: admin.token, body });
const remove = (id: string, query = '') => send<WriteAnswer>(server, 'DELETE', `${BASE}/delete/${ANDES.id}/${id}${query}`, { token: admin.token });

async function lastChange() {
  const row = await server.deps.db.selectFrom('cambios').selectAll().orderBy('Seq', 'desc').limit(1).executeTakeFirstOrThrow();
  return { table: row.Tabla, id: row.IdRegistro, op: row.Operacion, row: row.Fila === null ? null : (JSON.parse(row.Fila) as unknown) };
}

describe('niveles', () => {
  it('creates a level 2 and a level 3 under it, each with its change-log row', async () => {
    const faena = levelBody({ RutNivel: '76.543.210-3' });
    const created = await create(faena);
    expect(created.body).toEqual({
      statusCode: 200,
      message: 'Nivel creado correctamente',
      data: { IdNivel: faena.IdNivel, IdEmpresa: ANDES.id, TipoNivel: 2, IdNivelPadre: null, Nombre: 'Faena Calama', RutNivel: '76543210-3', Estado: 1, Version: 1 },
    });
    expect(await lastChange()).toEqual({ table: 'niveles', id: faena.IdNivel, op: 'upsert', row: created.body.data });
    const area = levelBody({ TipoNivel: 3, Nombre: 'Chancado', IdNivelPadre: faena.IdNivel });
    expect((await create(area)).status).toBe(200);

    const nv3 = await send<{ data: { Nombre: string }[] }>(server, 'GET', `${BASE}/${ANDES.id}?TipoNivel=3`, { token: admin.token });
    expect(nv3.body.data.map((level) => level.Nombre)).toEqual(['Chancado', 'Montaje Eléctrico', 'Movimiento de Tierra', 'Obras Civiles']);
    const all = await send<{ data: { mascaras: unknown[]; niveles: unknown[] } }>(server, 'GET', `${BASE}/all/${ANDES.id}`, { token: admin.token });
    expect(all.body.data.mascaras).toEqual([
      { TipoNv: 2, Nombre: 'Faena' },
      { TipoNv: 3, Nombre: 'Área' },
      { TipoNv: 4, Nombre: 'Sector' },
    ]);
    expect(all.body.data.niveles).toHaveLength(7);
    const one = await send<{ data: unknown }>(server, 'GET', `${BASE}/one/${ANDES.id}/${area.IdNivel}`, { token: admin.token });
    expect(one.body.data).toMatchObject({ IdNivel: area.IdNivel, IdNivelPadre: faena.IdNivel });
    expect((await send(server, 'GET', `${BASE}/one/${ANDES.id}/${uuidV7()}`, { token: admin.token })).body).toEqual({ statusCode: 200, data: null });
  });

  it('refuses a wrong type, a missing or wrong parent and a bad RUT, writing nothing', async () => {
    const changes = await countRows(server, 'cambios');
    expect((await create({ ...levelBody(), TipoNivel: 5 })).body).toMatchObject({ statusCode: 400, message: 'El tipo de nivel debe ser 2, 3 o 4' });
    expect((await create(levelBody({ TipoNivel: 3 }))).body).toMatchObject({ statusCode: 400, message: 'El nivel superior no existe o no es del tipo anterior' });
    expect((await create(levelBody({ TipoNivel: 4, IdNivelPadre: SEEDED.nv2(1) }))).body).toMatchObject({ statusCode: 400 });
    expect((await create(levelBody({ IdNivelPadre: SEEDED.nv2(1) }))).body).toMatchObject({ message: 'Un nivel 2 no tiene nivel superior' });
    expect((await create({ ...levelBody(), RutNivel: '76.543.210-4' })).body).toMatchObject({ statusCode: 400, message: 'El rut no es válido' });
    expect(await countRows(server, 'cambios')).toBe(changes);
  });

  it('edits with a field-by-field merge and answers 409 CONFLICTO for a stale edit of the same field', async () => {
    const level = levelBody();
    await create(level);
    const renamed = await update(level.IdNivel, { Version: 1, Nombre: 'Faena Calama Norte' });
    expect(renamed.body).toMatchObject({ message: 'Nivel actualizado correctamente', data: { Nombre: 'Faena Calama Norte', Version: 2 } });
    const merged = await update(level.IdNivel, { Version: 1, RutNivel: '76543210-3' });
    expect(merged.body).toMatchObject({ data: { Nombre: 'Faena Calama Norte', RutNivel: '76543210-3', Version: 3 } });
    // Based on 2, the name is untouched since (the RUT changed at 3): merged. Based on 1, the name changed since.
    expect((await update(level.IdNivel, { Version: 2, Nombre: 'Faena Calama Sur' })).body).toMatchObject({ statusCode: 200, data: { Version: 4 } });
    const stale = await update(level.IdNivel, { Version: 1, Nombre: 'Otra' });
    expect(stale.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: { Nombre: 'Faena Calama Sur', Version: 4 } });
    expect((await update(uuidV7(), { Version: 1, Nombre: 'X' })).body).toEqual({ statusCode: 404, message: 'Nivel no encontrado' });
  });

  it('soft-deletes an unused level with a tombstone, refuses one in use, and answers 200 when deleted again', async () => {
    expect((await remove(SEEDED.nv2(1))).body).toMatchObject({ statusCode: 409, code: 'NIVEL_EN_USO' });
    const level = levelBody();
    await create(level);
    expect((await remove(level.IdNivel, '?Version=7')).body).toMatchObject({ code: 'CONFLICTO' });
    const res = await remove(level.IdNivel, '?Version=1');
    expect(res.body).toMatchObject({ statusCode: 200, message: 'Nivel eliminado correctamente', data: { Estado: 0, Version: 2 } });
    expect(await lastChange()).toEqual({ table: 'niveles', id: level.IdNivel, op: 'delete', row: null });
    expect((await remove(level.IdNivel)).status).toBe(200);
    const list = await send<{ data: { IdNivel: string }[] }>(server, 'GET', `${BASE}/${ANDES.id}`, { token: admin.token });
    expect(list.body.data.map((l) => l.IdNivel)).not.toContain(level.IdNivel);
  });

  it("is refused to roles without the levels maintainer and never reaches another company's level", async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await create(levelBody(), supervisor.token)).status).toBe(403);
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const theirs = await send(server, 'PUT', `${BASE}/put/${PACIFICO.id}/${SEEDED.nv2(1)}`, { token: pacifico.token, body: { Version: 1, Nombre: 'X' } });
    expect(theirs.status).toBe(404);
    expect((await send(server, 'GET', `${BASE}/one/${PACIFICO.id}/${SEEDED.nv2(1)}`, { token: pacifico.token })).body).toEqual({ statusCode: 200, data: null });
  });
});

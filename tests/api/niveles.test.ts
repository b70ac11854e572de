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

describe('niveles', () => {
  it('creates a level 2 and a level 3 under it, and reads them by type, all at once and one by one', async () => {
    const faena = levelBody({ RutNivel: '76.543.210-3' });
    const created = await create(faena);
    expect(created.body).toEqual({
      statusCode: 200,
      message: 'Nivel creado correctamente',
      data: { IdNivel: faena.IdNivel, IdEmpresa: ANDES.id, TipoNivel: 2, IdNivelPadre: null, Nombre: 'Faena Calama', RutNivel: '76543210-3', Estado: 1, Version: 1 },
    });
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

  it('merges field by field from the field versions, and answers 409 CONFLICTO for a stale edit of a field changed since', async () => {
    const level = levelBody();
    await create(level);
    await update(level.IdNivel, { Version: 1, Nombre: 'Faena Calama Norte' });
    const merged = await update(level.IdNivel, { Version: 1, RutNivel: '76543210-3' });
    expect(merged.body).toMatchObject({ data: { Nombre: 'Faena Calama Norte', RutNivel: '76543210-3', Version: 3 } });
    // Based on 2, the name is untouched since (the RUT changed at 3): merged. Based on 1, the name changed since.
    expect((await update(level.IdNivel, { Version: 2, Nombre: 'Faena Calama Sur' })).body).toMatchObject({ statusCode: 200, data: { Version: 4 } });
    const stale = await update(level.IdNivel, { Version: 1, Nombre: 'Otra' });
    expect(stale.body).toMatchObject({ statusCode: 409, code: 'CONFLICTO', data: { Nombre: 'Faena Calama Sur', Version: 4 } });
  });

  it("never reaches another company's level", async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await send(server, 'GET', `${BASE}/one/${PACIFICO.id}/${SEEDED.nv2(1)}`, { token: pacifico.token })).body).toEqual({ statusCode: 200, data: null });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { read, roleIdByName, type Session, userWithRole, write } from './support/usuarios-factory.ts';

interface Page {
  changes: { table: string; id: string }[];
  cursor: number;
  more: boolean;
  reset?: boolean;
}

/** Reference data (audience 'todos'): every user pulls it; the demo company has rows in each of these tables. */
const REFERENCE_TABLES = ENTITY_LIST.filter((entity) => entity.audience === 'todos').map((entity) => entity.table);
const withReference = (...tables: string[]) => [...REFERENCE_TABLES, ...tables].sort();

let server: TestServer;
let admin: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

const pull = async (token: string, since?: number) => (await send<Page>(server, 'GET', `/api/sync/changes?limit=1000${since === undefined ? '' : `&since=${since}`}`, { token })).body;
const tablesOf = (page: Page) => [...new Set(page.changes.map((change) => change.table))].sort();
const setMatrix = (role: number, Permisos: unknown[]) => write(server, admin.token, 'PUT', `/api/roles/put/${ANDES.id}/${role}`, { Permisos });

describe('PL10: a device pulls only the tables its role lets its user read', () => {
  it('sends reference data to everyone, records only to their readers, and what a record points at to its readers', async () => {
    const { session: none } = await userWithRole(server, admin, [{ Ruta: '/perfil/usuario', Acciones: ['index'] }]);
    expect(tablesOf(await pull(none.token))).toEqual(withReference());

    const { session: workers } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    expect(tablesOf(await pull(workers.token))).toEqual(withReference('trabajadores'));

    // An inspection names its observed workers, and its detail lists its observations: their reader reads those too.
    const { session: inspector } = await userWithRole(server, admin, [{ Ruta: '/inspecciones', Acciones: ['index'] }]);
    const page = await pull(inspector.token);
    expect(tablesOf(page)).toEqual(withReference('inspecciones', 'observaciones', 'trabajadores'));
    // The list calls agree with the feed, so downloading a table again gives the same records (PL5).
    expect((await read(server, inspector.token, `/api/trabajadores/newtrabajadores2/${ANDES.id}`)).status).toBe(200);
    expect((await read(server, inspector.token, '/api/inspecciones/observaciones-inspecciones/observaciones')).status).toBe(200);
    expect((await read(server, none.token, `/api/trabajadores/newtrabajadores2/${ANDES.id}`)).status).toBe(403);
  });
});

describe('PL11: a change of what a user may read makes their devices download their tables again', () => {
  it('answers reset to a cursor older than the change, once, and the refused lists tell the device what to drop', async () => {
    const { role, session } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    const first = await pull(session.token);
    expect(first.reset).toBeUndefined();

    // Deletion granted, reading unchanged: nothing to download again.
    await setMatrix(role, [{ Ruta: '/trabajadores', Acciones: ['index', 'eliminar'] }]);
    expect((await pull(session.token, first.cursor)).reset).toBeUndefined();

    await setMatrix(role, [{ Ruta: '/cargos', Acciones: ['index'] }]);
    const reset = await pull(session.token, first.cursor);
    expect(reset).toMatchObject({ reset: true, changes: [] });
    expect(reset.cursor).toBeGreaterThan(first.cursor);
    expect((await read(server, session.token, `/api/trabajadores/newtrabajadores2/${ANDES.id}`)).status).toBe(403);
    // After the download the device continues from the answer's cursor: no reset again, and no worker.
    expect((await pull(session.token, reset.cursor)).reset).toBeUndefined();
    await write(server, admin.token, 'PUT', '/api/trabajadores/newtrabajadores2', { IdPersona: first.changes.find((change) => change.table === 'trabajadores')!.id, Version: 1, Nombres: 'Otro' });
    expect(tablesOf(await pull(session.token, reset.cursor))).toEqual([]);
    // A first pull has nothing to download again.
    expect((await pull(session.token)).reset).toBeUndefined();
  });

  it('does the same when the user gets another role, contractor or client', async () => {
    const { user, session } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    const cursor = (await pull(session.token)).cursor;
    await write(server, admin.token, 'PUT', '/api/usuarios', { IdUsuario: user, Tipo: 'contratista', IdContratista: '78945612-7' });
    expect((await pull(session.token, cursor)).reset).toBe(true);
    const after = (await pull(session.token)).cursor;
    await write(server, admin.token, 'PUT', '/api/usuarios', { IdUsuario: user, IdRol: await roleIdByName(server, 'Supervisor de terreno') });
    expect((await pull(session.token, after)).reset).toBe(true);
    // Other users of the company are not touched.
    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await pull(supervisor.token, after)).reset).toBeUndefined();
  });
});

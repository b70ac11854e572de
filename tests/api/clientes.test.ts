import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Cliente } from '#sync/schemas/clientes.schema.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { auditOf, clientBody, lastMailTo, read, roleIdByName, type Session, signInFirstTime, TEMPORARY, write } from './support/usuarios-factory.ts';

const BASE = '/api/clientes';
let server: TestServer;
let admin: Session;
let clientRole: number;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  clientRole = await roleIdByName(server, 'Cliente');
});
afterEach(async () => {
  await server.close();
});

const create = (body: unknown) => write<Cliente>(server, admin.token, 'POST', `${BASE}/${ANDES.id}`, body);
const setState = (id: string, action: 'activar' | 'desactivar') => write<Cliente>(server, admin.token, 'PUT', `${BASE}/cliente/${action}/${ANDES.id}`, { IdCliente: id });
const login = (email: string, password: string) => server.request<{ code?: string; message?: string }>('POST', '/api/auth/login', { body: { RutEmpresa: ANDES.rut, Correo: email, Contrasena: password } });
const LOGO = { Tipo: 'image/png', Datos: Buffer.from('logo del cliente').toString('base64') };

describe('clients', () => {
  it('creates one with its logo and its account (Tipo 2) from its e-mail; without a logo it shows the default', async () => {
    const body = clientBody({ IdRol: clientRole, Logo: LOGO, NombreUsuario: 'minera.desierto' });
    const res = await create(body);
    expect(res.body).toMatchObject({ statusCode: 200, message: 'Cliente creado con éxito', data: { IdCliente: body.IdCliente, Estado: 1, Tipo: 2, LogoPropio: true, NombreUsuario: 'minera.desierto' } });
    expect(res.body.data.Logo).toMatch(/^\/api\/files\/[a-f0-9]{64}\?exp=/);
    expect((await lastMailTo(server, String(body.Correo)))!.Texto).toContain(`Contraseña temporal: ${TEMPORARY}`);
    const plain = await create(clientBody({ Tipo: 1 }));
    expect(plain.body.data).toMatchObject({ Logo: '/logo-predeterminado.svg', LogoPropio: false, IdUsuario: null, NombreUsuario: null });
    const list = await read<Cliente[]>(server, admin.token, `${BASE}/${ANDES.id}`);
    expect(list.body.data.map((client) => client.IdCliente)).toEqual(expect.arrayContaining(['CLI-001', body.IdCliente, plain.body.data.IdCliente]));
    expect((await read(server, admin.token, `${BASE}/${ANDES.id}/${body.IdCliente}`)).body.data).toEqual(res.body.data);
    const reserved = await write<{ NombresUsuario: string[] }>(server, admin.token, 'POST', `${BASE}/usuarios_reservados/${ANDES.id}`, {});
    expect(reserved.body.data.NombresUsuario).toContain('minera.desierto');
  });

  it('refuses a RUT, e-mail or user name in use and bad input, writing nothing', async () => {
    await create(clientBody({ IdRol: clientRole, RutCliente: '96.790.241-1', NombreUsuario: 'ocupado' }));
    const before = (await server.deps.db.selectFrom('clientes').select('IdCliente').execute()).length;
    expect((await create(clientBody({ IdRol: clientRole, RutCliente: '96790241-1' }))).body).toMatchObject({ statusCode: 409, code: 'RUT_EN_USO', message: 'Ya existe un cliente con ese RUT' });
    expect((await create(clientBody({ IdRol: clientRole, Correo: 'cliente@andesdemo.cl' }))).body).toMatchObject({ statusCode: 409, code: 'CORREO_EN_USO' });
    expect((await create(clientBody({ IdRol: clientRole, NombreUsuario: 'OCUPADO' }))).body).toMatchObject({ statusCode: 409, code: 'NOMBRE_USUARIO_EN_USO' });
    expect((await create(clientBody({ IdRol: clientRole, Nombre: ' ' }))).body).toMatchObject({ statusCode: 400, message: 'El nombre del cliente es requerido' });
    expect((await create(clientBody({ IdRol: clientRole, Logo: { Tipo: 'image/gif', Datos: 'AAAA' } }))).body).toMatchObject({ statusCode: 400, message: 'La imagen debe ser PNG, JPEG o WebP' });
    expect((await create(clientBody({ RutCliente: '96790241-2', IdRol: clientRole }))).body).toMatchObject({ statusCode: 400, message: 'El rut no es válido' });
    expect((await server.deps.db.selectFrom('clientes').select('IdCliente').execute()).length).toBe(before);
  });

  it('edits, deactivates (its users are told why they cannot sign in), activates, resets and deletes, each logged', async () => {
    const client = await server.login('cliente@andesdemo.cl');
    const edited = await write<Cliente>(server, admin.token, 'PUT', `${BASE}/${ANDES.id}/CLI-001`, { Telefono: '+56 55 200 0000', Logo: LOGO });
    expect(edited.body).toMatchObject({ statusCode: 200, message: 'Cliente actualizado con éxito', data: { Telefono: '+56 55 200 0000', LogoPropio: true } });
    expect((await setState('CLI-001', 'desactivar')).body).toMatchObject({ message: 'Cliente desactivado con éxito', data: { Estado: 2 } });
    expect((await read(server, client.token, `/api/inspecciones/observaciones-inspecciones`)).status).toBe(401);
    expect((await login('cliente@andesdemo.cl', 'Andes.2026')).body).toMatchObject({
      statusCode: 403,
      code: 'CLIENTE_DESACTIVADO',
      message: 'El cliente Minera Cordillera Norte S.A. fue desactivado por Constructora Andes Demo SpA: sus usuarios no pueden iniciar sesión. Comunícate con Constructora Andes Demo SpA para reactivarlo.',
    });
    expect((await setState('CLI-001', 'activar')).body).toMatchObject({ message: 'Cliente activado con éxito', data: { Estado: 1 } });
    const reset = await write(server, admin.token, 'POST', `${BASE}/cliente/restablecer_contrasena/${ANDES.id}`, { IdCliente: 'CLI-001', ContrasenaTemporal: 'Cliente.Temporal.2' });
    expect(reset.body).toEqual({ statusCode: 200, message: 'clave del Cliente Reestablecida con éxito', CorreoEnviado: false });
    await signInFirstTime(server, 'cliente@andesdemo.cl', 'Cliente.Temporal.2');
    expect((await write(server, admin.token, 'DELETE', `${BASE}/${ANDES.id}/CLI-001`)).body).toEqual({ statusCode: 200, message: 'Cliente eliminado con éxito' });
    expect((await login('cliente@andesdemo.cl', 'Nueva.Clave.2026')).status).toBe(401);
    expect((await write(server, admin.token, 'DELETE', `${BASE}/${ANDES.id}/CLI-001`)).status).toBe(200);
    expect((await auditOf(server, 'cliente', 'CLI-001')).map((entry) => entry.Accion)).toEqual(['editar', 'desactivar', 'activar', 'restablecer_contrasena', 'eliminar']);
  });

  it("is another company's business for no one", async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect((await read(server, pacifico.token, `${BASE}/${PACIFICO.id}/CLI-001`)).body.data).toBeNull();
    expect((await write(server, pacifico.token, 'PUT', `${BASE}/${PACIFICO.id}/CLI-001`, { Nombre: 'Tomado' })).status).toBe(404);
    expect((await write(server, pacifico.token, 'DELETE', `${BASE}/${PACIFICO.id}/CLI-001`)).status).toBe(404);
  });
});

describe("a client's user", () => {
  it('sees only the inspections and observations made for its client, and no worker, in lists and the pull', async () => {
    const client = await server.login('cliente@andesdemo.cl');
    const inspections = await send<{ data: { IdCliente: string | null }[] }>(server, 'GET', '/api/inspecciones/observaciones-inspecciones', { token: client.token });
    expect(inspections.body.data.length).toBeGreaterThan(0);
    expect(inspections.body.data.every((row) => row.IdCliente === 'CLI-001')).toBe(true);
    const workers = await send<{ data: unknown[] }>(server, 'GET', `/api/trabajadores/newtrabajadores2/${ANDES.id}`, { token: client.token });
    expect(workers.body.data).toEqual([]);
    const pull = await send<{ changes: { table: string; row: { IdCliente?: string | null } | null }[] }>(server, 'GET', '/api/sync/changes?limit=1000', { token: client.token });
    const tables = new Set(pull.body.changes.map((change) => change.table));
    expect(tables.has('trabajadores')).toBe(false);
    expect(pull.body.changes.filter((change) => change.table === 'inspecciones' || change.table === 'observaciones').every((change) => change.row?.IdCliente === 'CLI-001')).toBe(true);
  });
});

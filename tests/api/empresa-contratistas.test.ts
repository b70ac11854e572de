import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmpresaContratista } from '#sync/schemas/empresa-contratistas.schema.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { createWorker, workerBody } from './support/trabajadores-factory.ts';
import {
  auditOf,
  contractorBody,
  lastMailTo,
  read,
  roleIdByName,
  type Session,
  signInFirstTime,
  TEMPORARY,
  write,
} from './support/usuarios-factory.ts';

const BASE = '/api/empresa-contratistas';
let server: TestServer;
let admin: Session;
let contractorRole: number;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  contractorRole = await roleIdByName(server, 'Contratista');
});
afterEach(async () => {
  await server.close();
});

const create = (body: unknown, token = admin.token) => write<EmpresaContratista>(server, token, 'POST', `${BASE}/post/${ANDES.id}`, body);
const update = (id: string, body: unknown) => write<EmpresaContratista>(server, admin.token, 'PUT', `${BASE}/put/${ANDES.id}/${id}`, body);
const setState = (id: string, action: 'activar' | 'desactivar') =>
  write<EmpresaContratista>(server, admin.token, 'PUT', `${BASE}/contratistas/${action}/${ANDES.id}`, { IdEmpresaContratista: id });
const login = (email: string, password: string) =>
  server.request<{ code?: string; message?: string }>('POST', '/api/auth/login', {
    body: { RutEmpresa: ANDES.rut, Correo: email, Contrasena: password },
  });
const count = async () => (await server.deps.db.selectFrom('empresas_contratistas').select('IdEmpresaContratista').execute()).length;

describe('contractor companies', () => {
  it('creates one with its main account from its e-mail, the default logo and the spec notice', async () => {
    const body = contractorBody({ IdRol: contractorRole, Correo: 'Prevencion@Andinos.cl' });
    const res = await create(body);
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Empresa creada con éxito',
      CorreoEnviado: false,
      data: {
        IdEmpresaContratista: body.IdEmpresaContratista,
        RutCompleto: body.RutCompleto,
        Rut: String(body.RutCompleto).slice(0, -2),
        Estado: 1,
        Tipo: 2,
        Logo: '/logo-predeterminado.svg',
        LogoPropio: false,
      },
    });
    expect(res.body.data.Usuarios).toEqual([
      { IdUsuario: res.body.data.IdUsuario, Nombre: body.Nombre, CorreoElectronicoPersona: 'prevencion@andinos.cl', Habilitado: 1 },
    ]);
    const account = await server.deps.db
      .selectFrom('usuarios')
      .selectAll()
      .where('IdUsuario', '=', res.body.data.IdUsuario!)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      Tipo: 'contratista',
      IdContratista: body.RutCompleto,
      NombreUsuario: 'prevencion',
      IdRol: contractorRole,
      DebeCambiarContrasena: 1,
    });
    expect((await lastMailTo(server, 'prevencion@andinos.cl'))!.Texto).toContain(`Contraseña temporal: ${TEMPORARY}`);
    expect((await auditOf(server, 'empresa_contratista', body.IdEmpresaContratista))[0]).toMatchObject({
      Accion: 'crear',
      NombreRegistro: body.Nombre,
    });

    const active = await read<EmpresaContratista[]>(server, admin.token, `${BASE}/${ANDES.id}`);
    // The demo's subcontractor too (contractor management), listed by name.
    expect(active.body.data.map((row) => row.Nombre)).toEqual(['Andamios Bío Bío Ltda.', 'Montajes Industriales del Sur SpA', body.Nombre]);
    expect((await read(server, admin.token, `${BASE}/one/${ANDES.id}/${body.IdEmpresaContratista}`)).body.data).toEqual(res.body.data);
    expect((await read<{ IdCliente: string }[]>(server, admin.token, `${BASE}/listado_clientes/${ANDES.id}`)).body.data).toEqual([
      { IdCliente: 'CLI-001', Nombre: 'Minera Cordillera Norte S.A.' },
    ]);
    expect((await read<{ Correos: string[] }>(server, admin.token, `${BASE}/usuarios_reservados/${ANDES.id}`)).body.data.Correos).toContain(
      'prevencion@andinos.cl',
    );
  });

  it('creates one without an account (Tipo 1), and refuses a RUT or e-mail in use and bad input, writing nothing', async () => {
    expect((await create(contractorBody({ Tipo: 1, ContrasenaTemporal: null }))).body.data).toMatchObject({
      Tipo: 1,
      IdUsuario: null,
      Usuarios: [],
    });
    const before = await count();
    const users = (await server.deps.db.selectFrom('usuarios').select('IdUsuario').execute()).length;
    expect((await create(contractorBody({ IdRol: contractorRole, RutCompleto: '78.945.612-7' }))).body).toMatchObject({
      statusCode: 409,
      code: 'RUT_EN_USO',
      message: 'Ya existe una empresa contratista con ese RUT',
    });
    expect((await create(contractorBody({ IdRol: contractorRole, Correo: 'supervisor@andesdemo.cl' }))).body).toMatchObject({
      statusCode: 409,
      code: 'CORREO_EN_USO',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ RutCompleto: '1-1' }, 'El formato es incorrecto'],
      [{ Nombre: '' }, 'La razón social es requerida'],
      [{ Correo: 'x' }, 'El formato es incorrecto'],
      [{}, 'Elige el rol de la cuenta de acceso'],
      [{ IdRol: 999_999 }, 'El rol indicado no existe'],
      [{ IdRol: contractorRole, ContrasenaTemporal: null }, 'La contraseña temporal es requerida'],
      [{ IdEmpresaContratista: 'no-uuid', IdRol: contractorRole }, 'El identificador no es válido'],
    ];
    for (const [overrides, message] of cases)
      expect((await create(contractorBody(overrides))).body, JSON.stringify(overrides)).toMatchObject({ statusCode: 400, message });
    expect(await count()).toBe(before);
    expect((await server.deps.db.selectFrom('usuarios').select('IdUsuario').execute()).length).toBe(users);
  });

  it('edits its data and logo but never its RUT, and logs what changed', async () => {
    const body = contractorBody({ IdRol: contractorRole });
    await create(body);
    const logo = { Tipo: 'image/png', Datos: Buffer.from('logo de prueba').toString('base64') };
    const res = await update(body.IdEmpresaContratista, { Nombre: 'Servicios Andinos SpA', Logo: logo, RutCompleto: body.RutCompleto });
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Empresa actualizada con éxito.',
      data: { Nombre: 'Servicios Andinos SpA', LogoPropio: true },
    });
    expect(res.body.data.Logo).toMatch(/^\/api\/files\/[a-f0-9]{64}\?exp=/);
    expect((await update(body.IdEmpresaContratista, { RutCompleto: '78.945.612-7' })).body).toMatchObject({
      statusCode: 400,
      message: 'El RUT de una empresa contratista no se cambia: sus registros lo llevan',
    });
    expect((await auditOf(server, 'empresa_contratista', body.IdEmpresaContratista)).at(-1)!.Cambios).toEqual([
      { Campo: 'Razón social', Antes: body.Nombre, Despues: 'Servicios Andinos SpA' },
      { Campo: 'Logo', Antes: '', Despues: 'Cambiado' },
    ]);
  });

  it("a deactivated one's users cannot sign in and are told why; open sessions end; activating lets them back", async () => {
    const contractor = await server.login('contratista@andesdemo.cl');
    const demo = (await read<EmpresaContratista[]>(server, admin.token, `${BASE}/${ANDES.id}`)).body.data.find((row) => row.RutCompleto === '78945612-7')!;
    expect((await setState(demo.IdEmpresaContratista, 'desactivar')).body).toMatchObject({
      statusCode: 200,
      message: 'Empresa desactivada con éxito',
      data: { Estado: 2 },
    });
    expect((await read(server, contractor.token, `/api/trabajadores/newtrabajadores2/${ANDES.id}`)).status).toBe(401);
    expect((await login('contratista@andesdemo.cl', 'Andes.2026')).body).toEqual({
      statusCode: 403,
      code: 'CONTRATISTA_DESACTIVADO',
      message:
        'La empresa contratista Montajes Industriales del Sur SpA fue desactivada por Constructora Andes Demo SpA: sus usuarios no pueden iniciar sesión. Comunícate con Constructora Andes Demo SpA para reactivarla.',
    });
    expect((await login('contratista@andesdemo.cl', 'mala-clave')).body).toMatchObject({ code: 'CREDENCIALES_INCORRECTAS' });
    // Only the subcontractor (no account) stays active.
    expect((await read<EmpresaContratista[]>(server, admin.token, `${BASE}/${ANDES.id}`)).body.data.map((row) => row.RutCompleto)).toEqual(['76888111-1']);
    expect((await read<EmpresaContratista[]>(server, admin.token, `${BASE}/all/${ANDES.id}`)).body.data.find((row) => row.IdEmpresaContratista === demo.IdEmpresaContratista)).toMatchObject({ Estado: 2 });
    expect((await setState(demo.IdEmpresaContratista, 'activar')).body).toMatchObject({
      message: 'Empresa activada con éxito',
      data: { Estado: 1 },
    });
    expect((await login('contratista@andesdemo.cl', 'Andes.2026')).status).toBe(200);
  });

  it("resets its account's password with the spec notice", async () => {
    const body = contractorBody({ IdRol: contractorRole });
    await create(body);
    const res = await write(server, admin.token, 'POST', `${BASE}/contratistas/restablecer_contrasena/${ANDES.id}`, {
      IdEmpresaContratista: body.IdEmpresaContratista,
      ContrasenaTemporal: 'Nueva.Temporal.1',
    });
    expect(res.body).toEqual({ statusCode: 200, message: 'clave de Empresa Reestablecida con éxito', CorreoEnviado: false });
    await signInFirstTime(server, String(body.Correo).toLowerCase(), 'Nueva.Temporal.1');
    const without = contractorBody({ Tipo: 1 });
    await create(without);
    expect(
      (
        await write(server, admin.token, 'POST', `${BASE}/contratistas/restablecer_contrasena/${ANDES.id}`, {
          IdEmpresaContratista: without.IdEmpresaContratista,
          ContrasenaTemporal: 'Nueva.Temporal.1',
        })
      ).body,
    ).toMatchObject({ statusCode: 409, code: 'SIN_CUENTA' });
  });

  it('deletes one with its accounts (again 200), never one with active workers', async () => {
    const body = contractorBody({ IdRol: contractorRole });
    const made = await create(body);
    expect((await write(server, admin.token, 'DELETE', `${BASE}/delete/${ANDES.id}/${body.IdEmpresaContratista}`)).body).toEqual({
      statusCode: 200,
      message: 'Empresa eliminada con éxito',
    });
    expect(
      await server.deps.db.selectFrom('usuarios').select('IdUsuario').where('IdUsuario', '=', made.body.data.IdUsuario!).executeTakeFirst(),
    ).toBeUndefined();
    expect((await write(server, admin.token, 'DELETE', `${BASE}/delete/${ANDES.id}/${body.IdEmpresaContratista}`)).status).toBe(200);
    const demo = (await read<EmpresaContratista[]>(server, admin.token, `${BASE}/${ANDES.id}`)).body.data.find((row) => row.RutCompleto === '78945612-7')!;
    expect((await write(server, admin.token, 'DELETE', `${BASE}/delete/${ANDES.id}/${demo.IdEmpresaContratista}`)).body).toMatchObject({
      statusCode: 409,
      code: 'CONTRATISTA_CON_TRABAJADORES',
    });
  });

  it("is another company's business for no one", async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const demo = (await read<EmpresaContratista[]>(server, admin.token, `${BASE}/${ANDES.id}`)).body.data.find((row) => row.RutCompleto === '78945612-7')!;
    expect((await read(server, pacifico.token, `${BASE}/one/${PACIFICO.id}/${demo.IdEmpresaContratista}`)).body.data).toBeNull();
    expect(
      (
        await write(server, pacifico.token, 'PUT', `${BASE}/contratistas/desactivar/${PACIFICO.id}`, {
          IdEmpresaContratista: demo.IdEmpresaContratista,
        })
      ).status,
    ).toBe(404);
    expect((await read<unknown[]>(server, pacifico.token, `${BASE}/all/${PACIFICO.id}`)).body.data).toEqual([]);
  });
});

describe("a contractor company's user", () => {
  it("sees only its company's workers in lists, details and the pull, whatever it asks", async () => {
    const body = contractorBody({ IdRol: contractorRole });
    await create(body);
    const own = workerBody({ TipoEmpresa: 2, RutContratista: body.RutCompleto });
    expect((await createWorker(server, admin.token, own)).status).toBe(200);
    const session = await signInFirstTime(server, String(body.Correo));
    const list = await send<{ data: { IdPersona: string }[] }>(
      server,
      'GET',
      `/api/trabajadores/newtrabajadores2/${ANDES.id}?RutContratista=78945612-7`,
      { token: session.token },
    );
    expect(list.body.data).toEqual([]);
    const all = await send<{ data: { IdPersona: string }[] }>(server, 'GET', `/api/trabajadores/newtrabajadores2/${ANDES.id}`, {
      token: session.token,
    });
    expect(all.body.data.map((worker) => worker.IdPersona)).toEqual([own.IdPersona]);
    const theirs = await server.deps.db
      .selectFrom('trabajadores')
      .select('IdPersona')
      .where('RutContratista', '=', '78945612-7')
      .executeTakeFirstOrThrow();
    expect(
      (await send(server, 'GET', `/api/trabajadores/newtrabajadores2/detalle/${ANDES.id}/${theirs.IdPersona}`, { token: session.token }))
        .body,
    ).toEqual({ statusCode: 200, data: null });
    const pull = await send<{ changes: { table: string; id: string }[] }>(server, 'GET', '/api/sync/changes?limit=1000', {
      token: session.token,
    });
    expect(pull.body.changes.filter((change) => change.table === 'trabajadores').map((change) => change.id)).toEqual([own.IdPersona]);
  });
});

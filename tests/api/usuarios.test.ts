import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditoriaEntrada, Usuario } from '#sync/schemas/usuarios.schema.ts';
import { ANDES, DEMO_PASSWORD, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import {
  auditOf,
  lastMailTo,
  read,
  roleIdByName,
  type Session,
  signInFirstTime,
  TEMPORARY,
  userBody,
  userWithRole,
  write,
} from './support/usuarios-factory.ts';

const BASE = '/api/usuarios';
let server: TestServer;
let admin: Session;
let supervisorRole: number;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
  supervisorRole = await roleIdByName(server, 'Supervisor de terreno');
});
afterEach(async () => {
  await server.close();
});

const create = (body: unknown, token = admin.token) => write<Usuario>(server, token, 'POST', BASE, body);
const update = (body: unknown, token = admin.token) => write<Usuario>(server, token, 'PUT', BASE, body);
const remove = (id: number, token = admin.token) => write(server, token, 'DELETE', `${BASE}/${id}`);
const setEnabled = (id: number, enabled: boolean, token = admin.token) =>
  write<Usuario>(server, token, 'PUT', `${BASE}/${enabled ? 'activar' : 'desactivar'}/${ANDES.id}`, { IdUsuario: id });
const userCount = async () =>
  (await server.deps.db.selectFrom('usuarios').select('IdUsuario').where('IdEmpresa', '=', ANDES.id).execute()).length;
const login = (email: string, password: string) =>
  server.request<{ code?: string; message?: string; Desafio?: string }>('POST', '/api/auth/login', {
    body: { RutEmpresa: ANDES.rut, Correo: email, Contrasena: password },
  });

describe('users: create', () => {
  it('creates a user that gets its temporary password by e-mail and must change it at first sign-in', async () => {
    const body = userBody({ IdRol: supervisorRole, CorreoElectronicoPersona: 'Francisca.Morales@AndesDemo.cl' });
    const res = await create(body);
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Usuario creado con éxito',
      // No SMTP here: the e-mail stays in the local mailbox, and the administrator was shown the password.
      CorreoEnviado: false,
      data: {
        Nombres: 'Francisca',
        CorreoElectronicoPersona: 'francisca.morales@andesdemo.cl',
        NombreRol: 'Supervisor de terreno',
        Tipo: 'empresa',
        Habilitado: 1,
        DebeCambiarContrasena: 1,
        Sistemas: [1],
        Logo: '/avatar-predeterminado.svg',
        LogoPropio: false,
        Administrador: false,
      },
    });
    const mail = await lastMailTo(server, 'francisca.morales@andesdemo.cl');
    expect(mail).toMatchObject({ Asunto: 'Tu cuenta de Andes HSE', Estado: 'guardado' });
    expect(mail!.Texto).toContain(`Contraseña temporal: ${TEMPORARY}`);
    expect(mail!.Texto).toContain('Rut Empresa: 76123456-0');
    expect((await login('francisca.morales@andesdemo.cl', TEMPORARY)).body).toMatchObject({ Titulo: 'Cambia tu contraseña' });
    const session = await signInFirstTime(server, 'francisca.morales@andesdemo.cl');
    expect((await read(server, session.token, `/api/trabajadores/newtrabajadores2/${ANDES.id}`)).status).toBe(200);

    const [entry] = await auditOf(server, 'usuario', res.body.data.IdUsuario);
    expect(entry).toMatchObject({ Accion: 'crear', NombreAutor: 'Carolina Muñoz Soto', NombreRegistro: 'Francisca Morales Tapia' });
    expect(entry!.Cambios).toEqual(
      expect.arrayContaining([
        { Campo: 'Rol', Antes: '', Despues: 'Supervisor de terreno' },
        { Campo: 'Correo', Antes: '', Despues: 'francisca.morales@andesdemo.cl' },
      ]),
    );
  });

  it('refuses an e-mail, user name or RUT in use (the reserved lists say so first) and writes nothing', async () => {
    const reserved = await read<{ NombresUsuario: string[]; Correos: string[] }>(
      server,
      admin.token,
      `/api/perfil/usuarios_reservados/${ANDES.id}`,
    );
    expect(reserved.body.data.Correos).toContain('supervisor@andesdemo.cl');
    expect(reserved.body.data.NombresUsuario).toContain('supervisor');
    const before = await userCount();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { CorreoElectronicoPersona: 'SUPERVISOR@andesdemo.cl' },
        409,
        'CORREO_EN_USO',
        'El correo ya está en uso por otra cuenta de la empresa',
      ],
      [{ NombreUsuario: 'Supervisor' }, 409, 'NOMBRE_USUARIO_EN_USO', 'El nombre de usuario ya está en uso'],
      [{ RunPersona: '15.234.567-4' }, 409, 'RUT_EN_USO', 'Ya existe un usuario con ese RUT'],
    ];
    for (const [overrides, status, code, message] of cases) {
      expect((await create(userBody({ IdRol: supervisorRole, ...overrides }))).body, JSON.stringify(overrides)).toEqual({
        statusCode: status,
        code,
        message,
      });
    }
    expect(await userCount()).toBe(before);
  });

  it('answers bad input with 400 and the Spanish message, before anything is written', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ RunPersona: '12345678-9' }, 'El rut no es válido'],
      [{ RunPersona: undefined }, 'El rut es requerido'],
      [{ CorreoElectronicoPersona: 'no-es-correo' }, 'El formato es incorrecto'],
      [{ NombreUsuario: 'a' }, 'El nombre de usuario lleva de 3 a 40 letras, números, puntos, guiones o guiones bajos'],
      [{ Nombres: ' ' }, 'El nombre es requerido'],
      [{ IdRol: undefined }, 'El rol es requerido'],
      [{ IdRol: 999_999 }, 'El rol indicado no existe'],
      [{ Tipo: 'contratista' }, 'Elige la empresa contratista del usuario'],
      [{ Tipo: 'contratista', IdContratista: '11.111.111-1' }, 'La empresa contratista indicada no existe'],
      [{ Tipo: 'cliente' }, 'Elige el cliente del usuario'],
      [{ Tipo: 'administrador' }, 'El tipo de usuario no es válido'],
      [{ ContrasenaTemporal: 'corta' }, 'La contraseña temporal debe tener al menos 8 caracteres'],
      [{ TelefonoPersona: 'llámame' }, 'El teléfono debe tener entre 8 y 15 dígitos'],
      [{ Sistemas: [] }, 'Elige al menos un sistema'],
    ];
    for (const [overrides, message] of cases) {
      const res = await create(userBody({ IdRol: supervisorRole, ...overrides }));
      expect(res.body, JSON.stringify(overrides)).toMatchObject({ statusCode: 400, message });
    }
    expect(await userCount()).toBe(before);
    expect(await server.deps.db.selectFrom('correos').select('IdCorreo').execute()).toHaveLength(0);
  });

  it("makes users of a contractor company and of a client, named by the party's RUT and id", async () => {
    const contractorRole = await roleIdByName(server, 'Contratista');
    const made = await create(userBody({ IdRol: contractorRole, Tipo: 'contratista', IdContratista: '78.945.612-7' }));
    expect(made.body.data).toMatchObject({
      Tipo: 'contratista',
      IdContratista: '78945612-7',
      NombreContratista: 'Montajes Industriales del Sur SpA',
      IdCliente: null,
    });
    const client = await create(userBody({ IdRol: contractorRole, Tipo: 'cliente', IdCliente: 'CLI-001', IdContratista: '78945612-7' }));
    expect(client.body.data).toMatchObject({
      Tipo: 'cliente',
      IdCliente: 'CLI-001',
      NombreCliente: 'Minera Cordillera Norte S.A.',
      IdContratista: null,
    });
    const lists = await read<{ roles: unknown[]; contratistas: unknown[]; clientes: unknown[] }>(
      server,
      admin.token,
      `${BASE}/listas/${ANDES.id}`,
    );
    expect(lists.body.data).toMatchObject({
      // The demo's subcontractor (contractor management) is a contractor company too.
      contratistas: [
        { RutCompleto: '76888111-1', Nombre: 'Andamios Bío Bío Ltda.' },
        { RutCompleto: '78945612-7', Nombre: 'Montajes Industriales del Sur SpA' },
      ],
      clientes: [{ IdCliente: 'CLI-001' }],
    });
  });
});

describe('users: list, edit, enable, delete', () => {
  it('lists the users by surname and finds them by name, e-mail, user name or RUT', async () => {
    const all = await read<Usuario[]>(server, admin.token, `${BASE}/${ANDES.id}`);
    expect(all.body.data.map((user) => user.CorreoElectronicoPersona)).toEqual([
      'supervisor@andesdemo.cl',
      'guardia@andesdemo.cl',
      'nuevo@andesdemo.cl',
      'contratista@andesdemo.cl',
      'admin@andesdemo.cl',
      'cliente@andesdemo.cl',
      'faena@andesdemo.cl',
    ]);
    const search = async (text: string) =>
      (await read<Usuario[]>(server, admin.token, `${BASE}/${ANDES.id}?Buscar=${encodeURIComponent(text)}`)).body.data.map(
        (user) => user.NombreUsuario,
      );
    expect(await search('daniela')).toEqual(['cliente']);
    expect(await search('contratista@')).toEqual(['contratista']);
    expect(await search('16789012')).toEqual(['contratista']);
    expect(await search('araya jorge')).toEqual(['supervisor']);
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    expect(
      (await read<Usuario[]>(server, pacifico.token, `${BASE}/${PACIFICO.id}`)).body.data.map((user) => user.CorreoElectronicoPersona),
    ).toEqual(['admin@pacificodemo.cl']);
    expect((await read(server, pacifico.token, `${BASE}/one/${PACIFICO.id}/${admin.userId}`)).body.data).toBeNull();
    expect((await update({ IdUsuario: admin.userId, Nombres: 'Tomada' }, pacifico.token)).status).toBe(404);
  });

  it('edits only what changed; a new role holds from the next request and the log says before and after', async () => {
    const { user, session } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    expect((await read(server, session.token, `/api/cargos/newcargos2/${ANDES.id}`)).status).toBe(403);
    const res = await update({ IdUsuario: user, IdRol: await roleIdByName(server, 'Administrador'), TelefonoPersona: '+56 9 1111 2222' });
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Usuario actualizado con éxito',
      data: { NombreRol: 'Administrador', Administrador: true, TelefonoPersona: '+56 9 1111 2222', Nombres: 'Francisca' },
    });
    expect((await read(server, session.token, `/api/cargos/newcargos2/${ANDES.id}`)).status).toBe(200);
    expect((await auditOf(server, 'usuario', user)).at(-1)!.Cambios).toEqual([
      { Campo: 'Teléfono', Antes: '+56 9 5555 1234', Despues: '+56 9 1111 2222' },
      { Campo: 'Rol', Antes: expect.stringMatching(/^Rol de prueba/), Despues: 'Administrador' },
    ]);
    expect((await update({ IdUsuario: user, CorreoElectronicoPersona: 'admin@andesdemo.cl' })).body).toMatchObject({
      statusCode: 409,
      code: 'CORREO_EN_USO',
    });
    expect((await update({ IdUsuario: user, Tipo: 'contratista' })).body).toMatchObject({
      statusCode: 400,
      message: 'Elige la empresa contratista del usuario',
    });
  });

  it('disables a user: no sign-in (suspended popup) and the open session ends at its next request; enabling undoes it', async () => {
    const { user, body, session } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    expect((await setEnabled(user, false)).body).toMatchObject({
      statusCode: 200,
      message: 'Usuario desactivado con éxito',
      data: { Habilitado: 0 },
    });
    expect((await read(server, session.token, `/api/trabajadores/newtrabajadores2/${ANDES.id}`)).status).toBe(401);
    expect((await login(String(body.CorreoElectronicoPersona), 'Nueva.Clave.2026')).body).toMatchObject({ code: 'USUARIO_DESHABILITADO' });
    expect((await setEnabled(user, true)).body).toMatchObject({
      statusCode: 200,
      message: 'Usuario activado con éxito',
      data: { Habilitado: 1 },
    });
    expect((await login(String(body.CorreoElectronicoPersona), 'Nueva.Clave.2026')).status).toBe(200);
    expect((await auditOf(server, 'usuario', user)).map((entry) => entry.Accion)).toEqual(['crear', 'desactivar', 'activar']);
  });

  it('deletes a user and their sign-in (again answers 200); the log keeps who they were', async () => {
    const { user, body } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    expect((await remove(user)).body).toEqual({ statusCode: 200, message: 'Usuario eliminado con éxito' });
    expect((await remove(user)).status).toBe(200);
    expect((await remove(999_999)).body).toMatchObject({ statusCode: 404, message: 'Usuario no encontrado' });
    expect((await login(String(body.CorreoElectronicoPersona), 'Nueva.Clave.2026')).status).toBe(401);
    expect((await read(server, admin.token, `${BASE}/one/${ANDES.id}/${user}`)).body.data).toBeNull();
    expect((await auditOf(server, 'usuario', user)).at(-1)).toMatchObject({
      Accion: 'eliminar',
      NombreRegistro: 'Francisca Morales Tapia',
    });
    // Its e-mail and user name are free again.
    expect((await create({ ...body, RunPersona: body.RunPersona })).status).toBe(200);
  });

  it('resets a password: a new temporary one by e-mail, to change at the next sign-in', async () => {
    const { user, body } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    const res = await write(server, admin.token, 'POST', `${BASE}/restablecer_contrasena/${ANDES.id}`, {
      IdUsuario: user,
      ContrasenaTemporal: 'Otra.Temporal.9',
    });
    expect(res.body).toEqual({ statusCode: 200, message: 'Contraseña del usuario restablecida con éxito', CorreoEnviado: false });
    expect((await lastMailTo(server, String(body.CorreoElectronicoPersona)))!.Texto).toContain('Contraseña temporal: Otra.Temporal.9');
    expect((await login(String(body.CorreoElectronicoPersona), 'Otra.Temporal.9')).body).toHaveProperty('Desafio');
  });
});

describe('users: the last administrator and oneself', () => {
  it('never disables, deletes or moves the last administrator, nor lets anyone disable or delete themselves', async () => {
    const { session: manager } = await userWithRole(server, admin, [{ Ruta: '/usuarios', Acciones: ['index', 'editar', 'eliminar'] }]);
    expect((await setEnabled(admin.userId, false, manager.token)).body).toMatchObject({
      statusCode: 409,
      code: 'ULTIMO_ADMINISTRADOR',
      message: 'No se puede desactivar al último administrador de la empresa',
    });
    expect((await remove(admin.userId, manager.token)).body).toMatchObject({
      statusCode: 409,
      message: 'No se puede eliminar al último administrador de la empresa',
    });
    expect((await update({ IdUsuario: admin.userId, IdRol: supervisorRole }, manager.token)).body).toMatchObject({
      statusCode: 409,
      message: 'No se puede cambiar el rol ni el tipo del último administrador de la empresa',
    });
    expect((await setEnabled(admin.userId, false)).body).toMatchObject({
      statusCode: 409,
      message: 'No puedes desactivar tu propio usuario',
    });
    expect((await remove(admin.userId)).body).toMatchObject({ statusCode: 409, message: 'No puedes eliminar tu propio usuario' });
    expect((await login('admin@andesdemo.cl', DEMO_PASSWORD)).status).toBe(200);

    // With a second administrator, the first may go.
    const second = await create(userBody({ IdRol: await roleIdByName(server, 'Administrador') }));
    expect((await setEnabled(admin.userId, false, manager.token)).status).toBe(200);
    expect((await setEnabled(second.body.data.IdUsuario, false, manager.token)).status).toBe(409);
  });
});

describe('users: inactive working days and the history', () => {
  it('registers working days only, replaces them whole, with the spec notice, and logs them', async () => {
    const { user } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    const save = (Fechas: string[]) => write(server, admin.token, 'POST', `${BASE}/dias_inactivos`, { IdUsuario: user, Fechas });
    expect((await save(['2026-12-02', '2026-12-01', '2026-12-01'])).body).toEqual({
      statusCode: 200,
      message: 'Días hábiles inactivos registrados correctamente',
      data: ['2026-12-01', '2026-12-02'],
    });
    expect((await save(['2026-12-05'])).body).toMatchObject({
      statusCode: 400,
      message: 'Solo se registran días hábiles (lunes a viernes)',
    });
    expect((await save(['2026-02-30'])).body).toMatchObject({
      statusCode: 400,
      message: 'Cada día inactivo debe ser una fecha válida (AAAA-MM-DD)',
    });
    expect((await read(server, admin.token, `${BASE}/dias_inactivos/${ANDES.id}/${user}`)).body.data).toEqual(['2026-12-01', '2026-12-02']);
    expect((await write(server, admin.token, 'POST', `${BASE}/dias_inactivos`, { IdUsuario: 999_999, Fechas: [] })).status).toBe(404);
    expect((await auditOf(server, 'usuario', user)).at(-1)).toMatchObject({
      Accion: 'dias_inactivos',
      Cambios: [{ Campo: 'Días hábiles inactivos', Antes: '', Despues: '2026-12-01, 2026-12-02' }],
    });
  });

  it('shows every change of users, roles and permissions, newest first, to those with its permission', async () => {
    const { user } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    await setEnabled(user, false);
    const history = await read<AuditoriaEntrada[]>(server, admin.token, `${BASE}/auditoria/${ANDES.id}`);
    expect(history.body.data.map((entry) => [entry.Entidad, entry.Accion])).toEqual([
      ['usuario', 'desactivar'],
      ['usuario', 'crear'],
      ['rol', 'crear'],
    ]);
    expect(history.body.data[0]).toMatchObject({
      NombreAutor: 'Carolina Muñoz Soto',
      IdRegistro: String(user),
      Fecha: server.clock.now().toISOString(),
    });
    const ofRole = await read<AuditoriaEntrada[]>(server, admin.token, `${BASE}/auditoria/${ANDES.id}?Entidad=rol`);
    expect(ofRole.body.data).toHaveLength(1);
    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await read(server, supervisor.token, `${BASE}/auditoria/${ANDES.id}`)).body).toMatchObject({
      statusCode: 403,
      code: 'SIN_PERMISO',
    });
  });
});

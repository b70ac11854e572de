import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ANDES, DEMO_PASSWORD, startTestServer, type TestServer } from './support/api-harness.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const login = (body: Record<string, unknown>) => server.request('POST', '/api/auth/login', { body });

describe('POST /api/auth/login', () => {
  it('signs in the demo supervisor and answers token, user, company, systems, permissions and masks', async () => {
    const res = await login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a loose view of the JSON answer
    const body = res.body as Record<string, any>;
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.usuario).toMatchObject({ Nombres: 'Jorge', ApellidoPaterno: 'Araya', CorreoElectronicoPersona: 'supervisor@andesdemo.cl' });
    expect(body.empresa).toMatchObject({ IdEmpresa: ANDES.id, RutEmpresa: ANDES.rut, NombreEmpresa: 'Constructora Andes Demo SpA' });
    expect(body.sistemas).toEqual([{ IdSistema: 1, Nombre: 'Hse', RutaInicio: '/dashboard' }]);
    expect(body.permisos.map((p: { Ruta: string }) => p.Ruta)).toContain('/dashboard');
    expect(body.permisos.map((p: { Ruta: string }) => p.Ruta)).not.toContain('/perfil/empresa');
    expect(body.mascaras).toEqual([
      { TipoNv: 2, Nombre: 'Faena' },
      { TipoNv: 3, Nombre: 'Área' },
      { TipoNv: 4, Nombre: 'Sector' },
    ]);
    const expires = new Date(body.expiraEn).getTime() - server.clock.current.getTime();
    expect(expires).toBe(8 * 60 * 60 * 1000);
  });

  it('accepts the RUT with dots and the e-mail in capitals', async () => {
    const res = await login({ RutEmpresa: '76.123.456-0', Correo: 'Supervisor@AndesDemo.cl', Contrasena: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('answers "Credenciales Incorrectas" for a wrong password and for an unknown e-mail alike', async () => {
    const wrong = await login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: 'otra-clave-123' });
    const unknown = await login({ RutEmpresa: ANDES.rut, Correo: 'nadie@andesdemo.cl', Contrasena: DEMO_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Credenciales Incorrectas', code: 'CREDENCIALES_INCORRECTAS' });
    }
  });

  it('locks the account after five failures, even for the right password, and unlocks after 15 minutes', async () => {
    const attempt = (password: string) => login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: password });
    for (let i = 0; i < 4; i++) expect((await attempt('mala-clave-1')).status).toBe(401);
    const fifth = await attempt('mala-clave-1');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ message: 'Has excedido el límite de intentos, intenta más tarde.' });
    expect((await attempt(DEMO_PASSWORD)).status).toBe(429);
    // Another user of the same company is not affected.
    expect((await login({ RutEmpresa: ANDES.rut, Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD })).status).toBe(200);
    server.clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuses a company suspended for pending payment, with the support contact', async () => {
    const res = await login({ RutEmpresa: '96512345-8', Correo: 'admin@atacamademo.cl', Contrasena: DEMO_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'EMPRESA_SUSPENDIDA' });
    expect((res.body as { message: string }).message).toContain('soporte@andeshse.cl');
    const status = await server.request('POST', '/api/auth/estado-empresa', { body: { RutEmpresa: '96512345-8' } });
    expect(status.body).toEqual({ EstadoEmpresa: 2, Soporte: { Correo: 'soporte@andeshse.cl', Telefono: '+56 2 2345 6789' } });
  });

  it('refuses an unregistered company and reports EstadoEmpresa 0', async () => {
    const res = await login({ RutEmpresa: '15876543-8', Correo: 'alguien@empresa.cl', Contrasena: DEMO_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'EMPRESA_NO_REGISTRADA' });
    const status = await server.request('POST', '/api/auth/estado-empresa', { body: { RutEmpresa: '15876543-8' } });
    expect(status.body).toMatchObject({ EstadoEmpresa: 0 });
    const active = await server.request('POST', '/api/auth/estado-empresa', { body: { RutEmpresa: ANDES.rut } });
    expect(active.body).toMatchObject({ EstadoEmpresa: 1 });
  });

  it('refuses a disabled user with the suspended-account answer', async () => {
    await server.deps.db
      .updateTable('usuarios')
      .set({ Habilitado: 0 })
      .where('CorreoElectronicoPersona', '=', 'cliente@andesdemo.cl')
      .execute();
    const res = await login({ RutEmpresa: ANDES.rut, Correo: 'cliente@andesdemo.cl', Contrasena: DEMO_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'USUARIO_DESHABILITADO' });
  });

  it('answers the spec messages for bad input, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Correo: 'a@b.cl', Contrasena: 'x' }, 'El rut es requerido'],
      [{ RutEmpresa: '', Correo: 'a@b.cl', Contrasena: 'x' }, 'El rut es requerido'],
      [{ RutEmpresa: '7612-0', Correo: 'a@b.cl', Contrasena: 'x' }, 'El formato es incorrecto'],
      [{ RutEmpresa: '76123456-1', Correo: 'a@b.cl', Contrasena: 'x' }, 'El rut no es válido'],
      [{ RutEmpresa: ANDES.rut, Contrasena: 'x' }, 'El correo es requerido'],
      [{ RutEmpresa: ANDES.rut, Correo: 'no-es-correo', Contrasena: 'x' }, 'El formato es incorrecto'],
      [{ RutEmpresa: ANDES.rut, Correo: 'a@b.cl', Contrasena: '' }, 'La contraseña es requerida'],
      [{ RutEmpresa: ANDES.rut, Correo: 'a@b.cl' }, 'La contraseña es requerida'],
    ];
    for (const [body, message] of cases) {
      const res = await login(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ statusCode: 400, message });
    }
    const malformed = await server.request('POST', '/api/auth/login', { rawBody: '{"RutEmpresa":' });
    expect(malformed).toEqual({ status: 400, body: { statusCode: 400, message: 'El cuerpo de la solicitud no es un JSON válido' } });
  });

  it('writes the login-activity log and the history record for every step', async () => {
    await login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: 'mala-clave-1' });
    await login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD });
    const activity = await server.deps.db.selectFrom('registro_accesos').select(['Correo', 'Estado']).orderBy('IdRegistro').execute();
    expect(activity).toEqual([
      { Correo: 'supervisor@andesdemo.cl', Estado: 'fallido' },
      { Correo: 'supervisor@andesdemo.cl', Estado: 'exitoso' },
    ]);
    const history = await server.deps.db.selectFrom('historial').selectAll().orderBy('IdHistorial').execute();
    expect(history.map((h) => h.Texto)).toEqual(['Inicio de sesión fallido', 'Inicio de sesión exitoso']);
    expect(history[0]).toMatchObject({ Usuario: 'supervisor@andesdemo.cl', IdEmpresa: ANDES.id, Origen: 'login' });
    // The audit keeps that a password was given, never the password.
    expect(JSON.stringify(history)).not.toContain('mala-clave-1');
    expect(JSON.stringify(history)).not.toContain(DEMO_PASSWORD);
  });

  it('still signs in when the history log cannot be written', async () => {
    await sql`DROP TABLE historial`.execute(server.deps.db);
    const res = await login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  });
});

describe('first sign-in: forced password change', () => {
  const first = () => login({ RutEmpresa: ANDES.rut, Correo: 'nuevo@andesdemo.cl', Contrasena: DEMO_PASSWORD });

  it('answers a challenge instead of a session, then accepts the new password', async () => {
    const challenge = await first();
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({ Titulo: 'Cambia tu contraseña' });
    expect(challenge.body).not.toHaveProperty('token');
    const Desafio = (challenge.body as { Desafio: string }).Desafio;

    const mismatch = await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio, Contrasena: 'NuevaClave.2026', ConfirmarContrasena: 'OtraClave.2026' },
    });
    expect(mismatch.body).toMatchObject({ statusCode: 400, message: 'Las contraseñas no coinciden' });
    const short = await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio, Contrasena: 'corta', ConfirmarContrasena: 'corta' },
    });
    expect(short.body).toMatchObject({ statusCode: 400, message: 'La nueva contraseña debe tener al menos 8 caracteres' });
    const forged = await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio: 'no-es-un-token', Contrasena: 'NuevaClave.2026', ConfirmarContrasena: 'NuevaClave.2026' },
    });
    expect(forged.body).toMatchObject({ statusCode: 401, message: 'No fue posible realizar la acción.' });

    const changed = await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio, Contrasena: ' NuevaClave.2026 ', ConfirmarContrasena: 'NuevaClave.2026' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ statusCode: 200, message: 'Contraseña actualizada, puedes iniciar la sesión' });
    // The change signs the person in, as the sign-in does: no second typing of the password just chosen.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a loose view of the JSON answer
    const session = changed.body as Record<string, any>;
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session.usuario).toMatchObject({ CorreoElectronicoPersona: 'nuevo@andesdemo.cl' });
    expect(session.empresa).toMatchObject({ IdEmpresa: ANDES.id, RutEmpresa: ANDES.rut, NombreEmpresa: 'Constructora Andes Demo SpA' });
    expect(session.permisos.length).toBeGreaterThan(0);
    expect(session.mascaras).toHaveLength(3);
    expect(new Date(session.expiraEn).getTime() - server.clock.current.getTime()).toBe(8 * 60 * 60 * 1000);
    const opened = await server.request('GET', '/api/auth/sesion', { token: session.token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ usuario: { CorreoElectronicoPersona: 'nuevo@andesdemo.cl' } });

    const again = await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio, Contrasena: 'Tercera.Clave1', ConfirmarContrasena: 'Tercera.Clave1' },
    });
    expect(again.status).toBe(401);
    expect((await first()).status).toBe(401);
    const signedIn = await login({ RutEmpresa: ANDES.rut, Correo: 'nuevo@andesdemo.cl', Contrasena: 'NuevaClave.2026' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toHaveProperty('token');
    // The session the change opened goes on beside the later one: a sign-in moves no generation.
    expect((await server.request('GET', '/api/auth/sesion', { token: session.token })).status).toBe(200);
  });

  it('records the change and the sign-in it opens in the access log and the history', async () => {
    const { Desafio } = (await first()).body as { Desafio: string };
    await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio, Contrasena: 'NuevaClave.2026', ConfirmarContrasena: 'NuevaClave.2026' },
    });
    const activity = await server.deps.db.selectFrom('registro_accesos').select(['Correo', 'Estado']).orderBy('IdRegistro').execute();
    expect(activity.map((row) => row.Estado)).toEqual(['cambio_requerido', 'contrasena_cambiada', 'exitoso']);
    const history = await server.deps.db.selectFrom('historial').select('Texto').orderBy('IdHistorial').execute();
    expect(history.map((row) => row.Texto)).toEqual([
      'Se solicita cambio de contraseña',
      'Contraseña cambiada en el primer inicio de sesión',
      'Inicio de sesión exitoso',
    ]);
    expect(JSON.stringify(history)).not.toContain('NuevaClave.2026');
  });

  it('refuses the change, changing nothing, when the sign-in would be refused now (the account disabled since the challenge)', async () => {
    const { Desafio } = (await first()).body as { Desafio: string };
    await server.deps.db
      .updateTable('usuarios')
      .set({ Habilitado: 0 })
      .where('CorreoElectronicoPersona', '=', 'nuevo@andesdemo.cl')
      .execute();
    const refused = await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio, Contrasena: 'NuevaClave.2026', ConfirmarContrasena: 'NuevaClave.2026' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, code: 'USUARIO_DESHABILITADO' });
    expect(refused.body).not.toHaveProperty('token');
    expect((refused.body as { message: string }).message).toContain('La cuenta se encuentra suspendida por pago pendiente.');
    const stored = await server.deps.db
      .selectFrom('usuarios')
      .select('DebeCambiarContrasena')
      .where('CorreoElectronicoPersona', '=', 'nuevo@andesdemo.cl')
      .executeTakeFirstOrThrow();
    expect(stored.DebeCambiarContrasena).toBe(1);
  });
});

describe('password recovery by e-mail code', () => {
  const request = (Correo: string) => server.request('POST', '/api/auth/recuperar', { body: { RutEmpresa: ANDES.rut, Correo } });
  const confirm = (Codigo: string, Contrasena = 'Recuperada.2026') =>
    server.request('POST', '/api/auth/recuperar/confirmar', {
      body: { RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Codigo, Contrasena, ConfirmarContrasena: Contrasena },
    });
  const mailedCode = async () => {
    const mail = await server.deps.db.selectFrom('correos').selectAll().orderBy('IdCorreo', 'desc').executeTakeFirstOrThrow();
    expect(mail.Para).toBe('supervisor@andesdemo.cl');
    expect(mail.Estado).toBe('guardado');
    return /código de verificación es (\d{6})/.exec(mail.Texto)![1]!;
  };

  it('mails a code that resets the password once, and keeps the mail readable at /buzon', async () => {
    expect((await request('supervisor@andesdemo.cl')).status).toBe(200);
    const code = await mailedCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await confirm(wrongCode)).body).toMatchObject({ statusCode: 400, message: 'El código ingresado es incorrecto.' });
    expect((await confirm(code)).body).toEqual({ statusCode: 200, message: 'Contraseña actualizada, puedes iniciar la sesión' });
    expect((await confirm(code, 'Otra.Clave.2026')).status).toBe(400);

    const oldPassword = await login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD });
    expect(oldPassword.status).toBe(401);
    const newPassword = await login({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: 'Recuperada.2026' });
    expect(newPassword.status).toBe(200);

    const mailbox = await server.request('GET', '/buzon', { remoteAddress: '127.0.0.1' });
    expect(mailbox.status).toBe(200);
    expect(mailbox.body).toContain(`Tu código de verificación es ${code}`);
  });

  it('refuses an unknown account with "Credenciales incorrectas." and sends nothing', async () => {
    const res = await request('nadie@andesdemo.cl');
    expect(res.body).toMatchObject({ statusCode: 401, message: 'Credenciales incorrectas.' });
    expect(await server.deps.db.selectFrom('correos').selectAll().execute()).toEqual([]);
  });

  it('expires the code after 15 minutes and locks after repeated wrong codes', async () => {
    await request('supervisor@andesdemo.cl');
    const code = await mailedCode();
    server.clock.advance(16 * 60 * 1000);
    expect((await confirm(code)).body).toMatchObject({ message: 'El código ingresado es incorrecto.' });
    await request('supervisor@andesdemo.cl');
    const fresh = await mailedCode();
    const wrong = fresh === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await confirm(wrong)).body);
    expect(answers.at(-1)).toMatchObject({ message: 'Has excedido el límite de intentos, intenta más tarde.' });
    expect((await confirm(fresh)).status).toBe(429);
  });

  it('validates the code and the new password with the spec messages', async () => {
    expect((await confirm('')).body).toMatchObject({ statusCode: 400, message: 'El código es requerido' });
  });
});

describe('session token', () => {
  it('is accepted for 8 hours and refused after, as an invalid session', async () => {
    const { token } = await server.login('supervisor@andesdemo.cl');
    const session = await server.request('GET', '/api/auth/sesion', { token });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ usuario: { CorreoElectronicoPersona: 'supervisor@andesdemo.cl' } });

    server.clock.advance(8 * 60 * 60 * 1000 - 60_000);
    expect((await server.request('GET', '/api/auth/sesion', { token })).status).toBe(200);
    server.clock.advance(61_000);
    const expired = await server.request('GET', '/api/auth/sesion', { token });
    expect(expired).toEqual({
      status: 401,
      body: { statusCode: 401, message: 'Tu sesión expiró, inicia sesión nuevamente.', code: 'SESION_INVALIDA' },
    });
  });

  it('refuses a missing, forged or challenge token', async () => {
    const { token } = await server.login('supervisor@andesdemo.cl');
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const challenge = await server.request<{ Desafio: string }>('POST', '/api/auth/login', {
      body: { RutEmpresa: ANDES.rut, Correo: 'nuevo@andesdemo.cl', Contrasena: DEMO_PASSWORD },
    });
    for (const bad of [undefined, forged, challenge.body.Desafio]) {
      expect((await server.request('GET', '/api/auth/sesion', { token: bad })).status).toBe(401);
    }
  });

  it('logs the sign-out in the history', async () => {
    const { token } = await server.login('supervisor@andesdemo.cl');
    expect((await server.request('POST', '/api/auth/logout', { token })).status).toBe(200);
    const last = await server.deps.db.selectFrom('historial').selectAll().orderBy('IdHistorial', 'desc').executeTakeFirstOrThrow();
    expect(last).toMatchObject({ Origen: 'logout', Usuario: 'supervisor@andesdemo.cl' });
  });
});

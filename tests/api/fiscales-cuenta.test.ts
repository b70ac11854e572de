import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './support/api-harness.ts';

/** The inspectors' accounts (spec 4.2, 4.3, 8): registration, forced change, sign-in, lockout, recovery, session. */

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const DEMO_INSPECTOR = 'fiscalizador@dt.gob.cl';
const HOUR = 60 * 60 * 1000;

const post = (path: string, body: unknown, token?: string) => server.request('POST', `/api/fiscales${path}`, { body, token });
const register = (Correo: string) => post('/registro', { Correo });
const login = (Correo: string, Contrasena: string) => post('/login', { Correo, Contrasena });
const verify = (Correo: string, ContrasenaTemporal: string, Contrasena = 'Inspeccion.2026', ConfirmarContrasena = Contrasena) =>
  post('/registro/verificar', { Correo, ContrasenaTemporal, Contrasena, ConfirmarContrasena });

async function lastMail() {
  return server.deps.db.selectFrom('correos').selectAll().orderBy('IdCorreo', 'desc').executeTakeFirstOrThrow();
}

/** The temporary password of the newest mail, as the person reads it. */
async function mailedTemporaryPassword(to: string): Promise<string> {
  const mail = await lastMail();
  expect(mail.Para).toBe(to);
  return /contraseña temporal es (\S+)/.exec(mail.Texto)![1]!;
}

async function mailedCode(to: string): Promise<string> {
  const mail = await lastMail();
  expect(mail.Para).toBe(to);
  return /código de verificación es (\d{6})/.exec(mail.Texto)![1]!;
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('GET /api/fiscales/ajustes', () => {
  it('answers the institutional domain the registration form shows', async () => {
    expect(await server.request('GET', '/api/fiscales/ajustes')).toEqual({
      status: 200,
      body: { statusCode: 200, data: { DominioInstitucional: '@dt.gob.cl' } },
    });
  });

  it('follows the INSPECTOR_EMAIL_DOMAIN setting, and registration with it', async () => {
    const other = await startTestServer({ INSPECTOR_EMAIL_DOMAIN: '@Inspeccion.example.cl' });
    try {
      expect((await other.request('GET', '/api/fiscales/ajustes')).body).toMatchObject({
        data: { DominioInstitucional: '@inspeccion.example.cl' },
      });
      expect((await other.request('POST', '/api/fiscales/registro', { body: { Correo: 'ana@inspeccion.example.cl' } })).status).toBe(200);
      expect((await other.request('POST', '/api/fiscales/registro', { body: { Correo: 'ana@dt.gob.cl' } })).status).toBe(400);
    } finally {
      await other.close();
    }
  });
});

describe('registration (spec 4.2)', () => {
  it('validates the address with the spec messages', async () => {
    expect((await post('/registro', {})).body).toEqual({ statusCode: 400, message: 'El correo es requerido', code: 'VALIDACION' });
    expect((await register('   ')).body).toMatchObject({ statusCode: 400, message: 'El correo es requerido' });
    expect((await register('no-es-correo')).body).toMatchObject({ statusCode: 400, message: 'El formato es incorrecto' });
  });

  it('refuses an address outside the institutional domain, creating nothing and sending nothing', async () => {
    for (const correo of ['ana.perez@gmail.com', 'ana@xdt.gob.cl', 'ana@dt.gob.cl.example.com']) {
      const res = await register(correo);
      expect(res, correo).toEqual({
        status: 400,
        body: { statusCode: 400, message: 'Ocurrió un error al intentar crear la cuenta', code: 'CORREO_NO_INSTITUCIONAL' },
      });
    }
    expect(await server.deps.db.selectFrom('correos').selectAll().execute()).toEqual([]);
    expect(await server.deps.db.selectFrom('fiscalizadores').select('Correo').execute()).toEqual([{ Correo: DEMO_INSPECTOR }]);
  });

  it('refuses an address whose account is already verified with 409', async () => {
    expect(await register(DEMO_INSPECTOR)).toEqual({
      status: 409,
      body: { statusCode: 409, message: 'Ocurrió un error al intentar crear la cuenta', code: 'CUENTA_EXISTENTE' },
    });
    expect(await server.deps.db.selectFrom('correos').selectAll().execute()).toEqual([]);
  });

  it('creates the account, mails a readable temporary password, and step 1 sets the password to sign in with', async () => {
    const created = await register('  Ana.Perez@DT.gob.cl ');
    expect(created).toEqual({ status: 200, body: { statusCode: 200, message: 'Te enviamos una contraseña temporal a tu correo.' } });
    const mail = await lastMail();
    expect(mail).toMatchObject({ Para: 'ana.perez@dt.gob.cl', Estado: 'guardado', Asunto: 'Tu cuenta de fiscalizador · Andes HSE' });
    expect(mail.Texto).toContain('http://localhost:3000/fiscales/registro');
    expect(mail.Texto).toContain('Vence en 24 horas.');
    const temporary = await mailedTemporaryPassword('ana.perez@dt.gob.cl');
    expect(temporary).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
    const stored = await server.deps.db
      .selectFrom('fiscalizadores')
      .selectAll()
      .where('Correo', '=', 'ana.perez@dt.gob.cl')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      DebeCambiarContrasena: 1,
      VerificadoEn: null,
      TemporalExpiraEn: server.clock.current.getTime() + 24 * HOUR,
    });
    expect(stored.HashContrasena).not.toContain(temporary);

    const wrong = await verify('ana.perez@dt.gob.cl', 'NoEsLaTemporal');
    expect(wrong).toEqual({ status: 400, body: { statusCode: 400, message: 'La contraseña temporal es incorrecta' } });
    const done = await verify('ana.perez@dt.gob.cl', temporary);
    expect(done.status).toBe(200);
    // Step 1 signs the inspector in, as the sign-in does: the session of their own, new password.
    expect(done.body).toEqual({
      statusCode: 200,
      message: 'Cuenta verificada, ya puedes iniciar sesión',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      fiscalizador: { IdFiscalizador: stored.IdFiscalizador, Correo: 'ana.perez@dt.gob.cl' },
      sistema: 'FISCALES',
      expiraEn: new Date(server.clock.current.getTime() + 8 * HOUR).toISOString(),
    });
    const opened = await server.request('GET', '/api/fiscales/sesion', { token: (done.body as { token: string }).token });
    expect(opened.body).toMatchObject({ statusCode: 200, data: { fiscalizador: { Correo: 'ana.perez@dt.gob.cl' }, sistema: 'FISCALES' } });

    expect((await login('ana.perez@dt.gob.cl', temporary)).status).toBe(401);
    const signedIn = await login('ana.perez@dt.gob.cl', 'Inspeccion.2026');
    expect(signedIn.status).toBe(200);
    const session = signedIn.body as { token: string; fiscalizador: { Correo: string }; sistema: string; expiraEn: string };
    expect(session).toMatchObject({ fiscalizador: { Correo: 'ana.perez@dt.gob.cl' }, sistema: 'FISCALES' });
    expect(new Date(session.expiraEn).getTime() - server.clock.current.getTime()).toBe(8 * HOUR);

    // Registering again, or verifying again, is refused now that the account is verified.
    expect((await register('ana.perez@dt.gob.cl')).body).toMatchObject({ statusCode: 409, code: 'CUENTA_EXISTENTE' });
    expect((await verify('ana.perez@dt.gob.cl', temporary)).body).toEqual({
      statusCode: 400,
      message: 'Ocurrió un error al intentar verificar la cuenta',
    });
  });

  it('replaces the temporary password when the address registers again before verifying', async () => {
    await register('ana@dt.gob.cl');
    const first = await mailedTemporaryPassword('ana@dt.gob.cl');
    await register('ana@dt.gob.cl');
    const second = await mailedTemporaryPassword('ana@dt.gob.cl');
    expect(second).not.toBe(first);
    expect((await verify('ana@dt.gob.cl', first)).body).toMatchObject({ message: 'La contraseña temporal es incorrecta' });
    expect((await verify('ana@dt.gob.cl', second)).status).toBe(200);
    expect(await server.deps.db.selectFrom('fiscalizadores').select('Correo').where('Correo', '=', 'ana@dt.gob.cl').execute()).toHaveLength(
      1,
    );
  });

  it('validates step 1 with the spec messages and refuses an unknown account with the generic one', async () => {
    await register('ana@dt.gob.cl');
    const temporary = await mailedTemporaryPassword('ana@dt.gob.cl');
    const body = {
      Correo: 'ana@dt.gob.cl',
      ContrasenaTemporal: temporary,
      Contrasena: 'Inspeccion.2026',
      ConfirmarContrasena: 'Inspeccion.2026',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, ContrasenaTemporal: undefined }, 'La contraseña temporal es requerida'],
      [{ ...body, ContrasenaTemporal: '  ' }, 'La contraseña temporal es requerida'],
      [{ ...body, Contrasena: '' }, 'La contraseña es requerida'],
      [{ ...body, Contrasena: 'corta', ConfirmarContrasena: 'corta' }, 'La nueva contraseña debe tener al menos 8 caracteres'],
      [{ ...body, ConfirmarContrasena: undefined }, 'La confirmación de contraseña es requerida'],
      [{ ...body, ConfirmarContrasena: 'Otra.Clave.2026' }, 'Las contraseñas no coinciden'],
      [{ ...body, Correo: 'no-es-correo' }, 'El formato es incorrecto'],
    ];
    for (const [input, message] of cases) {
      expect((await post('/registro/verificar', input)).body, message).toMatchObject({ statusCode: 400, message });
    }
    expect((await verify('nadie@dt.gob.cl', temporary)).body).toEqual({
      statusCode: 400,
      message: 'Ocurrió un error al intentar verificar la cuenta',
    });
    // Nothing was half-saved: the temporary password still works.
    expect((await verify('ana@dt.gob.cl', temporary)).status).toBe(200);
  });

  it('stops accepting the temporary password after 24 hours; registering again sends a new one', async () => {
    await register('ana@dt.gob.cl');
    const temporary = await mailedTemporaryPassword('ana@dt.gob.cl');
    server.clock.advance(24 * HOUR + 60_000);
    expect((await verify('ana@dt.gob.cl', temporary)).body).toEqual({ statusCode: 400, message: 'La contraseña temporal es incorrecta' });
    expect((await login('ana@dt.gob.cl', temporary)).body).toEqual({
      statusCode: 401,
      message: 'Email y/o contraseña incorrectos',
      code: 'CREDENCIALES_INCORRECTAS',
    });
    await register('ana@dt.gob.cl');
    const fresh = await mailedTemporaryPassword('ana@dt.gob.cl');
    expect((await verify('ana@dt.gob.cl', fresh)).status).toBe(200);
  });

  it('locks step 1 after five wrong temporary passwords', async () => {
    await register('ana@dt.gob.cl');
    const temporary = await mailedTemporaryPassword('ana@dt.gob.cl');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await verify('ana@dt.gob.cl', `Incorrecta${i}`));
    expect(answers.slice(0, 4).map((res) => res.status)).toEqual([400, 400, 400, 400]);
    expect(answers[4]).toEqual({
      status: 429,
      body: { statusCode: 429, message: 'Has excedido el límite de intentos, intenta más tarde.', code: 'LIMITE_INTENTOS' },
    });
    expect((await verify('ana@dt.gob.cl', temporary)).status).toBe(429);
    server.clock.advance(15 * 60_000 + 1000);
    expect((await verify('ana@dt.gob.cl', temporary)).status).toBe(200);
  });

  it('limits how many temporary passwords one address is sent', async () => {
    for (let i = 0; i < 5; i++) expect((await register('ana@dt.gob.cl')).status).toBe(200);
    expect((await register('ana@dt.gob.cl')).body).toMatchObject({
      statusCode: 429,
      message: 'Has excedido el límite de intentos, intenta más tarde.',
    });
    expect(await server.deps.db.selectFrom('correos').select('IdCorreo').execute()).toHaveLength(5);
  });
});

describe('sign-in (spec 4.3, 8)', () => {
  it('signs in the demo inspector with a session of its own kind: no company in it', async () => {
    const res = await login(DEMO_INSPECTOR, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const body = res.body as { token: string; fiscalizador: { IdFiscalizador: number; Correo: string }; sistema: string };
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body).toMatchObject({ fiscalizador: { Correo: DEMO_INSPECTOR }, sistema: 'FISCALES' });
    expect(Object.keys(body).sort()).toEqual(['expiraEn', 'fiscalizador', 'sistema', 'token']);
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()) as { emp: string; typ: string };
    expect(claims).toMatchObject({ emp: '', typ: 'fiscal' });
  });

  it('answers "Email y/o contraseña incorrectos" for a wrong password and an unknown address alike', async () => {
    for (const res of [await login(DEMO_INSPECTOR, 'Otra.Clave.2026'), await login('nadie@dt.gob.cl', DEMO_PASSWORD)]) {
      expect(res).toEqual({
        status: 401,
        body: { statusCode: 401, message: 'Email y/o contraseña incorrectos', code: 'CREDENCIALES_INCORRECTAS' },
      });
    }
  });

  it('validates the form with the spec messages', async () => {
    expect((await post('/login', { Contrasena: DEMO_PASSWORD })).body).toMatchObject({
      statusCode: 400,
      message: 'El correo es requerido',
    });
    expect((await post('/login', { Correo: 'x', Contrasena: DEMO_PASSWORD })).body).toMatchObject({
      statusCode: 400,
      message: 'El formato es incorrecto',
    });
    expect((await post('/login', { Correo: DEMO_INSPECTOR })).body).toMatchObject({
      statusCode: 400,
      message: 'La contraseña es requerida',
    });
    expect((await post('/login', { Correo: DEMO_INSPECTOR, Contrasena: '' })).body).toMatchObject({
      statusCode: 400,
      message: 'La contraseña es requerida',
    });
  });

  it('locks the address after five failures, even for the right password, and unlocks after 15 minutes', async () => {
    for (let i = 0; i < 4; i++) expect((await login(DEMO_INSPECTOR, 'mala-clave-1')).status).toBe(401);
    expect(await login(DEMO_INSPECTOR, 'mala-clave-1')).toEqual({
      status: 429,
      body: { statusCode: 429, message: 'Has excedido el límite de intentos, intenta más tarde.', code: 'LIMITE_INTENTOS' },
    });
    expect((await login(DEMO_INSPECTOR, DEMO_PASSWORD)).status).toBe(429);
    // A company user with the same kind of failures elsewhere is not affected, nor is the company sign-in.
    expect(
      (
        await server.request('POST', '/api/auth/login', {
          body: { RutEmpresa: '76123456-0', Correo: 'admin@andesdemo.cl', Contrasena: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
    server.clock.advance(15 * 60_000 + 1000);
    expect((await login(DEMO_INSPECTOR, DEMO_PASSWORD)).status).toBe(200);
  });

  it('forces the change of the temporary password on the first sign-in', async () => {
    await register('ana@dt.gob.cl');
    const temporary = await mailedTemporaryPassword('ana@dt.gob.cl');
    const first = await login('ana@dt.gob.cl', temporary);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ Desafio: expect.any(String), Titulo: 'Cambia tu contraseña' });
    const { Desafio } = first.body as { Desafio: string };
    // The challenge is not a session.
    expect((await server.request('GET', '/api/fiscales/sesion', { token: Desafio })).status).toBe(401);

    const change = (body: Record<string, unknown>) => post('/cambiar-contrasena', body);
    expect((await change({ Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2026' })).body).toMatchObject({
      statusCode: 400,
      message: 'Ocurrió un error al cambiar la contraseña',
    });
    expect((await change({ Desafio: 'falso', Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2026' })).body).toEqual({
      statusCode: 401,
      message: 'Ocurrió un error al cambiar la contraseña',
    });
    expect((await change({ Desafio, Contrasena: 'corta', ConfirmarContrasena: 'corta' })).body).toMatchObject({
      statusCode: 400,
      message: 'La nueva contraseña debe tener al menos 8 caracteres',
    });
    expect((await change({ Desafio, Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2027' })).body).toMatchObject({
      statusCode: 400,
      message: 'Las contraseñas no coinciden',
    });
    // A company challenge token does not open the inspector change.
    const companyChallenge = await server.request<{ Desafio: string }>('POST', '/api/auth/login', {
      body: { RutEmpresa: '76123456-0', Correo: 'nuevo@andesdemo.cl', Contrasena: DEMO_PASSWORD },
    });
    expect(
      (await change({ Desafio: companyChallenge.body.Desafio, Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2026' }))
        .status,
    ).toBe(401);

    const changed = await change({ Desafio, Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2026' });
    expect(changed.status).toBe(200);
    // The change signs the inspector in, as the sign-in does: no second typing of the new password.
    expect(changed.body).toEqual({
      statusCode: 200,
      message: 'Contraseña actualizada, puedes iniciar la sesión',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      fiscalizador: { IdFiscalizador: expect.any(Number), Correo: 'ana@dt.gob.cl' },
      sistema: 'FISCALES',
      expiraEn: new Date(server.clock.current.getTime() + 8 * HOUR).toISOString(),
    });
    const { token } = changed.body as { token: string };
    expect((await server.request('GET', '/api/fiscales/sesion', { token })).body).toMatchObject({
      statusCode: 200,
      data: { fiscalizador: { Correo: 'ana@dt.gob.cl' } },
    });
    expect((await server.request('GET', '/api/fiscales/empresas?q=andes', { token })).status).toBe(200);
    expect((await change({ Desafio, Contrasena: 'Tercera.Clave1', ConfirmarContrasena: 'Tercera.Clave1' })).status).toBe(401);
    expect((await login('ana@dt.gob.cl', temporary)).status).toBe(401);
    const signedIn = await login('ana@dt.gob.cl', 'Inspeccion.2026');
    expect(signedIn.body).toMatchObject({ sistema: 'FISCALES', fiscalizador: { Correo: 'ana@dt.gob.cl' } });
    const stored = await server.deps.db
      .selectFrom('fiscalizadores')
      .selectAll()
      .where('Correo', '=', 'ana@dt.gob.cl')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ DebeCambiarContrasena: 0, TemporalExpiraEn: null, VerificadoEn: server.clock.current.toISOString() });
  });

  it('refuses the forced change once the temporary password has expired', async () => {
    await register('ana@dt.gob.cl');
    const temporary = await mailedTemporaryPassword('ana@dt.gob.cl');
    const { Desafio } = (await login('ana@dt.gob.cl', temporary)).body as { Desafio: string };
    server.clock.advance(24 * HOUR + 60_000);
    expect(
      (await post('/cambiar-contrasena', { Desafio, Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2026' })).body,
    ).toEqual({
      statusCode: 401,
      message: 'Ocurrió un error al cambiar la contraseña',
    });
  });
});

describe('session and sign-out', () => {
  it('answers the stored session, refuses a company token and no token, and expires after 8 hours', async () => {
    const { token } = (await login(DEMO_INSPECTOR, DEMO_PASSWORD)).body as { token: string };
    const session = await server.request('GET', '/api/fiscales/sesion', { token });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      statusCode: 200,
      data: { fiscalizador: { Correo: DEMO_INSPECTOR }, sistema: 'FISCALES', expiraEn: expect.any(String) },
    });

    const company = await server.login('admin@andesdemo.cl');
    for (const other of [company.token, undefined]) {
      const res = await server.request('GET', '/api/fiscales/sesion', { token: other });
      expect(res).toEqual({
        status: 401,
        body: { statusCode: 401, message: 'Tu sesión expiró, inicia sesión nuevamente.', code: 'SESION_INVALIDA' },
      });
      expect((await post('/logout', {}, other)).status).toBe(401);
    }
    // And the inspector token opens no company call.
    expect((await server.request('GET', '/api/auth/sesion', { token })).status).toBe(401);

    expect(await post('/logout', {}, token)).toEqual({ status: 200, body: { statusCode: 200, message: 'Sesión cerrada' } });
    server.clock.advance(8 * HOUR + 1000);
    expect((await server.request('GET', '/api/fiscales/sesion', { token })).status).toBe(401);
  });
});

describe('password recovery (spec 4.3)', () => {
  const request = (Correo: string) => post('/recuperar', { Correo });
  const confirm = (Codigo: string, Contrasena = 'Recuperada.2026', Correo = DEMO_INSPECTOR) =>
    post('/recuperar/confirmar', { Correo, Codigo, Contrasena, ConfirmarContrasena: Contrasena });

  it('mails a code that resets the password once: a wrong code first, then the right one', async () => {
    expect(await request(DEMO_INSPECTOR)).toEqual({
      status: 200,
      body: { statusCode: 200, message: 'Te enviamos un código de verificación a tu correo.' },
    });
    const code = await mailedCode(DEMO_INSPECTOR);
    expect((await lastMail()).Texto).toContain('http://localhost:3000/fiscales/recuperar-contraseña');
    expect(await confirm(otherThan(code))).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'El código ingresado es incorrecto.' },
    });
    expect(await confirm(code)).toEqual({
      status: 200,
      body: { statusCode: 200, message: 'Contraseña actualizada, puedes iniciar la sesión' },
    });
    expect((await confirm(code, 'Otra.Clave.2026')).status).toBe(400);
    expect((await login(DEMO_INSPECTOR, DEMO_PASSWORD)).status).toBe(401);
    expect((await login(DEMO_INSPECTOR, 'Recuperada.2026')).status).toBe(200);
  });

  it('refuses an unknown address with "Credenciales incorrectas." and sends nothing', async () => {
    expect(await request('nadie@dt.gob.cl')).toEqual({
      status: 401,
      body: { statusCode: 401, message: 'Credenciales incorrectas.', code: 'CREDENCIALES_INCORRECTAS' },
    });
    expect((await confirm('123456', 'Recuperada.2026', 'nadie@dt.gob.cl')).body).toMatchObject({
      statusCode: 401,
      message: 'Credenciales incorrectas.',
    });
    expect(await server.deps.db.selectFrom('correos').selectAll().execute()).toEqual([]);
  });

  it('lets an account still on its temporary password recover, which verifies it', async () => {
    await register('ana@dt.gob.cl');
    await request('ana@dt.gob.cl');
    const code = await mailedCode('ana@dt.gob.cl');
    expect((await confirm(code, 'Recuperada.2026', 'ana@dt.gob.cl')).status).toBe(200);
    expect((await login('ana@dt.gob.cl', 'Recuperada.2026')).body).toMatchObject({ sistema: 'FISCALES' });
  });

  it('expires the code after 15 minutes, keeps only the newest, and locks after repeated wrong codes', async () => {
    await request(DEMO_INSPECTOR);
    const old = await mailedCode(DEMO_INSPECTOR);
    server.clock.advance(16 * 60_000);
    expect((await confirm(old)).body).toMatchObject({ message: 'El código ingresado es incorrecto.' });
    await request(DEMO_INSPECTOR);
    const fresh = await mailedCode(DEMO_INSPECTOR);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await confirm(otherThan(fresh))).body);
    expect(answers.at(-1)).toEqual({
      statusCode: 429,
      message: 'Has excedido el límite de intentos, intenta más tarde.',
      code: 'LIMITE_INTENTOS',
    });
    expect((await confirm(fresh)).status).toBe(429);
    expect((await request(DEMO_INSPECTOR)).status).toBe(429);
  });

  it('validates the form with the spec messages', async () => {
    expect((await post('/recuperar', {})).body).toMatchObject({ statusCode: 400, message: 'El correo es requerido' });
    expect((await confirm('')).body).toMatchObject({ statusCode: 400, message: 'El código es requerido' });
    expect((await confirm('123456', 'corta')).body).toMatchObject({
      statusCode: 400,
      message: 'La nueva contraseña debe tener al menos 8 caracteres',
    });
    expect(
      (
        await post('/recuperar/confirmar', {
          Correo: DEMO_INSPECTOR,
          Codigo: '123456',
          Contrasena: 'Recuperada.2026',
          ConfirmarContrasena: 'Recuperada.2027',
        })
      ).body,
    ).toMatchObject({
      statusCode: 400,
      message: 'Las contraseñas no coinciden',
    });
  });

  it('answers 502 with the spec message when the code cannot be e-mailed', async () => {
    const smtpDown = await startTestServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' });
    try {
      const res = await smtpDown.request('POST', '/api/fiscales/recuperar', { body: { Correo: DEMO_INSPECTOR } });
      expect(res).toEqual({
        status: 502,
        body: { statusCode: 502, message: 'Ocurrió un error al intentar enviar el código de verificación.' },
      });
    } finally {
      await smtpDown.close();
    }
  });
});

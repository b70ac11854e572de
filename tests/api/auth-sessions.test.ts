import { sign } from 'hono/jwt';
import { sessionSecret } from '#server/installation/session-secret.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANDES, DEMO_PASSWORD, startTestServer, type TestServer } from './support/api-harness.ts';
import { SYNC_PROTOCOL_VERSION } from '#sync/outbox/sync-protocol.ts';
import { newKey } from './support/sync-harness.ts';
import { write } from './support/usuarios-factory.ts';

/** SPEC SE2, SE3: sessions end when they should, on the company sign-in and the inspectors' alike. */

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const SUPERVISOR = 'supervisor@andesdemo.cl';
const INSPECTOR = 'fiscalizador@dt.gob.cl';
const sessionOf = (token: string) => server.request('GET', '/api/auth/sesion', { token });
const inspectorSessionOf = (token: string) => server.request('GET', '/api/fiscales/sesion', { token });
const refused = { status: 401, body: { statusCode: 401, message: 'Tu sesión expiró, inicia sesión nuevamente.', code: 'SESION_INVALIDA' } };

async function userId(email: string): Promise<number> {
  return (
    await server.deps.db.selectFrom('usuarios').select('IdUsuario').where('CorreoElectronicoPersona', '=', email).executeTakeFirstOrThrow()
  ).IdUsuario;
}

async function lastCode(to: string): Promise<string> {
  return /código de verificación es (\d{6})/.exec((await lastMail(to)).Texto)![1]!;
}

async function lastMail(to: string) {
  return server.deps.db.selectFrom('correos').selectAll().where('Para', '=', to).orderBy('IdCorreo', 'desc').executeTakeFirstOrThrow();
}

/** The session generation a token carries (SPEC SE3), read from its payload. */
function tokenGeneration(token: string): number {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { gen: number }).gen;
}

async function generationOf(email: string): Promise<number> {
  return (
    await server.deps.db
      .selectFrom('usuarios')
      .select('GeneracionSesion')
      .where('CorreoElectronicoPersona', '=', email)
      .executeTakeFirstOrThrow()
  ).GeneracionSesion;
}

async function inspectorGenerationOf(correo: string): Promise<number> {
  return (
    await server.deps.db.selectFrom('fiscalizadores').select('GeneracionSesion').where('Correo', '=', correo).executeTakeFirstOrThrow()
  ).GeneracionSesion;
}

async function inspectorLogin(password = DEMO_PASSWORD): Promise<string> {
  const res = await server.request<{ token: string }>('POST', '/api/fiscales/login', { body: { Correo: INSPECTOR, Contrasena: password } });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe('SE2: signing out ends that session only', () => {
  it('the signed-out token is refused at once; the same person on another device keeps working', async () => {
    const office = await server.login(SUPERVISOR);
    const tablet = await server.login(SUPERVISOR);
    expect((await server.request('POST', '/api/auth/logout', { token: office.token })).status).toBe(200);

    expect(await sessionOf(office.token)).toEqual(refused);
    expect((await server.request('GET', `/api/trabajadores/newtrabajadores2/${ANDES.id}`, { token: office.token })).status).toBe(401);
    expect((await server.request('POST', '/api/auth/logout', { token: office.token })).status).toBe(401);
    // Also through the batch, which every queued write of a device takes.
    const batch = await server.request('POST', '/api/sync/batch', {
      token: office.token,
      headers: { 'Sync-Protocol': String(SYNC_PROTOCOL_VERSION) },
      body: {
        entries: [{ key: newKey(), method: 'PUT', path: `/api/perfil/usuario/${ANDES.id}`, body: { TelefonoPersona: '+56911112222' } }],
      },
    });
    expect(batch.status).toBe(401);

    expect((await sessionOf(tablet.token)).status).toBe(200);
    expect((await server.request('GET', `/api/trabajadores/newtrabajadores2/${ANDES.id}`, { token: tablet.token })).status).toBe(200);
  });

  it('an inspector signing out ends that session only', async () => {
    const first = await inspectorLogin();
    const second = await inspectorLogin();
    expect((await server.request('POST', '/api/fiscales/logout', { token: first })).status).toBe(200);
    expect(await inspectorSessionOf(first)).toEqual(refused);
    expect((await server.request('GET', '/api/fiscales/empresas?q=andes', { token: first })).status).toBe(401);
    expect((await inspectorSessionOf(second)).status).toBe(200);
  });

  it('a closed session is forgotten once its token would have expired anyway', async () => {
    const { token } = await server.login(SUPERVISOR);
    await server.request('POST', '/api/auth/logout', { token });
    const { forgetExpiredClosedSessions } = await import('#server/tenancy/session-state.ts');
    expect(await forgetExpiredClosedSessions(server.deps.db, server.clock.now())).toBe(0);
    server.clock.advance(8 * 60 * 60 * 1000);
    expect(await forgetExpiredClosedSessions(server.deps.db, server.clock.now())).toBe(1);
    // Expired by then: still refused, by its expiry.
    expect((await sessionOf(token)).status).toBe(401);
  });
});

describe('SE3: a password change, a reset or a deactivation ends every session of the account', () => {
  it("an administrator's reset ends the user's sessions, and the challenge of an earlier reset", async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const supervisor = await server.login(SUPERVISOR);
    const id = await userId(SUPERVISOR);
    const reset = (password: string) =>
      write(server, admin.token, 'POST', `/api/usuarios/restablecer_contrasena/${ANDES.id}`, {
        IdUsuario: id,
        ContrasenaTemporal: password,
      });

    expect((await reset('Temporal.Uno.1')).status).toBe(200);
    expect(await sessionOf(supervisor.token)).toEqual(refused);
    expect((await sessionOf(admin.token)).status).toBe(200);

    const challenge = await server.request<{ Desafio: string }>('POST', '/api/auth/login', {
      body: { RutEmpresa: ANDES.rut, Correo: SUPERVISOR, Contrasena: 'Temporal.Uno.1' },
    });
    expect((await reset('Temporal.Dos.2')).status).toBe(200);
    const spent = await server.request('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio: challenge.body.Desafio, Contrasena: 'Mia.Propia.2026', ConfirmarContrasena: 'Mia.Propia.2026' },
    });
    expect(spent.status).toBe(401);
  });

  it('the forced change ends the sessions issued before it', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const id = await userId(SUPERVISOR);
    const before = await server.login(SUPERVISOR);
    await write(server, admin.token, 'POST', `/api/usuarios/restablecer_contrasena/${ANDES.id}`, {
      IdUsuario: id,
      ContrasenaTemporal: 'Temporal.Uno.1',
    });
    const challenge = await server.request<{ Desafio: string }>('POST', '/api/auth/login', {
      body: { RutEmpresa: ANDES.rut, Correo: SUPERVISOR, Contrasena: 'Temporal.Uno.1' },
    });
    const changed = await server.request<{ token: string }>('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio: challenge.body.Desafio, Contrasena: 'Mia.Propia.2026', ConfirmarContrasena: 'Mia.Propia.2026' },
    });
    expect(changed.status).toBe(200);
    expect(await sessionOf(before.token)).toEqual(refused);
    const after = await server.login(SUPERVISOR, ANDES.rut, 'Mia.Propia.2026');
    expect((await sessionOf(after.token)).status).toBe(200);
    // The session the change handed out was issued after it, with the new generation: it opens what the sign-in opens.
    expect(tokenGeneration(changed.body.token)).toBe(await generationOf(SUPERVISOR));
    expect((await sessionOf(changed.body.token)).status).toBe(200);
    expect((await server.request('GET', `/api/trabajadores/newtrabajadores2/${ANDES.id}`, { token: changed.body.token })).status).toBe(200);
  });

  it('the session the forced change hands out ends like any other: a later reset ends it', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const id = await userId(SUPERVISOR);
    await write(server, admin.token, 'POST', `/api/usuarios/restablecer_contrasena/${ANDES.id}`, {
      IdUsuario: id,
      ContrasenaTemporal: 'Temporal.Uno.1',
    });
    const challenge = await server.request<{ Desafio: string }>('POST', '/api/auth/login', {
      body: { RutEmpresa: ANDES.rut, Correo: SUPERVISOR, Contrasena: 'Temporal.Uno.1' },
    });
    const changed = await server.request<{ token: string }>('POST', '/api/auth/cambiar-contrasena', {
      body: { Desafio: challenge.body.Desafio, Contrasena: 'Mia.Propia.2026', ConfirmarContrasena: 'Mia.Propia.2026' },
    });
    expect((await sessionOf(changed.body.token)).status).toBe(200);
    await write(server, admin.token, 'POST', `/api/usuarios/restablecer_contrasena/${ANDES.id}`, {
      IdUsuario: id,
      ContrasenaTemporal: 'Temporal.Dos.2',
    });
    expect(await sessionOf(changed.body.token)).toEqual(refused);
  });

  it("an inspector's forced change and registration step 1 hand out a session of the new generation, which a later recovery ends", async () => {
    const change = async (correo: string) => {
      await server.request('POST', '/api/fiscales/registro', { body: { Correo: correo } });
      const temporary = /contraseña temporal es (\S+)/.exec((await lastMail(correo)).Texto)![1]!;
      return temporary;
    };
    const forced = 'forzado@dt.gob.cl';
    const temporary = await change(forced);
    const challenge = await server.request<{ Desafio: string }>('POST', '/api/fiscales/login', {
      body: { Correo: forced, Contrasena: temporary },
    });
    const changed = await server.request<{ token: string }>('POST', '/api/fiscales/cambiar-contrasena', {
      body: { Desafio: challenge.body.Desafio, Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2026' },
    });
    expect(changed.status).toBe(200);
    expect(tokenGeneration(changed.body.token)).toBe(await inspectorGenerationOf(forced));

    const verified = 'registrado@dt.gob.cl';
    const firstTemporary = await change(verified);
    const done = await server.request<{ token: string }>('POST', '/api/fiscales/registro/verificar', {
      body: { Correo: verified, ContrasenaTemporal: firstTemporary, Contrasena: 'Inspeccion.2026', ConfirmarContrasena: 'Inspeccion.2026' },
    });
    expect(done.status).toBe(200);
    expect(tokenGeneration(done.body.token)).toBe(await inspectorGenerationOf(verified));

    for (const [correo, token] of [
      [forced, changed.body.token],
      [verified, done.body.token],
    ] as const) {
      expect((await inspectorSessionOf(token)).status).toBe(200);
      await server.request('POST', '/api/fiscales/recuperar', { body: { Correo: correo } });
      const Codigo = await lastCode(correo);
      await server.request('POST', '/api/fiscales/recuperar/confirmar', {
        body: { Correo: correo, Codigo, Contrasena: 'Recuperada.2026', ConfirmarContrasena: 'Recuperada.2026' },
      });
      expect(await inspectorSessionOf(token)).toEqual(refused);
    }
  });

  it('a change by recovery code ends the sessions issued before it', async () => {
    const { token } = await server.login(SUPERVISOR);
    await server.request('POST', '/api/auth/recuperar', { body: { RutEmpresa: ANDES.rut, Correo: SUPERVISOR } });
    const Codigo = await lastCode(SUPERVISOR);
    const confirmed = await server.request('POST', '/api/auth/recuperar/confirmar', {
      body: { RutEmpresa: ANDES.rut, Correo: SUPERVISOR, Codigo, Contrasena: 'Recuperada.2026', ConfirmarContrasena: 'Recuperada.2026' },
    });
    expect(confirmed.status).toBe(200);
    expect(await sessionOf(token)).toEqual(refused);
  });

  it('a deactivated user is refused, and enabling them again does not bring their old sessions back', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const { token } = await server.login(SUPERVISOR);
    const id = await userId(SUPERVISOR);
    expect((await write(server, admin.token, 'PUT', `/api/usuarios/desactivar/${ANDES.id}`, { IdUsuario: id })).status).toBe(200);
    expect((await write(server, admin.token, 'PUT', `/api/usuarios/activar/${ANDES.id}`, { IdUsuario: id })).status).toBe(200);
    expect(await sessionOf(token)).toEqual(refused);
    expect((await sessionOf((await server.login(SUPERVISOR)).token)).status).toBe(200);
  });

  it('deactivating a contractor company ends its users’ sessions for good', async () => {
    const admin = await server.login('admin@andesdemo.cl');
    const contractor = await server.login('contratista@andesdemo.cl');
    const user = await server.deps.db
      .selectFrom('usuarios')
      .select('IdContratista')
      .where('CorreoElectronicoPersona', '=', 'contratista@andesdemo.cl')
      .executeTakeFirstOrThrow();
    const company = await server.deps.db
      .selectFrom('empresas_contratistas')
      .select('IdEmpresaContratista')
      .where('RutCompleto', '=', user.IdContratista!)
      .executeTakeFirstOrThrow();
    const setState = (action: string) =>
      write(server, admin.token, 'PUT', `/api/empresa-contratistas/contratistas/${action}/${ANDES.id}`, {
        IdEmpresaContratista: company.IdEmpresaContratista,
      });
    expect((await setState('desactivar')).status).toBe(200);
    expect((await setState('activar')).status).toBe(200);
    expect(await sessionOf(contractor.token)).toEqual(refused);
  });

  it("an inspector's change by recovery code ends every earlier session of the account", async () => {
    const token = await inspectorLogin();
    await server.request('POST', '/api/fiscales/recuperar', { body: { Correo: INSPECTOR } });
    const Codigo = await lastCode(INSPECTOR);
    const confirmed = await server.request('POST', '/api/fiscales/recuperar/confirmar', {
      body: { Correo: INSPECTOR, Codigo, Contrasena: 'Recuperada.2026', ConfirmarContrasena: 'Recuperada.2026' },
    });
    expect(confirmed.status).toBe(200);
    expect(await inspectorSessionOf(token)).toEqual(refused);
    expect((await inspectorSessionOf(await inspectorLogin('Recuperada.2026'))).status).toBe(200);
  });

  it('a token issued before sessions had ids opens nothing', async () => {
    const { userId: id } = await server.login(SUPERVISOR);
    const iat = Math.floor(server.clock.now().getTime() / 1000);
    const secret = await sessionSecret(server.deps.config, server.deps.db, server.clock.now());
    const legacy = await sign({ sub: id, emp: ANDES.id, iat, exp: iat + 3600, typ: 'sesion' }, secret, 'HS256');
    expect(await sessionOf(legacy)).toEqual(refused);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ANDES, DEMO_PASSWORD, startTestServer, type TestServer } from './support/api-harness.ts';

/** SPEC SE4: one client address cannot try a password against every account. */

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

const ATTACKER = '203.0.113.9';
const WORKSITE = '198.51.100.20';
const MINUTE = 60_000;

function companyLogin(correo: string, contrasena: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return server.request('POST', '/api/auth/login', { body: { RutEmpresa: ANDES.rut, Correo: correo, Contrasena: contrasena }, remoteAddress: ATTACKER, ...options });
}

/** `count` failures from `remoteAddress`, each against another e-mail (so no account is locked). */
async function failures(count: number, remoteAddress = ATTACKER) {
  const statuses = [];
  for (let i = 0; i < count; i++) statuses.push((await companyLogin(`persona${i}@andesdemo.cl`, 'no-es-la-clave', { remoteAddress })).status);
  return statuses;
}

describe('SE4: failed sign-ins per client address', () => {
  it('after 20 failures against 20 accounts the address is refused with 429, Retry-After and the reason, even with the right password', async () => {
    server = await startTestServer();
    expect(new Set(await failures(20))).toEqual(new Set([401]));
    const refused = await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: 'Has excedido el límite de intentos desde esta conexión, intenta más tarde (en 10 minutos).',
      code: 'LIMITE_DIRECCION',
    });
    const raw = await server.app.request(
      '/api/auth/login',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ RutEmpresa: ANDES.rut, Correo: 'supervisor@andesdemo.cl', Contrasena: DEMO_PASSWORD }) },
      { incoming: { socket: { remoteAddress: ATTACKER } } },
    );
    expect(raw.headers.get('Retry-After')).toBe('600');
    // Another address is not affected.
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD, { remoteAddress: WORKSITE })).status).toBe(200);
  });

  it('counts failures only: a worksite behind one address signs in 30 times at shift start', async () => {
    server = await startTestServer();
    for (let i = 0; i < 30; i++) expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD, { remoteAddress: WORKSITE })).status).toBe(200);
  });

  it('the window is crossed on the server clock: 10 minutes after the first failure the address signs in again', async () => {
    server = await startTestServer();
    await failures(20);
    server.clock.advance(9 * MINUTE);
    const waiting = await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD);
    expect(waiting.body).toMatchObject({ statusCode: 429, message: 'Has excedido el límite de intentos desde esta conexión, intenta más tarde (en 1 minuto).' });
    server.clock.advance(MINUTE);
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD)).status).toBe(200);
    // A new window starts with the next failure: one failure does not lock the address again.
    expect((await companyLogin('persona@andesdemo.cl', 'no-es-la-clave')).status).toBe(401);
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD)).status).toBe(200);
  });

  it('both numbers are settings', async () => {
    server = await startTestServer({ LOGIN_ADDRESS_MAX_FAILURES: '3', LOGIN_ADDRESS_WINDOW_MINUTES: '2' });
    expect(await failures(3)).toEqual([401, 401, 401]);
    const refused = await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'LIMITE_DIRECCION', message: expect.stringContaining('(en 2 minutos)') });
    server.clock.advance(2 * MINUTE);
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD)).status).toBe(200);
  });

  it('covers the inspectors’ sign-in, both recovery confirmations and the inspectors’ sign-up and verification', async () => {
    server = await startTestServer({ LOGIN_ADDRESS_MAX_FAILURES: '5' });
    const from = { remoteAddress: ATTACKER };
    const calls: [string, Record<string, unknown>][] = [
      ['/api/fiscales/login', { Correo: 'otro@dt.gob.cl', Contrasena: 'no-es-la-clave' }],
      ['/api/auth/recuperar/confirmar', { RutEmpresa: ANDES.rut, Correo: 'nadie@andesdemo.cl', Codigo: '123456', Contrasena: 'Nueva.Clave.2026', ConfirmarContrasena: 'Nueva.Clave.2026' }],
      ['/api/fiscales/recuperar/confirmar', { Correo: 'nadie@dt.gob.cl', Codigo: '123456', Contrasena: 'Nueva.Clave.2026', ConfirmarContrasena: 'Nueva.Clave.2026' }],
      ['/api/fiscales/registro', { Correo: 'alguien@gmail.com' }],
      ['/api/fiscales/registro/verificar', { Correo: 'nadie@dt.gob.cl', ContrasenaTemporal: 'Temporal.123', Contrasena: 'Nueva.Clave.2026', ConfirmarContrasena: 'Nueva.Clave.2026' }],
    ];
    for (const [path, body] of calls) {
      const res = await server.request('POST', path, { body, ...from });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).not.toBe(429);
    }
    // Five failures, one per call: every one of them is now refused from that address.
    for (const [path, body] of calls) expect((await server.request('POST', path, { body, ...from })).body, path).toMatchObject({ statusCode: 429, code: 'LIMITE_DIRECCION' });
    const inspector = await server.request('POST', '/api/fiscales/login', { body: { Correo: 'fiscalizador@dt.gob.cl', Contrasena: DEMO_PASSWORD }, ...from });
    expect(inspector.status).toBe(429);
    expect((await server.request('POST', '/api/fiscales/login', { body: { Correo: 'fiscalizador@dt.gob.cl', Contrasena: DEMO_PASSWORD }, remoteAddress: WORKSITE })).status).toBe(200);
  });
});

describe('SE4: the client address', () => {
  it('X-Forwarded-For is the client only behind a proxy TRUSTED_PROXIES names', async () => {
    server = await startTestServer({ LOGIN_ADDRESS_MAX_FAILURES: '2', TRUSTED_PROXIES: '10.0.0.5' });
    const behindProxy = (client: string) => ({ remoteAddress: '10.0.0.5', headers: { 'X-Forwarded-For': client } });
    await companyLogin('a@andesdemo.cl', 'mala', behindProxy(ATTACKER));
    await companyLogin('b@andesdemo.cl', 'mala', behindProxy(ATTACKER));
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD, behindProxy(ATTACKER))).status).toBe(429);
    // Other clients behind the same proxy are other addresses.
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD, behindProxy(WORKSITE))).status).toBe(200);
    // A client that is not the proxy cannot pick its address by writing the header.
    await companyLogin('a@andesdemo.cl', 'mala', { remoteAddress: '192.0.2.7', headers: { 'X-Forwarded-For': WORKSITE } });
    await companyLogin('b@andesdemo.cl', 'mala', { remoteAddress: '192.0.2.7', headers: { 'X-Forwarded-For': '192.0.2.99' } });
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD, { remoteAddress: '192.0.2.7', headers: { 'X-Forwarded-For': '192.0.2.100' } })).status).toBe(429);
    expect((await companyLogin('supervisor@andesdemo.cl', DEMO_PASSWORD, behindProxy(WORKSITE))).status).toBe(200);
  });

  it('the local mailbox reads the same address: a proxy on this machine does not open it to the world', async () => {
    server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
    expect((await server.request('GET', '/buzon', { remoteAddress: '127.0.0.1' })).status).toBe(200);
    expect((await server.request('GET', '/buzon', { remoteAddress: '127.0.0.1', headers: { 'X-Forwarded-For': '203.0.113.50' } })).status).toBe(404);
    expect((await server.request('GET', '/buzon', { remoteAddress: '127.0.0.1', headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(200);
    // Without the setting, the header is the client's own words and changes nothing.
    const plain = await startTestServer();
    try {
      expect((await plain.request('GET', '/buzon', { remoteAddress: '127.0.0.1', headers: { 'X-Forwarded-For': '203.0.113.50' } })).status).toBe(200);
      expect((await plain.request('GET', '/buzon', { remoteAddress: '203.0.113.50', headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('TRUSTED_PROXIES is checked at start', async () => {
    const { parseConfig } = await import('#server/config.ts');
    expect(() => parseConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES debe ser una lista de direcciones IP/);
    expect(() => parseConfig({ LOGIN_ADDRESS_MAX_FAILURES: 'veinte' })).toThrow(/LOGIN_ADDRESS_MAX_FAILURES debe ser un número entero/);
    expect(parseConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8, ::1' }).trustedProxies.has('10.20.30.40')).toBe(true);
    server = await startTestServer();
  });
});

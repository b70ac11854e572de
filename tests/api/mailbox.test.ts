import { afterEach, describe, expect, it } from 'vitest';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A server whose mailbox holds a recovery code for the demo administrator; returns the code. */
async function serverWithCode(env: Record<string, string> = {}): Promise<{ server: TestServer; code: string }> {
  const server = await startTestServer(env);
  servers.push(server);
  const asked = await server.request('POST', '/api/auth/recuperar', { body: { RutEmpresa: ANDES.rut, Correo: 'admin@andesdemo.cl' } });
  expect(asked.status).toBe(200);
  const mail = await server.deps.db.selectFrom('correos').selectAll().orderBy('IdCorreo', 'desc').executeTakeFirstOrThrow();
  return { server, code: /código de verificación es (\d{6})/.exec(mail.Texto)![1]! };
}

describe('the local mailbox (/buzon) without an SMTP relay', () => {
  it('is read from this machine itself (IPv4, IPv6 and IPv4-mapped loopback)', async () => {
    const { server, code } = await serverWithCode();
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const page = await server.request<string>('GET', '/buzon', { remoteAddress });
      expect(page.status).toBe(200);
      expect(page.body).toContain(`Tu código de verificación es ${code}`);
      expect(page.body).toContain('admin@andesdemo.cl');
    }
  });

  it('answers any other address a 404 with nothing of its content, whatever forwarded-for headers claim', async () => {
    const { server, code } = await serverWithCode();
    const outsiders = [
      { remoteAddress: '10.0.0.7' },
      { remoteAddress: '192.168.1.20', headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1', Forwarded: 'for=127.0.0.1' } },
      { remoteAddress: '::ffff:10.0.0.7' },
      // No socket at all (a request dispatched inside the server, as a batch entry is).
      {},
    ];
    for (const outsider of outsiders) {
      const page = await server.request('GET', '/buzon', outsider);
      expect(page).toEqual({ status: 404, body: { statusCode: 404, message: 'Recurso no encontrado' } });
      expect(JSON.stringify(page.body)).not.toContain(code);
    }
  });

  it('is read from anywhere only when MAILBOX_OPEN=1 says so on purpose', async () => {
    const { server, code } = await serverWithCode({ MAILBOX_OPEN: '1' });
    const page = await server.request<string>('GET', '/buzon', { remoteAddress: '10.0.0.7' });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Tu código de verificación es ${code}`);
  });

  it('does not exist when mail leaves through SMTP, not even for this machine', async () => {
    const server = await startTestServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' });
    servers.push(server);
    expect((await server.request('GET', '/buzon', { remoteAddress: '127.0.0.1' })).status).toBe(404);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { APP_CONTENT_SECURITY_POLICY } from '#server/http/security-headers.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey, profileBody, profilePath, sendBatch } from './support/sync-harness.ts';

/** Issue 27: what every answer tells the browser it may do. */

let server: TestServer;
let closed: TestServer | undefined;
const folders: string[] = [];
afterEach(async () => {
  // A test that starts no server leaves the previous test's here, closed already (on PostgreSQL its database is gone).
  if (server !== closed) await server?.close();
  closed = server;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function get(url: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}, app: { request: TestServer['app']['request'] } = server.app) {
  const env = options.remoteAddress === undefined ? undefined : { incoming: { socket: { remoteAddress: options.remoteAddress } } };
  return app.request(url, { headers: options.headers }, env);
}

function expectCommonHeaders(response: Response) {
  expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Referrer-Policy')).toBe('same-origin');
}

function expectAppHeaders(response: Response) {
  expectCommonHeaders(response);
  expect(response.headers.get('Content-Security-Policy')).toBe(APP_CONTENT_SECURITY_POLICY);
}

/** A built app as the server serves it: an index.html and a hashed asset. */
function builtApp(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-dist-'));
  folders.push(dist);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Andes HSE</title><script type="module" src="/assets/index-abc.js"></script>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("andes");');
  fs.writeFileSync(path.join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  return dist;
}

describe('security headers on every answer', () => {
  it('an API answer, an error and a refused call carry the policy and the other headers', async () => {
    server = await startTestServer();
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/no-existe', 404],
      ['/api/perfil', 401],
    ] as const) {
      const response = await get(url);
      expect(response.status, url).toBe(status);
      expectAppHeaders(response);
    }
  });

  it('the policy is enforced, strict on scripts and whole', () => {
    const directives = new Map(APP_CONTENT_SECURITY_POLICY.split('; ').map((directive) => [directive.split(' ')[0]!, directive]));
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(APP_CONTENT_SECURITY_POLICY).not.toMatch(/'unsafe-eval'|\*|https?:/);
    for (const name of ['object-src', 'base-uri', 'form-action', 'frame-ancestors', 'connect-src', 'img-src', 'worker-src']) expect(directives.has(name), name).toBe(true);
  });

  it('the built app: its page, a client route, the open verification page, an asset and the service worker', async () => {
    server = await startTestServer();
    const app = createApp(server.deps, { distDir: builtApp() });
    for (const url of ['/', '/inicio', '/verificar/ABCD-1234', '/assets/index-abc.js', '/service-worker.js']) {
      const response = await get(url, {}, app);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('Content-Type'), url).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
      expectAppHeaders(response);
    }
    // The headers survive compression of the page.
    const gzipped = await get('/inicio', { headers: { 'Accept-Encoding': 'gzip' } }, app);
    expectAppHeaders(gzipped);
  });

  it('a batch answer carries them (its entries are dispatched inside it and never sent alone)', async () => {
    server = await startTestServer();
    const { token, userId } = await server.login('admin@andesdemo.cl');
    const answer = await sendBatch(server, token, [{ key: newKey(), method: 'PUT', path: profilePath(userId, ANDES.id), body: profileBody() }]);
    expect(answer.body.results.map((result) => result.status)).toEqual([200]);
    expectAppHeaders(new Response(null, { headers: answer.headers }));
  });
});

describe('HSTS only over https', () => {
  const https = { 'X-Forwarded-Proto': 'https' };

  it('absent over plain http, whatever the client says without a named proxy', async () => {
    server = await startTestServer();
    expect((await get('/api/health', { remoteAddress: '10.0.0.1' })).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await get('/api/health', { remoteAddress: '10.0.0.1', headers: https })).headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('present when a named proxy says the request arrived over https; absent when another address says so', async () => {
    server = await startTestServer({ TRUSTED_PROXIES: '10.0.0.1' });
    const proxied = await get('/api/health', { remoteAddress: '10.0.0.1', headers: https });
    expect(proxied.headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
    expectAppHeaders(proxied);
    expect((await get('/api/health', { remoteAddress: '10.0.0.1' })).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await get('/api/health', { remoteAddress: '10.0.0.2', headers: https })).headers.get('Strict-Transport-Security')).toBeNull();
    // A refused call over https is told too.
    expect((await get('/api/perfil', { remoteAddress: '10.0.0.1', headers: https })).headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
  });

  it('present when the server itself is reached over https', async () => {
    server = await startTestServer();
    expect((await get('https://andes.example/api/health')).headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
  });
});

describe('pages the server writes itself have their own policy: no script, their style by nonce', () => {
  function ownPolicyNonce(response: Response, page: string): string {
    expectCommonHeaders(response);
    const policy = response.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toMatch(/^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'; /);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page).not.toContain('<script');
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(page).toContain(`<style nonce="${nonce}">`);
    expect(page.match(/<style/g)).toHaveLength(1);
    return nonce;
  }

  it('/api/docs, with a new nonce each time', async () => {
    server = await startTestServer();
    const first = await get('/api/docs');
    const second = await get('/api/docs');
    expect(first.status).toBe(200);
    expect(ownPolicyNonce(first, await first.text())).not.toBe(ownPolicyNonce(second, await second.text()));
  });

  it('/buzon', async () => {
    server = await startTestServer();
    await server.request('POST', '/api/auth/recuperar', { body: { RutEmpresa: ANDES.rut, Correo: 'admin@andesdemo.cl' } });
    const response = await get('/buzon', { remoteAddress: '127.0.0.1' });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('código de verificación');
    ownPolicyNonce(response, page);
  });
});

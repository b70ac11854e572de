import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, inject } from 'vitest';
import { createApp } from '#server/app.ts';
import { bootstrap, type StartedDeps } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD } from '#server/seed/demo-seed.ts';
import { TestClock } from './test-clock.ts';

export const ANDES = { rut: '76123456-0', id: '76123456' };
export const PACIFICO = { rut: '77654321-7', id: '77654321' };
export { DEMO_PASSWORD };

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export { TestClock } from './test-clock.ts';

/**
 * The real server over a real SQLite file in its own temporary folder, with the demo companies: a copy of the folder
 * the run seeded once (seeded-template.ts), unless the test asks for no demo (`DEMO_SEED: '0'`).
 */
export async function startTestServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-api-'));
  if (env.DEMO_SEED !== '0') fs.cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const clock = new TestClock();
  const config = parseConfig({ DATA_DIR: dataDir, ...env });
  const deps: StartedDeps = await bootstrap(config, clock.now);
  const app = createApp(deps);

  async function request<T = Record<string, unknown>>(
    method: string,
    url: string,
    options: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // The socket's address, as @hono/node-server hands it over; without one the request has no trusted origin.
    const env = options.remoteAddress === undefined ? undefined : { incoming: { socket: { remoteAddress: options.remoteAddress } } };
    const response = await app.request(url, { method, headers, body }, env);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Non-JSON answers (HTML pages, files) are returned as text.
    }
    return { status: response.status, body: parsed as T };
  }

  async function login(correo: string, rutEmpresa = ANDES.rut, contrasena = DEMO_PASSWORD) {
    const response = await request<{ token: string; usuario: { IdUsuario: number } }>('POST', '/api/auth/login', {
      body: { RutEmpresa: rutEmpresa, Correo: correo, Contrasena: contrasena },
    });
    if (response.status !== 200 || !response.body.token) {
      throw new Error(`login ${correo} failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    return { token: response.body.token, userId: response.body.usuario.IdUsuario };
  }

  async function close() {
    await deps.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { app, deps, clock, dataDir, request, login, close };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * For a test file: a fresh server on its own SQLite file before each test, closed after it, with the demo
 * administrator signed in. Read `test.server` and `test.admin` inside the tests.
 */
export function serverForEachTest() {
  const test = {} as { server: TestServer; admin: { token: string; userId: number } };
  beforeEach(async () => {
    test.server = await startTestServer();
    test.admin = await test.server.login('admin@andesdemo.cl');
  });
  afterEach(async () => {
    await test.server.close();
  });
  return test;
}

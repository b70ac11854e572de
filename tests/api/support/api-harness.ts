import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, inject } from 'vitest';
import { createApp } from '#server/app.ts';
import { bootstrap, type StartedDeps } from '#server/bootstrap.ts';
import { parseConfig } from '#server/config.ts';
import { DEMO_PASSWORD } from '#server/seed/demo-seed.ts';
import { TestClock } from './test-clock.ts';
import { adminQuery } from '#tests/support/postgres-cluster.ts';

export const ANDES = { rut: '76123456-0', id: '76123456' };
export const PACIFICO = { rut: '77654321-7', id: '77654321' };
export { DEMO_PASSWORD };

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export { TestClock } from './test-clock.ts';

/** The engine this run of the API tests is on (the `api` project: SQLite; `api-postgresql`: PostgreSQL). */
export const TEST_ENGINE = inject('testDatabase').engine;

let databasesMade = 0;

/**
 * A database of its own for one test on PostgreSQL, copied from the run's template; `drop` removes it. On SQLite
 * there is nothing to make: the database is the file in the test's data folder.
 */
export async function testDatabase(from: 'demo' | 'migrada' | 'vacía'): Promise<{ url?: string; drop(): Promise<void> }> {
  const { urlTemplate, template, emptyTemplate } = inject('testDatabase');
  if (!urlTemplate || !template || !emptyTemplate) return { drop: async () => undefined };
  const cluster = { url: (name: string) => urlTemplate.replace('{name}', name) };
  const create = async () => {
    const name = `prueba_${process.pid}_${++databasesMade}`;
    const copied = { demo: ` template ${template} strategy file_copy`, migrada: ` template ${emptyTemplate} strategy file_copy`, vacía: '' }[from];
    await adminQuery(cluster, `create database ${name}${copied}`);
    return name;
  };
  // Copying the template takes about 0.1 s: the demo copy for the next test is made while this one runs.
  let name: string;
  if (from === 'demo') {
    name = await (nextDemoCopy ?? create());
    nextDemoCopy = create();
    nextDemoCopy.catch(() => undefined);
  } else {
    name = await create();
  }
  return {
    url: cluster.url(name),
    // Not awaited: nothing waits for a test's database to go, and the cluster is thrown away after the run.
    drop: async () => void adminQuery(cluster, `drop database ${name} with (force)`).catch(() => undefined),
  };
}

let nextDemoCopy: Promise<string> | undefined;

/**
 * The real server over a real database of its own: a SQLite file in its own temporary folder, or a PostgreSQL
 * database of the run's cluster; with the demo companies, a copy of what the run seeded once
 * (seeded-template.ts), unless the test asks for no demo (`DEMO_SEED: '0'`).
 */
export async function startTestServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-api-'));
  if (env.DEMO_SEED !== '0') fs.cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const database = await testDatabase(env.DEMO_SEED === '0' ? 'migrada' : 'demo');
  const clock = new TestClock();
  const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, ...env });
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
    await database.drop();
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

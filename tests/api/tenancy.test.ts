import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANDES, DEMO_PASSWORD, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { isQueuedWrite, operationPath } from './support/documented-paths.ts';
import { newKey, sendBatch } from './support/sync-harness.ts';

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
}

let server: TestServer;
let andesAdmin: { token: string; userId: number };
let pacificoAdmin: { token: string; userId: number };
let routes: { method: string; path: string }[];

beforeAll(async () => {
  server = await startTestServer();
  andesAdmin = await server.login('admin@andesdemo.cl');
  pacificoAdmin = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
  const spec = await server.request<{ paths: Record<string, Record<string, OpenApiOperation>> }>('GET', '/api/openapi.json');
  routes = Object.entries(spec.body.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path: operationPath(path, operation) })),
  );
});
afterAll(async () => {
  await server.close();
});

/** Fills a documented path: {company} with the given company, {user} with the caller's own id. */
function concrete(path: string, company: string, userId: number): string {
  return path
    .replace('{company}', company)
    .replace('{user}', String(userId))
    .replace(/\{[^}]+\}/g, '1');
}

/**
 * Callable without a session: the company sign-in steps, health, signed files, the public verification page; and the
 * inspectors' sign-in steps and their signed PDF links (the signature is the credential).
 */
const PUBLIC_PATH = new RegExp(
  '^/api/(health|auth/(login|estado-empresa|cambiar-contrasena|recuperar.*)|files/.*|verificar/\\{codigo\\}|' +
    'fiscales/(ajustes|registro.*|login|cambiar-contrasena|recuperar.*|documentos/\\{[^}]+\\}))$',
);
const isPublic = (path: string) => PUBLIC_PATH.test(path);
const isInspectorRoute = (path: string) => path.startsWith('/api/fiscales/');

describe('tenancy, route by route from the API description', () => {
  it('documents company-scoped routes to check', () => {
    const scoped = routes.filter((route) => route.path.includes('{company}'));
    expect(scoped.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/perfil/perfil_usuario/{user}/{company}',
        'PUT /api/perfil/perfil_usuario/{user}/{company}',
        'GET /api/perfil/perfil_empresa/{company}',
        'PUT /api/perfil/perfil_empresa/{company}',
        'GET /api/mascaras/{company}',
      ]),
    );
  });

  it("refuses company A's token on company B's path for every route that has {company}", async () => {
    const scoped = routes.filter((route) => route.path.includes('{company}'));
    for (const route of scoped) {
      const url = concrete(route.path, PACIFICO.id, andesAdmin.userId);
      const res = await server.request(route.method, url, { token: andesAdmin.token, body: route.method === 'GET' ? undefined : {} });
      expect(res.status, `${route.method} ${url}`).toBe(403);
      expect(res.body, `${route.method} ${url}`).toMatchObject({ message: 'No tienes acceso a los datos de esta empresa.' });
      // The same write queued by a device, as a batch entry: refused alike without the HTTP stack.
      if (!isQueuedWrite(route.method, route.path)) continue;
      const batch = await sendBatch(server, andesAdmin.token, [{ key: newKey(), method: route.method, path: url, body: {} }]);
      expect(batch.body.results[0], `lote: ${route.method} ${url}`).toMatchObject({
        status: 403,
        body: { message: 'No tienes acceso a los datos de esta empresa.' },
      });
    }
    const untouched = await server.deps.db
      .selectFrom('empresas')
      .select('NombreEmpresa')
      .where('IdEmpresa', '=', PACIFICO.id)
      .executeTakeFirstOrThrow();
    expect(untouched.NombreEmpresa).toBe('Constructora Pacífico Demo Ltda.');
  });

  it('answers the same routes for the right company, so the refusal above is about the company', async () => {
    // A path parameter the route checks before looking anything up: the placeholder "1" is not a RUT; and the gate's
    // reads of one worksite, which say so when it is missing.
    const checkedPaths: Record<string, number> = {
      '/api/epp/informes/informe_sat/{rut}/{company}': 400,
      '/api/control-acceso/en-faena/{company}': 400,
      '/api/control-acceso/verificar/{company}': 400,
      '/api/control-acceso/registro-ds76/{company}': 400,
    };
    const reads = routes.filter((route) => route.path.includes('{company}') && route.method === 'GET');
    for (const route of reads) {
      const mine = await server.request(route.method, concrete(route.path, PACIFICO.id, pacificoAdmin.userId), {
        token: pacificoAdmin.token,
      });
      expect(mine.status, route.path).toBe(checkedPaths[route.path] ?? 200);
    }
  });

  it('refuses every route except sign-in ones without a token', async () => {
    for (const route of routes.filter((r) => !isPublic(r.path))) {
      const res = await server.request(route.method, concrete(route.path, ANDES.id, andesAdmin.userId), {
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });
});

/**
 * Inspectors (fiscalizadores) are the one exemption from company scoping: they belong to no company and read any
 * company's worker records, but only through /api/fiscales with a session of their own kind (no company in it).
 * The two kinds of session never open each other's routes.
 */
describe('the inspector exemption: inspector and company sessions are kept apart', () => {
  it('refuses an inspector token on every company route, and a company token on every inspector route', async () => {
    const signedIn = await server.request<{ token: string }>('POST', '/api/fiscales/login', {
      body: { Correo: 'fiscalizador@dt.gob.cl', Contrasena: DEMO_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const inspector = signedIn.body.token;

    const companyRoutes = routes.filter((route) => !isInspectorRoute(route.path) && !isPublic(route.path));
    expect(companyRoutes.length).toBeGreaterThan(80);
    for (const route of companyRoutes) {
      const res = await server.request(route.method, concrete(route.path, ANDES.id, andesAdmin.userId), {
        token: inspector,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.path} con sesión de fiscalizador`).toBe(401);
    }

    const inspectorRoutes = routes.filter((route) => isInspectorRoute(route.path) && !isPublic(route.path));
    expect(inspectorRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/fiscales/sesion', 'POST /api/fiscales/logout']),
    );
    for (const route of inspectorRoutes) {
      const res = await server.request(route.method, concrete(route.path, ANDES.id, andesAdmin.userId), {
        token: andesAdmin.token,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.path} con sesión de empresa`).toBe(401);
    }
    // The inspector's session itself still works: the refusals above are about the kind of session.
    expect((await server.request('GET', '/api/fiscales/sesion', { token: inspector })).status).toBe(200);
  });
});

describe('permissions are enforced by the server', () => {
  it('lets only a role with Perfil Empresa read and edit the company profile', async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    const denied = await server.request('GET', `/api/perfil/perfil_empresa/${ANDES.id}`, { token: supervisor.token });
    expect(denied).toEqual({
      status: 403,
      body: { statusCode: 403, message: 'No tienes permiso para realizar esta acción.', code: 'SIN_PERMISO' },
    });
    const write = await server.request('PUT', `/api/perfil/perfil_empresa/${ANDES.id}`, {
      token: supervisor.token,
      body: { NombreEmpresa: 'Hackeada' },
    });
    expect(write.status).toBe(403);
    const allowed = await server.request('GET', `/api/perfil/perfil_empresa/${ANDES.id}`, { token: andesAdmin.token });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ NombreEmpresa: 'Constructora Andes Demo SpA' });
  });

  it("refuses another user's Mi Perfil within the same company", async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    const res = await server.request('GET', `/api/perfil/perfil_usuario/${andesAdmin.userId}/${ANDES.id}`, { token: supervisor.token });
    expect(res.status).toBe(403);
  });
});

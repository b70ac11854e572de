import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';

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
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await server.close();
});

/** Fills a documented path: {company} with the given company, {user} with the caller's own id. */
function concrete(path: string, company: string, userId: number): string {
  return path.replace('{company}', company).replace('{user}', String(userId)).replace(/\{[^}]+\}/g, '1');
}

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
    }
    const untouched = await server.deps.db.selectFrom('empresas').select('NombreEmpresa').where('IdEmpresa', '=', PACIFICO.id).executeTakeFirstOrThrow();
    expect(untouched.NombreEmpresa).toBe('Constructora Pacífico Demo Ltda.');
  });

  it('answers the same routes for the right company, so the refusal above is about the company', async () => {
    // A path parameter the route checks before looking anything up: the placeholder "1" is not a RUT.
    const checkedPaths: Record<string, number> = { '/api/epp/informes/informe_sat/{rut}/{company}': 400 };
    const reads = routes.filter((route) => route.path.includes('{company}') && route.method === 'GET');
    for (const route of reads) {
      const mine = await server.request(route.method, concrete(route.path, PACIFICO.id, pacificoAdmin.userId), { token: pacificoAdmin.token });
      expect(mine.status, route.path).toBe(checkedPaths[route.path] ?? 200);
    }
  });

  it('refuses every route except sign-in ones without a token', async () => {
    const isPublic = (path: string) => /^\/api\/(health|auth\/(login|estado-empresa|cambiar-contrasena|recuperar.*)|files\/.*|verificar\/\{codigo\})$/.test(path);
    for (const route of routes.filter((r) => !isPublic(r.path))) {
      const res = await server.request(route.method, concrete(route.path, ANDES.id, andesAdmin.userId), { body: route.method === 'GET' ? undefined : {} });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });
});

describe('permissions are enforced by the server', () => {
  it('lets only a role with Perfil Empresa read and edit the company profile', async () => {
    const supervisor = await server.login('supervisor@andesdemo.cl');
    const denied = await server.request('GET', `/api/perfil/perfil_empresa/${ANDES.id}`, { token: supervisor.token });
    expect(denied).toEqual({ status: 403, body: { statusCode: 403, message: 'No tienes permiso para realizar esta acción.', code: 'SIN_PERMISO' } });
    const write = await server.request('PUT', `/api/perfil/perfil_empresa/${ANDES.id}`, { token: supervisor.token, body: { NombreEmpresa: 'Hackeada' } });
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

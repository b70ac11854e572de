import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey, send, sendBatch } from './support/sync-harness.ts';
import { type Session, userWithRole } from './support/usuarios-factory.ts';
import { concretePath, type DocumentedPathParameter as Parameter, isQueuedWrite, operationPath } from './support/documented-paths.ts';

interface Operation {
  parameters?: Parameter[];
  'x-permiso'?: { ruta?: string | string[]; accion?: PermissionAction; acceso?: string };
}

let server: TestServer;
let tester: { role: number; session: Session };
let operations: { method: string; path: string; parameters: Parameter[]; routes: string[]; action: PermissionAction }[];
let submodules: { IdSubmodulo: number; Ruta: string }[];

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.login('admin@andesdemo.cl');
  const made = await userWithRole(server, admin, []);
  tester = { role: made.role, session: made.session };
  submodules = await server.deps.db.selectFrom('submodulos').select(['IdSubmodulo', 'Ruta']).execute();
  const spec = await server.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/api/openapi.json');
  operations = Object.entries(spec.body.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).flatMap(([method, operation]) => {
      const access = operation['x-permiso'];
      if (!access?.ruta || !access.accion) return [];
      const routes = typeof access.ruta === 'string' ? [access.ruta] : access.ruta;
      const called = operationPath(path, operation);
      return [{ method: method.toUpperCase(), path: called, parameters: operation.parameters ?? [], routes, action: access.accion }];
    }),
  );
});
afterAll(async () => {
  await server.close();
});

/** Every action on every route of the catalogue, but `action` on `routes`. */
async function grantAllBut(routes: readonly string[], action: PermissionAction | null) {
  const { db } = server.deps;
  await db.deleteFrom('rol_permisos').where('IdRol', '=', tester.role).execute();
  await db
    .insertInto('rol_permisos')
    .values(
      submodules.map((sub) => ({
        IdRol: tester.role,
        IdSubmodulo: sub.IdSubmodulo,
        Acciones: PERMISSION_ACTIONS.filter((candidate) => candidate !== action || !routes.includes(sub.Ruta)).join(','),
      })),
    )
    .execute();
}


describe('every route of the product checks its permission on the server', () => {
  it('is refused to a role that has every permission but the one the route declares, and passes the check with it', async () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const operation of operations) {
      const url = concretePath(operation.path, operation.parameters, { company: ANDES.id, user: tester.session.userId });
      const call = () => send<{ code?: string }>(server, operation.method, url, { token: tester.session.token, body: operation.method === 'GET' ? undefined : {} });
      // A write the outbox queues is checked again as a batch entry, which reaches its command without the HTTP stack.
      const queued = isQueuedWrite(operation.method, operation.path);
      const entry = async () => {
        const answer = await sendBatch(server, tester.session.token, [{ key: newKey(), method: operation.method, path: url, body: {} }]);
        const [result] = answer.body.results;
        return { status: result!.status, code: (result!.body as { code?: string } | null)?.code };
      };
      await grantAllBut(operation.routes, operation.action);
      const refused = await call();
      expect({ status: refused.status, code: refused.body.code }, `${operation.method} ${url} sin ${operation.action}`).toEqual({ status: 403, code: 'SIN_PERMISO' });
      if (queued) expect(await entry(), `lote: ${operation.method} ${url} sin ${operation.action}`).toEqual({ status: 403, code: 'SIN_PERMISO' });
      await grantAllBut(operation.routes, null);
      const allowed = await call();
      expect(allowed.body.code, `${operation.method} ${url} con ${operation.action}`).not.toBe('SIN_PERMISO');
      if (queued) expect((await entry()).code, `lote: ${operation.method} ${url} con ${operation.action}`).not.toBe('SIN_PERMISO');
    }
    // Two calls and two role rewrites per documented operation (well over 200 of them): seconds on a loaded machine.
  }, 60_000);

  it('declares the actions offered in the role matrix where calls check them', () => {
    const decisions = operations.filter((operation) => !['index', 'crear', 'editar', 'eliminar'].includes(operation.action));
    expect(decisions.map((operation) => `${operation.routes.join('|')} ${operation.action}`)).toContain('/observaciones aprobar');
  });
});

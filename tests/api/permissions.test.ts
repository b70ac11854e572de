import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, type PermissionAction } from '#sync/records/permissions.ts';
import { ANDES, startTestServer, type TestServer } from './support/api-harness.ts';
import { send } from './support/sync-harness.ts';
import { type Session, userWithRole } from './support/usuarios-factory.ts';
import { operationPath } from './support/documented-paths.ts';

interface Parameter {
  name: string;
  in: string;
  schema?: { format?: string; pattern?: string };
}
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

/** A path with values its parameters accept: the token's company and user, a UUID or a number that names nothing. */
function concrete(path: string, parameters: Parameter[]): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name === 'company') return ANDES.id;
    if (name === 'user') return String(tester.session.userId);
    const schema = parameters.find((parameter) => parameter.name === name)?.schema;
    if (schema?.format === 'uuid') return '0193f2a0-6c1e-7a10-8b2e-00000000beef';
    if (schema?.pattern?.includes('\\d')) return '999999';
    return 'no-existe';
  });
}

describe('every route of the product checks its permission on the server', () => {
  it('is refused to a role that has every permission but the one the route declares, and passes the check with it', async () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const operation of operations) {
      const url = concrete(operation.path, operation.parameters);
      const call = () => send<{ code?: string }>(server, operation.method, url, { token: tester.session.token, body: operation.method === 'GET' ? undefined : {} });
      await grantAllBut(operation.routes, operation.action);
      const refused = await call();
      expect({ status: refused.status, code: refused.body.code }, `${operation.method} ${url} sin ${operation.action}`).toEqual({ status: 403, code: 'SIN_PERMISO' });
      await grantAllBut(operation.routes, null);
      const allowed = await call();
      expect(allowed.body.code, `${operation.method} ${url} con ${operation.action}`).not.toBe('SIN_PERMISO');
    }
    // Two calls and two role rewrites per documented operation (well over 200 of them): seconds on a loaded machine.
  }, 60_000);

  it('declares the actions offered in the role matrix where calls check them', () => {
    const decisions = operations.filter((operation) => !['index', 'crear', 'editar', 'eliminar'].includes(operation.action));
    expect(decisions.map((operation) => `${operation.routes.join('|')} ${operation.action}`)).toContain('/observaciones aprobar');
  });
});

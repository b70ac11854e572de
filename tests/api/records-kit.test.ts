import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import { startTestServer, type TestServer } from './support/api-harness.ts';
import { operationPath } from './support/documented-paths.ts';

interface Operation {
  'x-permiso'?: { ruta?: string | string[]; accion?: string; acceso?: string };
  responses?: Record<
    string,
    { content?: Record<string, { schema?: { properties?: Record<string, { properties?: Record<string, unknown> }> } }> }
  >;
}

let server: TestServer;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  server = await startTestServer();
  paths = (await server.request<{ paths: typeof paths }>('GET', '/api/openapi.json')).body.paths;
});
afterAll(async () => {
  await server.close();
});

/** `/newcargos2/:company` as OpenAPI writes it: `/newcargos2/{company}`. */
const documented = (base: string, template: string) => `${base}${template}`.replace(/:([A-Za-z]\w*)/g, '{$1}').replace(/\/$/, '');

/** The operation called at `path` (with its `{company}`), wherever the description names that path alike with another. */
function operationAt(path: string, method: string) {
  for (const [documentedPath, operations] of Object.entries(paths)) {
    const operation = operations[method];
    if (operation && operationPath(documentedPath, operation as Parameters<typeof operationPath>[1]) === path) return operation;
  }
  return undefined;
}

describe('the server builds its routes from the entity descriptions', () => {
  it('declares who may call every documented operation (x-permiso): a permission, a session, or public', () => {
    const undeclared = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation['x-permiso'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undeclared).toEqual([]);
    const actions = Object.values(paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation['x-permiso']!.accion ?? operation['x-permiso']!.acceso),
    );
    expect(new Set(actions)).toEqual(
      new Set(['index', 'crear', 'editar', 'eliminar', 'aprobar', 'cerrar', 'despachar', 'sesion', 'publico']),
    );
  });

  it("mounts every described entity's calls, each behind its entity's permission route", () => {
    for (const entity of ENTITY_LIST) {
      const calls = [
        ['get', entity.api.list],
        ['post', entity.api.create],
        ['put', entity.api.update],
        ['delete', entity.api.remove],
      ] as const;
      for (const [method, template] of calls) {
        if (template === undefined) continue;
        const operation = operationAt(documented(entity.api.base, template), method);
        expect(operation, `${method} ${entity.table}`).toBeDefined();
        const route = operation!['x-permiso']!.ruta;
        expect(typeof route === 'string' ? [route] : route, `${method} ${entity.table}`).toContain(entity.permission);
      }
    }
  });

  it('documents the success answers of the record calls with the fields of the stored record', () => {
    for (const entity of ENTITY_LIST.filter((candidate) => candidate.api.create && candidate.api.update)) {
      const answer = paths[documented(entity.api.base, entity.api.create!)]!.post!.responses!['200']!.content!['application/json']!.schema!;
      expect(Object.keys(answer.properties!.data!.properties!), entity.table).toEqual(
        expect.arrayContaining([entity.id, 'IdEmpresa', 'Estado', 'Version', ...entity.fields]),
      );
    }
  });
});

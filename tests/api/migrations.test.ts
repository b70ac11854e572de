import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_LIST } from '#sync/records/entities.ts';
import { OWN_SHAPE_TABLES } from '#server/db/entity-tables.ts';
import { startTestServer, type TestServer } from './support/api-harness.ts';

/**
 * The kit stores a record in one column per field of its schema (server/records/record-store.ts), and the server's
 * types of those tables come from the same schema (server/db/entity-tables.ts): the migrations must have made
 * exactly those columns, or a field is written twice and drifts.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DEMO_SEED: '0' });
});
afterAll(async () => {
  await server.close();
});

async function columnsOf(table: string): Promise<string[]> {
  const tables = await server.deps.db.introspection.getTables();
  return tables.find((found) => found.name === table)?.columns.map((column) => column.name) ?? [];
}

describe('every migration against the schemas', () => {
  const kitEntities = ENTITY_LIST.filter((entity) => !(OWN_SHAPE_TABLES as readonly string[]).includes(entity.table));

  it.each(kitEntities.map((entity) => [entity.table, entity] as const))(
    '%s: one column per field of its schema, and the field versions',
    async (table, entity) => {
      expect((await columnsOf(table)).sort()).toEqual([...Object.keys(entity.schema.entries), 'VersionesCampos'].sort());
    },
  );

  it('names every table of its own shape as a described entity', () => {
    for (const table of OWN_SHAPE_TABLES) expect(ENTITY_LIST.map((entity) => entity.table)).toContain(table);
  });
});

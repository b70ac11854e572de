import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SCHEMA_VERSION } from '#server/db/migrate.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { adminQuery } from '#tests/support/postgres-cluster.ts';
import { startTestServer, TEST_ENGINE, type TestServer } from './support/api-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('platform', () => {
  it('answers health with the schema version', async () => {
    expect(await server.request('GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok', schemaVersion: SCHEMA_VERSION } });
  });

  if (TEST_ENGINE === 'sqlite') {
    it('opens SQLite in WAL mode with foreign keys on', async () => {
      const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(server.deps.db);
      const foreignKeys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(server.deps.db);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
    });
  } else {
    it('refuses a PostgreSQL database that would sort text unlike SQLite, naming the way to create one', async () => {
      const url = new URL(server.deps.config.databaseUrl ?? '');
      const cluster = { url: (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString() };
      const name = `icu_${process.pid}`;
      await adminQuery(cluster, `create database ${name} template template0 locale_provider icu icu_locale 'es-CL' locale 'C'`);
      try {
        await expect(openPostgres(cluster.url(name))).rejects.toThrow(
          'La base de datos PostgreSQL ordena el texto según ICU; créela con orden de bytes: createdb -E UTF8 --locale=C -T template0 <nombre>',
        );
      } finally {
        await adminQuery(cluster, `drop database ${name}`);
      }
    });
  }

  it('describes itself in OpenAPI 3.1 from the request schemas, with a readable reference page', async () => {
    const spec = await server.request<{ openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>> }>('GET', '/api/openapi.json');
    expect(spec.body.openapi).toBe('3.1.0');
    const login = spec.body.paths['/api/auth/login']!.post!;
    expect(login.requestBody!.content['application/json']!.schema.required).toEqual(['RutEmpresa', 'Correo', 'Contrasena']);
    const page = await server.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('/api/auth/login');
    expect(page.body).not.toMatch(/cdn\.|unpkg|jsdelivr/);
  });

  it('answers an unknown API path with the JSON envelope', async () => {
    expect(await server.request('GET', '/api/no-existe')).toEqual({ status: 404, body: { statusCode: 404, message: 'Recurso no encontrado' } });
  });

  it('creates the demo data once: companies, masks, positions and 20 workers with valid RUTs', async () => {
    const { isValidRut } = await import('#sync/domain/rut.ts');
    const { seedDemo } = await import('#server/seed/demo-seed.ts');
    expect(await seedDemo(server.deps.db, new Date())).toBe(false);
    const companies = await server.deps.db.selectFrom('empresas').select(['RutEmpresa', 'EstadoEmpresa']).orderBy('RutEmpresa').execute();
    expect(companies).toEqual([
      { RutEmpresa: '76123456-0', EstadoEmpresa: 1 },
      { RutEmpresa: '77654321-7', EstadoEmpresa: 1 },
      { RutEmpresa: '96512345-8', EstadoEmpresa: 2 },
    ]);
    const workers = await server.deps.db.selectFrom('trabajadores').select('RunPersona').where('IdEmpresa', '=', '76123456').execute();
    expect(workers).toHaveLength(20);
    expect(workers.every((worker) => isValidRut(worker.RunPersona))).toBe(true);
    const users = await server.deps.db.selectFrom('usuarios').select('RunPersona').execute();
    expect(users.every((user) => isValidRut(user.RunPersona))).toBe(true);
    const levels = await server.deps.db.selectFrom('niveles').select('TipoNivel').where('IdEmpresa', '=', '76123456').execute();
    expect(new Set(levels.map((level) => level.TipoNivel))).toEqual(new Set([2, 3]));
    expect(await server.deps.db.selectFrom('cargos').selectAll().where('IdEmpresa', '=', '76123456').execute()).not.toHaveLength(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type TableMetadata } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { startTestServer, type TestServer } from './support/api-harness.ts';

/**
 * PostgreSQL starts from one script (server/db/postgres/0021-base.sql) where SQLite ran migrations 0001 to 0021:
 * both must leave the same tables, columns, keys and indexes, or the same query answers differently on each.
 * Only the PostgreSQL run has both engines to compare (the `api` project leaves this file out).
 */
let server: TestServer;
let sqliteDir: string;
let sqlite: Db;
beforeAll(async () => {
  server = await startTestServer({ DEMO_SEED: '0' });
  sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-esquema-'));
  sqlite = openSqlite(sqliteDir);
  await migrateToLatest(sqlite);
});
afterAll(async () => {
  await sqlite.destroy();
  fs.rmSync(sqliteDir, { recursive: true, force: true });
  await server.close();
});

/** What both engines can say alike of a column: its name, whether it may be empty, and the kind of its values. */
const KINDS: Record<string, string> = { text: 'texto', integer: 'entero', int8: 'entero', real: 'real', float8: 'real', blob: 'bytes', bytea: 'bytes' };
function shape(tables: TableMetadata[], keyColumns: Set<string> = new Set()) {
  return Object.fromEntries(
    tables
      // Kysely's own bookkeeping, and the twin of SQLite's AUTOINCREMENT counter (sqlite_sequence is not listed).
      .filter((table) => !table.name.startsWith('kysely_') && table.name !== 'secuencias')
      .map((table) => [
        table.name,
        table.columns
          // PostgreSQL keeps an inspection's observations in order with a column SQLite has as its rowid.
          .filter((column) => !(table.name === 'observaciones' && column.name === 'rowid'))
          .map((column) => {
            const nullable = column.isNullable && !keyColumns.has(`${table.name}.${column.name}`);
            return `${column.name} ${KINDS[column.dataType.toLowerCase()] ?? column.dataType}${nullable ? '' : ' no nulo'}`;
          })
          .sort(),
      ]),
  );
}

/** SQLite lets a primary key other than an INTEGER one hold NULL (a quirk it keeps for compatibility); PostgreSQL does not. */
async function sqliteKeyColumns(db: Db) {
  const { rows } = await sql<{ name: string }>`
    SELECT m.name || '.' || c.name AS name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND c.pk > 0`.execute(db);
  return new Set(rows.map((row) => row.name));
}

async function sqliteIndexes(db: Db) {
  const { rows } = await sql<{ name: string; unique: number }>`
    SELECT m.name AS name, l."unique" AS "unique" FROM sqlite_master m, pragma_index_list(m.tbl_name) l
    WHERE m.type = 'index' AND m.sql IS NOT NULL AND l.name = m.name`.execute(db);
  return rows.map((row) => `${row.name}${row.unique ? ' único' : ''}`).sort();
}

async function postgresIndexes(db: Db) {
  const { rows } = await sql<{ name: string; unique: boolean }>`
    SELECT c.relname AS name, i.indisunique AS "unique" FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT i.indisprimary AND c.relname NOT LIKE '%_key' AND c.relname NOT LIKE 'kysely_%'`.execute(db);
  return rows.map((row) => `${row.name}${row.unique ? ' único' : ''}`).sort();
}

describe("PostgreSQL's base schema", () => {
  it('has every table and column of SQLite after its migrations, of the same kind and nullability', async () => {
    const sqliteShape = shape(await sqlite.introspection.getTables(), await sqliteKeyColumns(sqlite));
    expect(shape(await server.deps.db.introspection.getTables())).toEqual(sqliteShape);
  });

  it('has every named index of SQLite, unique where SQLite makes it unique', async () => {
    const expected = await sqliteIndexes(sqlite);
    expect(expected.length).toBeGreaterThan(50);
    expect(await postgresIndexes(server.deps.db)).toEqual(expected);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export const DATABASE_FILE_NAME = 'andes-hse.sqlite';

/** Opens (creating if needed) the SQLite file in WAL mode with foreign keys on. One Kysely per handle. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = new SQLite(path.join(dataDir, DATABASE_FILE_NAME));
  handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  handle.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: handle }) });
}

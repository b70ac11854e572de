import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';

/** PostgreSQL's first migration: the schema SQLite's migrations 0001 to 0021 build, in one script (0021-base.sql). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(fs.readFileSync(new URL('./0021-base.sql', import.meta.url), 'utf8')).execute(db);
}

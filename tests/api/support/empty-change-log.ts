import { sql } from 'kysely';
import { engineOf } from '#server/db/engine.ts';
import type { TestServer } from './api-harness.ts';

/**
 * The demo seed writes change-log rows for its levels, positions and workers (a fresh device pulls them from
 * cursor 0). Tests of the change log's own mechanics count rows and seqs from an empty log, so they set those
 * aside first: the log and its sequence start over as on a database without reference data.
 */
export async function emptyChangeLog(server: TestServer): Promise<void> {
  const { db } = server.deps;
  await db.deleteFrom('cambios').execute();
  if (engineOf(db) === 'postgres') await sql`SELECT setval('cambios_seq', 1, false)`.execute(db);
  else await sql`DELETE FROM sqlite_sequence WHERE name = 'cambios'`.execute(db);
}

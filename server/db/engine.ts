import { PostgresAdapter } from 'kysely';

/** The two engines the server runs on: SQLite by default, PostgreSQL when `DATABASE_URL` names one. */
export type Engine = 'sqlite' | 'postgres';

/** The engine under `db` (a transaction of it included); any Kysely, whatever its tables. */
export function engineOf(db: { getExecutor(): { readonly adapter: object } }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

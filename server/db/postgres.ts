import os from 'node:os';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, PostgresDriver, type DatabaseConnection, type TransactionSettings } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Every integer column is BIGINT on PostgreSQL (SQLite's INTEGER holds 64 bits: epoch milliseconds among them), and
 * `count`, `sum` and `avg` answer BIGINT or NUMERIC. `pg` gives those as text; the server answers numbers, as on
 * SQLite. Safe while values stay below 2^53, which ids, counts, sums of hours and milliseconds do.
 */
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 || oid === NUMERIC ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * The one lock every transaction takes first, on every node: write transactions run one at a time, as on SQLite.
 * The change log relies on it: a puller must never see a Seq commit before a smaller one still in flight, or it
 * would move its cursor past a change it never received. Reads outside transactions run in parallel.
 */
export const WRITER_LOCK = 74_120_001;

class OneWriterPostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITER_LOCK})`));
  }
}

class OneWriterPostgresDialect extends PostgresDialect {
  constructor(private readonly pool: pg.Pool) {
    super({ pool });
  }

  override createDriver(): PostgresDriver {
    return new OneWriterPostgresDriver({ pool: this.pool });
  }
}

/** Text sorts and compares by bytes, as SQLite's BINARY collation does: the same lists in the same order. */
const BYTE_ORDER_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8']);

export class PostgresSetupError extends Error {}

/** Connects to the database `url` names; refuses one whose collation would order text unlike SQLite. */
export async function openPostgres(url: string): Promise<Kysely<Database>> {
  // Like psql, an address without a user connects as this system user: pg's default is $USER, unset in some shells.
  pg.defaults.user ||= os.userInfo().username;
  const pool = new pg.Pool({ connectionString: url, max: 10, types });
  // An idle client whose server went away must not take the process down; the next query reports it.
  pool.on('error', (error) => console.error(`PostgreSQL: conexión inactiva perdida: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new OneWriterPostgresDialect(pool) });
  try {
    const { rows } = await db.executeQuery<{ datcollate: string; datctype: string; datlocprovider: string }>(
      CompiledQuery.raw('select datcollate, datctype, datlocprovider from pg_database where datname = current_database()'),
    );
    const { datcollate, datctype, datlocprovider } = rows[0] ?? { datcollate: '?', datctype: '?', datlocprovider: '?' };
    // An ICU database sorts by its ICU locale whatever datcollate says.
    if (datlocprovider !== 'c' || !BYTE_ORDER_COLLATIONS.has(datcollate) || !BYTE_ORDER_COLLATIONS.has(datctype)) {
      throw new PostgresSetupError(
        `La base de datos PostgreSQL ordena el texto según ${datlocprovider === 'i' ? 'ICU' : `${datcollate}/${datctype}`}; ` +
          'créela con orden de bytes: createdb -E UTF8 --locale=C -T template0 <nombre>',
      );
    }
  } catch (error) {
    await db.destroy();
    if (error instanceof PostgresSetupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new PostgresSetupError(`No se pudo conectar a PostgreSQL en ${url.replace(/:[^:@/]*@/, ':***@')}: ${reason}`);
  }
  return db;
}

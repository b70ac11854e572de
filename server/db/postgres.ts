import os from 'node:os';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, PostgresDriver, type DatabaseConnection, type TransactionSettings } from 'kysely';
import type { Database } from './schema.ts';
import { currentWriteScope } from './write-scope.ts';

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
 * The writer lock: a company's write transaction holds it shared, with its company's lock (one of the COMPANY_LOCKS
 * class) exclusive; any other transaction (jobs, sign-up, the inspector portal) holds it exclusive, and so runs
 * alone, as every transaction did before several nodes. Taken first, before anything is read, on every node.
 * The change log relies on the company lock: a company's changes take their `Seq` (a sequence, migration 0024)
 * while holding it, so no company's `Seq` commits before a smaller one of the same company still in flight, and a
 * device's cursor (the company's newest committed `Seq`) never passes a change it did not receive.
 */
export const WRITER_LOCK = 74_120_001;
/** The first key of the two-key advisory locks that stand for companies (the second is the hash of its id). */
export const COMPANY_LOCKS = 74_120_002;

const ALONE = CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITER_LOCK})`);

/** The statement that takes `company`'s lock (and the writer lock shared). */
export function companyLock(company: string, shared = true): CompiledQuery {
  const writer = shared ? `pg_advisory_xact_lock_shared(${WRITER_LOCK}), ` : '';
  return CompiledQuery.raw(`select ${writer}pg_advisory_xact_lock(${COMPANY_LOCKS}, hashtext($1))`, [company]);
}

class OneWriterPostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    const scope = currentWriteScope();
    if (scope?.kind === 'lectura') return;
    await connection.executeQuery(scope?.kind === 'empresa' ? companyLock(scope.company) : ALONE);
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
  // Nor one lost while checked out (a job holding its lock, a failover): the query on it fails, the process lives.
  pool.on('connect', (client) => client.on('error', (error) => console.error(`PostgreSQL: conexión perdida: ${error.message}`)));
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

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, type Compilable, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { engineOf, type Engine } from './engine.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export const DATABASE_FILE_NAME = 'andes-hse.sqlite';

/** Enough for every statement shape the server issues; past it the oldest kept statement is dropped. */
const CACHED_STATEMENTS = 1000;

/**
 * The handle as Kysely sees it, with its prepared statements kept and reused: Kysely prepares every query again
 * each time it runs, which cost more than running it. A statement is keyed by its SQL text, so only the
 * parameters differ between uses; SQLite re-prepares a kept statement by itself after a schema change.
 */
export class StatementCachingDatabase implements SqliteDatabase {
  private readonly statements = new Map<string, KeptStatement>();

  constructor(
    readonly handle: SQLite.Database,
    private readonly capacity = CACHED_STATEMENTS,
  ) {}

  prepare(sql: string): SqliteStatement {
    return this.kept(sql).statement;
  }

  /** The kept statement for `sql`, and whether it returns rows (read once: each is a call into the native side). */
  kept(sql: string): KeptStatement {
    const kept = this.statements.get(sql);
    // A reader still being iterated (a streamed query) cannot run twice at once: that use gets a fresh one.
    if (kept && !(kept.reader && kept.statement.busy)) return kept;
    const statement = this.handle.prepare(sql);
    const fresh = { statement, reader: statement.reader };
    if (!kept) {
      if (this.statements.size >= this.capacity) this.statements.delete(this.statements.keys().next().value ?? '');
      this.statements.set(sql, fresh);
    }
    return fresh;
  }

  close(): void {
    this.statements.clear();
    this.handle.close();
  }
}

interface KeptStatement {
  statement: SQLite.Statement;
  reader: boolean;
}

/** The handle under each Kysely this module opened. */
const handles = new WeakMap<Db, StatementCachingDatabase>();

/** Per handle, the statement that reads its version (see `databaseVersion`). */
const versionStatements = new WeakMap<StatementCachingDatabase, SQLite.Statement>();

/**
 * A value that changes whenever a row of the database changes: the rows this connection has changed since it
 * opened (`total_changes()`, rolled-back ones too). The server's connection is the only one that writes its file
 * (one process opens it, in `bootstrap`); SQLite's `data_version` would also see other connections' commits, but
 * reading it starts a read transaction and costs ten times as much. Undefined for a transaction (what it sees may
 * still roll back) or a Kysely this module did not open. Read synchronously on the handle: a transaction holding it
 * meanwhile only makes the value newer than the committed rows, never older, so whatever is read afterwards is at
 * least as new as the value.
 */
export function databaseVersion(db: Db): number | undefined {
  if (db.isTransaction) return undefined;
  const statements = handles.get(db);
  if (!statements) return undefined;
  let statement = versionStatements.get(statements);
  if (!statement) {
    statement = statements.handle.prepare('SELECT total_changes()').pluck();
    versionStatements.set(statements, statement);
  }
  return statement.get() as number;
}

/** The database `DATABASE_URL` names when set (PostgreSQL), else the SQLite file of the data folder. */
export async function openDatabase(dataDir: string, databaseUrl?: string): Promise<Db> {
  return databaseUrl ? openPostgres(databaseUrl) : openSqlite(dataDir);
}

/** Opens (creating if needed) the SQLite file in WAL mode with foreign keys on. One Kysely per handle. */
export function openSqlite(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = new SQLite(path.join(dataDir, DATABASE_FILE_NAME));
  handle.pragma('journal_mode = WAL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  handle.pragma('synchronous = NORMAL');
  // 64 MiB of page cache (SQLite's default is 2 MiB): the ledger's and change log's indexes stay in memory as they
  // grow, instead of being read back from the OS for every write.
  handle.pragma('cache_size = -65536');
  // A checkpoint (the WAL's pages copied into the file, with two fsyncs) runs inside the commit that passes this many
  // pages. At SQLite's default of 1,000, a batch of 500 new workers (about 600 pages) paid one every other commit;
  // at 10,000 (a WAL of up to 40 MB) the copy and its fsyncs come ten times less often, a page written by several
  // batches is copied once.
  handle.pragma('wal_autocheckpoint = 10000');
  const statements = new StatementCachingDatabase(handle);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  handles.set(db, statements);
  return db;
}

/**
 * Transactions that hold the connection right now, with its handle. Only while one is registered here may a
 * statement skip Kysely's executor and run on the handle directly: the transaction holds Kysely's one-connection
 * mutex, so nothing else can run on the handle meanwhile, and better-sqlite3 runs each statement synchronously,
 * so it lands inside that transaction exactly where the awaiting code put it.
 */
const held = new WeakMap<Db, StatementCachingDatabase>();

/**
 * Marks `trx`, a transaction of `root` that is open for the whole of `work`, as holding the connection while
 * `work` runs (see `held`). Outside `work`, or for a Kysely this module did not open, nothing changes.
 */
export async function holdingConnection<T>(root: Db, trx: Db, work: () => Promise<T>): Promise<T> {
  const statements = handles.get(root) ?? held.get(root);
  if (!statements) return work();
  held.set(trx, statements);
  try {
    return await work();
  } finally {
    held.delete(trx);
  }
}

/** The handle `db` holds right now (see `held`), to run statements on synchronously; undefined when it holds none. */
export function heldHandle(db: Db): StatementCachingDatabase | undefined {
  return held.get(db);
}

/**
 * Runs an INSERT on `db` (see `runStatement`) and gives the new row's `key`, its INTEGER PRIMARY KEY: SQLite's
 * rowid, which costs nothing to read; PostgreSQL returns it.
 */
export async function runInsert(db: Db, text: string, parameters: readonly unknown[], key: string): Promise<number> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await db.executeQuery<Record<string, number>>(CompiledQuery.raw(`${text} returning "${key}"`, [...parameters]));
    return Number(rows[0]?.[key]);
  }
  const statements = held.get(db);
  if (!statements) {
    const { insertId } = await db.executeQuery(CompiledQuery.raw(text, [...parameters]));
    if (insertId === undefined) throw new Error(`runInsert: la inserción no dio su rowid: ${text}`);
    return Number(insertId);
  }
  return Number(statements.kept(text).statement.run(parameters).lastInsertRowid);
}

/** Runs one compiled statement on `db`: directly on the handle while `db` holds it, else through Kysely. */
export async function runStatement<Row>(db: Db, text: string, parameters: readonly unknown[]): Promise<Row[]> {
  const statements = held.get(db);
  if (!statements) return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]) as CompiledQuery<Row>)).rows;
  const { statement, reader } = statements.kept(text);
  if (reader) return statement.all(parameters) as Row[];
  statement.run(parameters);
  return [];
}

/**
 * A query of a hot path, built with Kysely (so it is type-checked against the schema) the first time it runs and
 * then only re-run with new parameters: building and compiling a Kysely query costs several times what SQLite
 * takes to run it. `build` must use each parameter once, in the order given (checked on the first run). It runs
 * on `db` like any other query (see `runStatement`), so inside a transaction it is part of that transaction.
 */
export function reusableQuery<Row, Params extends readonly unknown[]>(build: (db: Db, ...params: Params) => Compilable<Row>) {
  const sqlOf = compiledOnce(build);
  return async (db: Db, ...params: Params): Promise<Row[]> => runStatement<Row>(db, sqlOf(db, params), params);
}

/** `reusableQuery` for an INSERT of one row, giving its INTEGER PRIMARY KEY `key` (see `runInsert`). */
export function reusableInsert<Params extends readonly unknown[]>(key: string, build: (db: Db, ...params: Params) => Compilable<unknown>) {
  const sqlOf = compiledOnce(build);
  return async (db: Db, ...params: Params): Promise<number> => runInsert(db, sqlOf(db, params), params, key);
}

/** Shapes a `shapedQuery` keeps at most; past it a new shape is compiled each time it runs (never wrong, only slower). */
const KEPT_SHAPES = 500;

/**
 * `reusableQuery` for a query whose shape follows its input (how many ids, which filters): `shape` names the shape
 * and `params` are the parameters in the order `build` uses them (checked on each shape's first run). Each shape is
 * built and compiled once per engine, then only run again.
 */
export function shapedQuery<Row>() {
  const texts = new Map<string, string>();
  return async (db: Db, shape: string, params: readonly unknown[], build: () => Compilable<Row>): Promise<Row[]> => {
    const key = `${engineOf(db)}\u0000${shape}`;
    let text = texts.get(key);
    if (text === undefined) {
      text = sqlTaking(build(), params);
      if (texts.size < KEPT_SHAPES) texts.set(key, text);
    }
    return runStatement<Row>(db, text, params);
  };
}

/** The SQL of `query`, checked to take exactly `params` in their order, so it can be run again with others. */
function sqlTaking(query: Compilable<unknown>, params: readonly unknown[]): string {
  const compiled = query.compile();
  const same = compiled.parameters.length === params.length && compiled.parameters.every((value, i) => value === params[i]);
  if (!same) throw new Error(`Consulta reusada: los parámetros no siguen el orden de la consulta: ${compiled.sql}`);
  return compiled.sql;
}

/** Compiled once per engine: a process may hold both (the move from SQLite to PostgreSQL does). */
function compiledOnce<Params extends readonly unknown[]>(build: (db: Db, ...params: Params) => Compilable<unknown>) {
  const texts: Partial<Record<Engine, string>> = {};
  return (db: Db, params: Params): string => {
    const engine = engineOf(db);
    let text = texts[engine];
    if (text === undefined) {
      text = texts[engine] = sqlTaking(build(db, ...params), params);
    }
    return text;
  };
}

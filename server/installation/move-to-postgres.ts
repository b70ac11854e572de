import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { DATABASE_FILE_NAME } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { checkActaSeal } from '../modules/epp/epp-verificacion.routes.ts';
import { sourceGuard } from './moved-guard.ts';

export interface MoveOptions {
  /** The SQLite installation's data folder (its database file, `files/`, `session-secret`). */
  from: string;
  /** The empty PostgreSQL database it moves into (created with byte-order collation). */
  to: string;
  /** The new installation's data folder, when not the same: its files and session secret are copied there. */
  filesTo?: string;
  log?: (line: string) => void;
}

export interface MoveReport {
  rows: Record<string, number>;
  lastSeq: number;
  files: number;
  actas: { verified: number; failed: string[] };
}

export class MoveError extends Error {}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 400;

/**
 * Copies a running SQLite installation into PostgreSQL. The source's write lock is held for the whole copy (the
 * running server's writes wait, then fail and are retried by the devices' outboxes), so the copy is one consistent
 * moment; the same transaction leaves the source refusing every later write (moved-guard.ts). Nothing written
 * after that moment can be acknowledged by the old server and then left behind. The change log keeps its sequence
 * numbers and its AUTOINCREMENT counter, so a device continues from its cursor; one whose cursor is behind the
 * retention horizon or ahead of the last issued change is told to reset, as on any server.
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const log = options.log ?? (() => undefined);
  const file = path.join(options.from, DATABASE_FILE_NAME);
  if (!fs.existsSync(file)) throw new MoveError(`No hay una instalación SQLite en ${options.from} (falta ${DATABASE_FILE_NAME})`);
  const target = await openPostgres(options.to);
  const source = new SQLite(file);
  source.pragma('busy_timeout = 30000');
  try {
    const tables = await emptyTables(target);
    if (tables > 0) throw new MoveError(`La base de datos de destino no está vacía (${tables} tablas): use una base nueva`);
    source.exec('BEGIN IMMEDIATE');
    try {
      if (source.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'traslado_%'`).get()) {
        throw new MoveError('Esta instalación ya se trasladó: sus escrituras están cerradas');
      }
      await migrateToLatest(target);
      const rows = await copyTables(source, target, log);
      const lastSeq = await copyCounters(source, target);
      const actas = await verifyActas(target);
      if (actas.failed.length) throw new MoveError(`Actas que no verifican tras el traslado: ${actas.failed.join(', ')}`);
      const files = options.filesTo ? copyFiles(options.from, options.filesTo) : 0;
      for (const statement of sourceGuard(source)) source.exec(statement);
      source.exec('COMMIT');
      return { rows, lastSeq, files, actas };
    } catch (error) {
      if (source.inTransaction) source.exec('ROLLBACK');
      await sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public`.execute(target).catch(() => undefined);
      throw error;
    }
  } finally {
    source.close();
    await target.destroy();
  }
}

async function emptyTables(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The tables to copy, each after the tables it references (a table referencing itself copies in rowid order). */
function tablesInOrder(source: SQLite.Database): string[] {
  const names = (source.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid`).all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && !name.startsWith('kysely_'));
  const referenced = source.prepare(`SELECT DISTINCT "table" AS name FROM pragma_foreign_key_list(?)`);
  const ordered = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const { name: other } of referenced.all(name) as { name: string }[]) visit(other);
    ordered.add(name);
  };
  for (const name of names) visit(name);
  return [...ordered];
}

async function copyTables(source: SQLite.Database, target: Db, log: (line: string) => void): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await target.transaction().execute(async (trx) => {
    for (const table of tablesInOrder(source)) {
      // Observations keep their order of writing as a column PostgreSQL has by the name of SQLite's rowid.
      const columns = table === 'observaciones' ? 'rowid AS rowid, *' : '*';
      const statement = source.prepare(`SELECT ${columns} FROM "${table}" ORDER BY rowid`);
      // The migrations' own rows (the change log's retention horizon) give way to the source's.
      await trx.deleteFrom(table as never).execute();
      let chunk: Record<string, unknown>[] = [];
      let count = 0;
      const flush = async () => {
        if (chunk.length) await trx.insertInto(table as never).values(chunk as never).execute();
        count += chunk.length;
        chunk = [];
      };
      for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
        chunk.push(row);
        if (chunk.length === CHUNK) await flush();
      }
      await flush();
      const copied = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(trx);
      if (Number(copied.rows[0]?.n) !== count) throw new MoveError(`${table}: se leyeron ${count} filas y se escribieron ${copied.rows[0]?.n}`);
      counts[table] = count;
      log(`  ${table}: ${count}`);
    }
  });
  return counts;
}

/** SQLite's AUTOINCREMENT counters become PostgreSQL's (`secuencias`): no key is issued twice, the change log included. */
async function copyCounters(source: SQLite.Database, target: Db): Promise<number> {
  const counters = source.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[];
  await target.transaction().execute(async (trx) => {
    await trx.deleteFrom('secuencias' as never).execute();
    // The change log's counter is its own sequence on PostgreSQL (migration 0024).
    const keyed = counters.filter((row) => row.name !== 'cambios');
    if (keyed.length) {
      await trx
        .insertInto('secuencias' as never)
        .values(keyed.map((row) => ({ Tabla: row.name, Ultimo: row.seq })) as never)
        .execute();
    }
    const changes = counters.find((row) => row.name === 'cambios')?.seq ?? 0;
    await sql`SELECT setval('cambios_seq', ${changes + 1}, false)`.execute(trx);
    await sql`SELECT setval(pg_get_serial_sequence('observaciones', 'rowid'), (SELECT coalesce(max(rowid), 0) + 1 FROM observaciones), false)`.execute(trx);
  });
  return counters.find((row) => row.name === 'cambios')?.seq ?? 0;
}

/** Every sealed EPP acta, read back from PostgreSQL, must still match its seal. */
async function verifyActas(target: Db): Promise<MoveReport['actas']> {
  const rows = await target.selectFrom('epp_entregas').selectAll().execute();
  const failed: string[] = [];
  for (const row of rows) if (!(await checkActaSeal(target, row)).sealMatches) failed.push(row.Sello);
  return { verified: rows.length - failed.length, failed };
}

/** The stored files and the session secret (so devices stay signed in), copied when the data folder changes. */
function copyFiles(from: string, to: string): number {
  if (path.resolve(from) === path.resolve(to)) return 0;
  fs.mkdirSync(to, { recursive: true });
  const secret = path.join(from, 'session-secret');
  if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(to, 'session-secret'));
  const files = path.join(from, 'files');
  if (!fs.existsSync(files)) return 0;
  fs.cpSync(files, path.join(to, 'files'), { recursive: true });
  return fs.readdirSync(path.join(to, 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}


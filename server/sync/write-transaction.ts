import type { ControlledTransaction } from 'kysely';
import { heldHandle, holdingConnection, runStatement, type Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * A refusal whose writes so far must still commit: a stale write answers 409 CONFLICTO, yet the conflict row
 * that keeps the losing version must survive, and a replay of the same key must get the same 409.
 */
export class CommittedHttpError extends HttpError {}

type BatchTransaction = ControlledTransaction<Database>;

interface Batch {
  /** The transaction itself, where savepoints are taken. */
  trx: BatchTransaction;
  /** The same transaction as each entry sees it: a second handle, so an entry's writes join it instead of nesting. */
  entry: Db;
  /** Set when a savepoint command failed: then nothing of the batch may commit. */
  broken?: unknown;
}

/** The open batch transactions. */
const batches = new WeakMap<Db, Batch>();

/** Thrown when a batch's transaction can no longer be trusted: it is rolled back whole and nothing is answered. */
export class BatchTransactionBroken extends Error {}

/**
 * Every entry's savepoint has this one name (entries never nest), and its three commands are compiled once: the
 * statements stay prepared, and no Kysely savepoint object is built per entry.
 */
const SAVEPOINT = 'savepoint entrada_lote';
const RELEASE = 'release entrada_lote';
const ROLLBACK_TO = 'rollback to entrada_lote';

/**
 * Runs `work` atomically: in a transaction of its own; inside a batch's transaction, in a savepoint of it (rolled
 * back on a throw, so a failed entry leaves no trace and the entries before it keep theirs); inside any other
 * transaction (a request's savepoint or transaction), joined to it.
 */
export async function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const batch = batches.get(db);
  if (batch) return inSavepoint(batch, work);
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx) => holdingConnection(db, trx, () => work(trx)));
}

/** A savepoint command, run on the handle at once while the batch holds it (no promise per command). */
async function savepointCommand(batch: Batch, command: string): Promise<void> {
  const handle = heldHandle(batch.trx);
  if (handle) handle.prepare(command).run([]);
  else await runStatement(batch.trx, command, []);
}

async function inSavepoint<T>(batch: Batch, work: (trx: Db) => Promise<T>): Promise<T> {
  if (batch.broken) throw new BatchTransactionBroken('la transacción del lote ya falló');
  await savepointCommand(batch, SAVEPOINT);
  let result: T;
  try {
    result = await work(batch.entry);
  } catch (error) {
    try {
      // ROLLBACK TO keeps the savepoint open; RELEASE then closes it (with nothing left in it).
      await savepointCommand(batch, ROLLBACK_TO);
      await savepointCommand(batch, RELEASE);
    } catch (broken) {
      // SQLite may have rolled the whole transaction back (disk full, I/O error): nothing of the batch may commit.
      batch.broken = broken;
    }
    throw error;
  }
  try {
    await savepointCommand(batch, RELEASE);
  } catch (broken) {
    batch.broken = broken;
    throw broken;
  }
  return result;
}

/**
 * Runs a whole batch in ONE transaction (each entry then runs in a savepoint of it, see `atomically`), committed
 * before the batch is answered: an entry is acknowledged only in the batch's answer, so a crash before the commit
 * loses only unanswered entries, which the client sends again with the same keys (and the ledger then runs them
 * once). Any throw out of `work`, or a failed savepoint command, rolls the whole batch back.
 *
 * The transaction holds SQLite's one connection until it ends: every other request waits for it, and `work` must
 * use only `trx` (the root `db` would wait for itself).
 */
export async function inBatchTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute();
  const batch: Batch = { trx, entry: trx.withoutPlugins() };
  batches.set(trx, batch);
  let result: T;
  try {
    result = await holdingConnection(db, trx, () => holdingConnection(db, batch.entry, () => work(trx)));
    if (batch.broken) throw new BatchTransactionBroken('una escritura del lote dejó la transacción inservible', { cause: batch.broken });
    await trx.commit().execute();
  } catch (error) {
    // Kysely releases the connection only after a rollback: always end it, even if the commit itself failed.
    if (!trx.isCommitted) await trx.rollback().execute().catch(() => undefined);
    throw error;
  } finally {
    batches.delete(trx);
  }
  return result;
}

/**
 * Runs a module write (row + change-log row, maybe a conflict row) atomically. Inside an idempotent request `db`
 * already is the request's transaction or savepoint, so the work joins it and commits together with the ledger
 * row; reached in a batch without one, it takes a savepoint of its own.
 */
export async function inWriteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  let kept: CommittedHttpError | undefined;
  const result = await atomically(db, async (trx) => {
    try {
      return await work(trx);
    } catch (error) {
      if (!(error instanceof CommittedHttpError)) throw error;
      kept = error;
      return undefined;
    }
  });
  if (kept) throw kept;
  return result as T;
}

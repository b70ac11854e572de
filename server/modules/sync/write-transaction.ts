import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';

/**
 * A refusal whose writes so far must still commit: a stale write answers 409 CONFLICTO, yet the conflict row
 * that keeps the losing version must survive, and a replay of the same key must get the same 409.
 */
export class CommittedHttpError extends HttpError {}

/**
 * Runs a module write (row + change-log row, maybe a conflict row) in one transaction. Inside an idempotent
 * request `db` already is the request's transaction (Kysely cannot nest them), so the work joins it and commits
 * together with the ledger row.
 */
export async function inWriteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  let kept: CommittedHttpError | undefined;
  const result = await db.transaction().execute(async (trx) => {
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

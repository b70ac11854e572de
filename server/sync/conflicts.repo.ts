import { SYNC_ERRORS } from '#sync/outbox/sync-protocol.ts';
import type { Db } from '../db/database.ts';
import { CommittedHttpError } from './write-transaction.ts';

export const CONFLICT = SYNC_ERRORS.conflict;

export interface ConflictInput {
  company: string;
  table: string;
  id: string | number;
  /** The `Version` the device edited from. */
  baseVersion: number;
  /** The `Version` the server holds now. */
  serverVersion: number;
  /** The losing write's body, kept whole so nothing the person typed is lost. */
  body: unknown;
  user: number;
  /** The request's Idempotency-Key, when it carried one. */
  key?: string;
}

/**
 * For a module write that arrives with a stale `Version` (SPEC CF4): keeps the losing body and returns the 409 to
 * throw from inside `inWriteTransaction`. It is a CommittedHttpError, so the conflict row commits and the ledger
 * stores the 409 for replays. A handler that wants the current row in the answer returns
 * `c.json(conflictBody(current), 409)` instead of throwing; the ledger treats both alike.
 */
export async function recordConflict(db: Db, conflict: ConflictInput, now: Date): Promise<CommittedHttpError> {
  await db
    .insertInto('conflictos')
    .values({
      IdEmpresa: conflict.company,
      Tabla: conflict.table,
      IdRegistro: String(conflict.id),
      VersionBase: conflict.baseVersion,
      VersionServidor: conflict.serverVersion,
      Cuerpo: JSON.stringify(conflict.body ?? null),
      Usuario: conflict.user,
      Clave: conflict.key ?? null,
      CreadoEn: now.toISOString(),
    })
    .execute();
  return new CommittedHttpError(409, CONFLICT.message, CONFLICT.code);
}

export async function listConflicts(db: Db, company: string) {
  const rows = await db
    .selectFrom('conflictos')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .orderBy('Resuelto')
    .orderBy('IdConflicto', 'desc')
    .execute();
  // The losing write's JSON body, as it came (null when it had none).
  return rows.map(({ IdEmpresa: _company, Cuerpo, ...row }) => ({ ...row, Cuerpo: JSON.parse(Cuerpo) as Record<string, unknown> | null }));
}

/** The 409 envelope of a conflict, with the server's current row so the person can compare both versions. */
export function conflictBody(current: unknown) {
  return { statusCode: 409, message: CONFLICT.message, code: CONFLICT.code, data: current };
}

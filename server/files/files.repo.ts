import { SYNC_ERRORS } from '#sync/outbox/sync-protocol.ts';
import type { Db } from '../db/database.ts';
import { refusal } from '../http/http-error.ts';

/** Whether `company` uploaded the file: a record may point only at files of its own company. */
export async function fileBelongsToCompany(db: Db, sha256: string, company: string): Promise<boolean> {
  const row = await db
    .selectFrom('archivos_empresa')
    .select('Sha256')
    .where('IdEmpresa', '=', company)
    .where('Sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * For module writes whose record points at files: files travel first, so a record arriving before its file
 * (or pointing at another company's file) is answered 409 ARCHIVO_PENDIENTE. The outbox retries it after the
 * upload, and the idempotency ledger does not store this answer, so the retry with the same key is executed.
 */
export async function requireFiles(db: Db, company: string, shas: readonly string[]): Promise<void> {
  const wanted = [...new Set(shas)];
  if (wanted.length === 0) return;
  const found = await db
    .selectFrom('archivos_empresa')
    .select('Sha256')
    .where('IdEmpresa', '=', company)
    .where('Sha256', 'in', wanted)
    .execute();
  if (found.length !== wanted.length) throw refusal(SYNC_ERRORS.filePending);
}

import type { Db } from '#server/db/database.ts';

/** The inspectors' accounts and recovery codes (migration 0018): no company in any of them. */

export function findAccount(db: Db, correo: string) {
  return db.selectFrom('fiscalizadores').selectAll().where('Correo', '=', correo).executeTakeFirst();
}

export function findAccountById(db: Db, id: number) {
  return db.selectFrom('fiscalizadores').selectAll().where('IdFiscalizador', '=', id).executeTakeFirst();
}

/** A new account, or a not yet verified one whose temporary password is replaced: the earlier one stops working. */
export async function saveTemporaryPassword(db: Db, correo: string, hash: string, expiresAt: number, now: Date): Promise<void> {
  await db
    .insertInto('fiscalizadores')
    .values({
      Correo: correo,
      HashContrasena: hash,
      DebeCambiarContrasena: 1,
      TemporalExpiraEn: expiresAt,
      CreadoEn: now.toISOString(),
      VerificadoEn: null,
    })
    .onConflict((oc) =>
      oc
        .column('Correo')
        .doUpdateSet({ HashContrasena: hash, DebeCambiarContrasena: 1, TemporalExpiraEn: expiresAt })
        .where('fiscalizadores.VerificadoEn', 'is', null),
    )
    .execute();
}

/**
 * The inspector's own password: the temporary one is gone and the account counts as verified (the mailbox was
 * proven). Every session of the account ends with it (SPEC SE3).
 */
export async function setOwnPassword(db: Db, id: number, hash: string, now: Date): Promise<void> {
  await db
    .updateTable('fiscalizadores')
    .set((eb) => ({
      HashContrasena: hash,
      DebeCambiarContrasena: 0,
      TemporalExpiraEn: null,
      VerificadoEn: eb.fn.coalesce('VerificadoEn', eb.val(now.toISOString())),
      GeneracionSesion: eb('GeneracionSesion', '+', 1),
    }))
    .where('IdFiscalizador', '=', id)
    .execute();
}

/** Stores a new recovery code; asking again invalidates the earlier ones. */
export async function saveRecoveryCode(db: Db, id: number, hash: string, expiresAt: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('codigos_fiscalizadores').set({ Usado: 1 }).where('IdFiscalizador', '=', id).execute();
    await trx.insertInto('codigos_fiscalizadores').values({ IdFiscalizador: id, HashCodigo: hash, ExpiraEn: expiresAt }).execute();
  });
}

/** The newest unused, unexpired code of the account. */
export function pendingRecoveryCode(db: Db, id: number, now: Date) {
  return db
    .selectFrom('codigos_fiscalizadores')
    .selectAll()
    .where('IdFiscalizador', '=', id)
    .where('Usado', '=', 0)
    .where('ExpiraEn', '>', now.getTime())
    .orderBy('IdCodigo', 'desc')
    .executeTakeFirst();
}

export async function countWrongCode(db: Db, codeId: number): Promise<void> {
  await db
    .updateTable('codigos_fiscalizadores')
    .set((eb) => ({ Intentos: eb('Intentos', '+', 1) }))
    .where('IdCodigo', '=', codeId)
    .execute();
}

/** The code is spent and the password set, together. */
export async function resetPasswordWithCode(db: Db, id: number, codeId: number, hash: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('codigos_fiscalizadores').set({ Usado: 1 }).where('IdCodigo', '=', codeId).execute();
    await setOwnPassword(trx, id, hash, now);
  });
}

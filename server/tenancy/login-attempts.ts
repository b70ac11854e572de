import type { Db } from '../db/database.ts';

/** After this many failures within the window the pair (company, e-mail) is locked for LOCK_MINUTES. */
export const MAX_FAILED_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;

/**
 * What a run of failures is counted against. Company users: a scope, their company's RUT and their e-mail.
 * Inspectors (`fiscal-*` scopes) belong to no company: their key carries the system value FISCALES instead.
 */
export type AttemptScope = 'login' | 'recuperar' | 'fiscal-login' | 'fiscal-registro' | 'fiscal-verificar' | 'fiscal-recuperar';

export function attemptKey(scope: AttemptScope, rutEmpresa: string, email: string): string {
  return `${scope}:${rutEmpresa}:${email}`;
}

export async function isLockedOut(db: Db, key: string, now: Date): Promise<boolean> {
  const row = await db.selectFrom('intentos_acceso').selectAll().where('Clave', '=', key).executeTakeFirst();
  return row !== undefined && row.BloqueadoHasta > now.getTime();
}

/** Counts a failure; true when this failure locks the key. */
export async function recordFailure(db: Db, key: string, now: Date): Promise<boolean> {
  const time = now.getTime();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('intentos_acceso').selectAll().where('Clave', '=', key).executeTakeFirst();
    const fresh = !row || time - row.PrimerFallo > WINDOW_MS;
    const failures = fresh ? 1 : row.Fallidos + 1;
    const lockedUntil = failures >= MAX_FAILED_ATTEMPTS ? time + LOCK_MS : 0;
    await trx
      .insertInto('intentos_acceso')
      .values({ Clave: key, Fallidos: failures, PrimerFallo: fresh ? time : row.PrimerFallo, BloqueadoHasta: lockedUntil })
      .onConflict((oc) =>
        oc.column('Clave').doUpdateSet({
          Fallidos: failures,
          PrimerFallo: fresh ? time : row.PrimerFallo,
          BloqueadoHasta: lockedUntil,
        }),
      )
      .execute();
    return lockedUntil > 0;
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('intentos_acceso').where('Clave', '=', key).execute();
}

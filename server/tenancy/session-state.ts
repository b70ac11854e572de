import type { SessionClaims } from './session-token.ts';
import { reusableQuery, type Db } from '../db/database.ts';

/**
 * Whether a session is still open is kept in the database, so it holds on every server process (SPEC SE2, SE3):
 * a token is validly signed for 8 hours whatever happens, so its signature alone cannot say it. Read on every
 * request, never from a cache (the verified-token cache and the session cache hold what cannot end; this can).
 */

const selectCompanySession = reusableQuery((db, session: string, user: number, company: string) =>
  db
    .selectFrom('usuarios as u')
    .select((eb) => ['u.GeneracionSesion', eb.exists(eb.selectFrom('sesiones_cerradas').select('IdSesion').where('IdSesion', '=', session)).as('Cerrada')])
    .where('u.IdUsuario', '=', user)
    .where('u.IdEmpresa', '=', company),
);

const selectInspectorSession = reusableQuery((db, session: string, inspector: number) =>
  db
    .selectFrom('fiscalizadores as f')
    .select((eb) => ['f.GeneracionSesion', eb.exists(eb.selectFrom('sesiones_cerradas').select('IdSesion').where('IdSesion', '=', session)).as('Cerrada')])
    .where('f.IdFiscalizador', '=', inspector),
);

/** A session is open while its user's generation is the token's and it was not signed out. */
export function sessionStillOpen(row: { GeneracionSesion: number; Cerrada: unknown } | undefined, claims: SessionClaims): boolean {
  return row !== undefined && row.GeneracionSesion === claims.gen && !row.Cerrada;
}

/** SE2, SE3: the session of a company user's token was not signed out and no change of the account ended it. */
export async function companySessionOpen(db: Db, claims: SessionClaims): Promise<boolean> {
  const [row] = await selectCompanySession(db, claims.sid, claims.sub, claims.emp);
  return sessionStillOpen(row, claims);
}

/** SE2, SE3 for an inspector's token. */
export async function inspectorSessionOpen(db: Db, claims: SessionClaims): Promise<boolean> {
  const [row] = await selectInspectorSession(db, claims.sid, claims.sub);
  return sessionStillOpen(row, claims);
}

/** SE2: signing out ends this session only; the person's other devices keep theirs (a tablet's queue goes on). */
export async function closeSession(db: Db, claims: SessionClaims): Promise<void> {
  await db
    .insertInto('sesiones_cerradas')
    .values({ IdSesion: claims.sid, ExpiraEn: claims.exp * 1000 })
    .onConflict((oc) => oc.column('IdSesion').doNothing())
    .execute();
}

/**
 * SE3: a password change, a reset or a deactivation ends every session of the account: the tokens issued before
 * carry the old generation. A session the change itself hands out is issued after this, with the new one.
 */
export async function endEverySession(db: Db, account: { usuarios: readonly number[] } | { fiscalizador: number }): Promise<void> {
  if ('fiscalizador' in account) {
    await db.updateTable('fiscalizadores').set((eb) => ({ GeneracionSesion: eb('GeneracionSesion', '+', 1) })).where('IdFiscalizador', '=', account.fiscalizador).execute();
    return;
  }
  if (account.usuarios.length === 0) return;
  await db.updateTable('usuarios').set((eb) => ({ GeneracionSesion: eb('GeneracionSesion', '+', 1) })).where('IdUsuario', 'in', account.usuarios).execute();
}

/** A signed-out session is remembered until its token would have expired anyway. */
export async function forgetExpiredClosedSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sesiones_cerradas').where('ExpiraEn', '<=', now.getTime()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

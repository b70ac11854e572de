import type { Db } from '../db/database.ts';

/** A user of the company, whatever their state: sign-in, the profile and the modules that name a user read it. */
export function findUser(db: Db, companyId: string, userId: number) {
  return db
    .selectFrom('usuarios')
    .selectAll()
    .where('IdEmpresa', '=', companyId)
    .where('IdUsuario', '=', userId)
    .executeTakeFirst();
}

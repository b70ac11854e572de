import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';

/**
 * Enabled users of the company, by surname, name and id: whom a module's pick list may name (a training's presenter,
 * a request's dispatcher). A module narrows it further (a join on the role's permissions) before it runs.
 */
export function enabledUsers(db: Db, company: string) {
  return db
    .selectFrom('usuarios')
    .select(['usuarios.IdUsuario', 'usuarios.Nombres', 'usuarios.ApellidoPaterno', 'usuarios.ApellidoMaterno', 'usuarios.RunPersona'])
    .where('usuarios.IdEmpresa', '=', company)
    .where('usuarios.Habilitado', '=', 1)
    .orderBy('usuarios.ApellidoPaterno')
    .orderBy('usuarios.Nombres')
    .orderBy('usuarios.IdUsuario');
}

/** Active workers the signed-in user may name in a record (SPEC PL7): the worker store gives a contractor only its own, a client none. */
export function pickableWorkers(c: Context<AppEnv>) {
  const { db, records } = c.get('deps');
  const { company, viewer } = c.get('session');
  return records.trabajadores.listActive(db, company, viewer);
}

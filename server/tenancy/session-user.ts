import { reusableQuery, type Db } from '../db/database.ts';

/**
 * The user of a session with what decides their access, in one query: their role's stamp and state, and the
 * state and name of their contractor company or client. A user names its contractor by the RUT its records carry
 * and its client by id; a party without a row (data made before they had one) does not block the user.
 */
const sessionUserQuery = (db: Db) =>
  db
    .selectFrom('usuarios as u')
    .innerJoin('roles as r', 'r.IdRol', 'u.IdRol')
    .leftJoin('empresas_contratistas as ec', (join) => join.onRef('ec.IdEmpresa', '=', 'u.IdEmpresa').onRef('ec.RutCompleto', '=', 'u.IdContratista'))
    .leftJoin('clientes as cl', (join) => join.onRef('cl.IdEmpresa', '=', 'u.IdEmpresa').onRef('cl.IdCliente', '=', 'u.IdCliente'))
    .select([
      'u.IdUsuario',
      'u.IdEmpresa',
      'u.Nombres',
      'u.ApellidoPaterno',
      'u.ApellidoMaterno',
      'u.Habilitado',
      'u.IdRol',
      'u.Tipo',
      'u.IdContratista',
      'u.IdCliente',
      'u.SeqPermisos as SeqUsuario',
      'u.Faenas',
      'u.SeqFaenas',
      'u.FaenasAntes',
      'r.SeqPermisos as SeqRol',
      'r.Estado as EstadoRol',
      'ec.Estado as EstadoContratista',
      'ec.Nombre as NombreContratista',
      'cl.Estado as EstadoCliente',
      'cl.Nombre as NombreCliente',
    ]);

const selectSessionUser = reusableQuery((db, company: string, user: number) =>
  sessionUserQuery(db).where('u.IdEmpresa', '=', company).where('u.IdUsuario', '=', user),
);

/** The same row with whether the session is still open (session-state.ts), for a write that reads both at once. */
const selectSessionUserWithState = reusableQuery((db, session: string, company: string, user: number) =>
  sessionUserQuery(db)
    .select((eb) => ['u.GeneracionSesion', eb.exists(eb.selectFrom('sesiones_cerradas').select('IdSesion').where('IdSesion', '=', session)).as('Cerrada')])
    .where('u.IdEmpresa', '=', company)
    .where('u.IdUsuario', '=', user),
);

export type SessionUserRow = Awaited<ReturnType<typeof selectSessionUser>>[number];

export async function loadSessionUser(db: Db, company: string, user: number): Promise<SessionUserRow | undefined> {
  const [row] = await selectSessionUser(db, company, user);
  return row;
}

/** The user of a session with its generation and whether it was signed out: one query where two would run. */
export async function loadSessionUserWithState(db: Db, session: string, company: string, user: number) {
  const [row] = await selectSessionUserWithState(db, session, company, user);
  return row;
}

/** The contractor company or client that keeps this user out (spec: Estado 2), named; null when none does. */
export function deactivatedParty(user: Pick<SessionUserRow, 'Tipo' | 'EstadoContratista' | 'NombreContratista' | 'EstadoCliente' | 'NombreCliente'>) {
  if (user.Tipo === 'contratista' && user.EstadoContratista === 2) return { kind: 'contratista' as const, nombre: user.NombreContratista ?? '' };
  if (user.Tipo === 'cliente' && user.EstadoCliente === 2) return { kind: 'cliente' as const, nombre: user.NombreCliente ?? '' };
  return null;
}

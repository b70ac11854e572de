import { sql } from 'kysely';
import { DEFAULT_AVATAR_URL } from '#sync/schemas/accounts.schema.ts';
import type { Usuario, UsuarioTipo } from '#sync/schemas/usuarios.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { administratorRoles } from '#server/records/office-accounts.ts';
import type { Db } from '#server/db/database.ts';
import { imageOrDefault } from '#server/files/inline-image.ts';
import { worksitesOf } from '#server/tenancy/worksites.ts';

function usersQuery(db: Db, company: string) {
  return db
    .selectFrom('usuarios as u')
    .innerJoin('roles as r', 'r.IdRol', 'u.IdRol')
    .leftJoin('empresas_contratistas as ec', (join) => join.onRef('ec.IdEmpresa', '=', 'u.IdEmpresa').onRef('ec.RutCompleto', '=', 'u.IdContratista'))
    .leftJoin('clientes as cl', (join) => join.onRef('cl.IdEmpresa', '=', 'u.IdEmpresa').onRef('cl.IdCliente', '=', 'u.IdCliente'))
    .select([
      'u.IdUsuario',
      'u.RunPersona',
      'u.NombreUsuario',
      'u.Nombres',
      'u.ApellidoPaterno',
      'u.ApellidoMaterno',
      'u.CorreoElectronicoPersona',
      'u.TelefonoPersona',
      'u.FechaNacimiento',
      'u.AvatarArchivo',
      'u.IdRol',
      'r.NombreRol',
      'u.Tipo',
      'u.IdContratista',
      'ec.Nombre as NombreContratista',
      'u.IdCliente',
      'cl.Nombre as NombreCliente',
      'u.Habilitado',
      'u.DebeCambiarContrasena',
      'u.Faenas',
      'u.CreadoEn',
    ])
    .where('u.IdEmpresa', '=', company)
    .where('u.Tipo', '!=', 'fiscalizador');
}

/** The company's users as the office screens show them, by name; of one, when `only` is given. */
export async function listUsers(deps: Pick<AppDeps, 'files' | 'now'>, db: Db, company: string, filter: { only?: number; search?: string } = {}): Promise<Usuario[]> {
  let query = usersQuery(db, company);
  if (filter.only !== undefined) query = query.where('u.IdUsuario', '=', filter.only);
  for (const word of (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where(
      sql<boolean>`lower(u."Nombres" || ' ' || u."ApellidoPaterno" || ' ' || u."ApellidoMaterno" || ' ' || u."CorreoElectronicoPersona"
        || ' ' || u."NombreUsuario" || ' ' || u."RunPersona") LIKE ${pattern} ESCAPE '\\'`,
    );
  }
  const rows = await query.orderBy('u.ApellidoPaterno').orderBy('u.Nombres').orderBy('u.IdUsuario').execute();
  if (rows.length === 0) return [];
  const [systems, administrators] = await Promise.all([
    db.selectFrom('usuario_sistemas').select(['IdUsuario', 'IdSistema']).where('IdUsuario', 'in', rows.map((row) => row.IdUsuario)).orderBy('IdSistema').execute(),
    administratorRoles(db, company),
  ]);
  const now = deps.now();
  return rows.map(({ AvatarArchivo, Tipo, Habilitado, DebeCambiarContrasena, Faenas, ...row }) => {
    const avatar = imageOrDefault(deps.files, AvatarArchivo, now, DEFAULT_AVATAR_URL);
    return {
      ...row,
      Tipo: Tipo as UsuarioTipo,
      Habilitado: Habilitado === 1 ? 1 : 0,
      DebeCambiarContrasena: DebeCambiarContrasena === 1 ? 1 : 0,
      Logo: avatar.url,
      LogoPropio: avatar.own,
      Administrador: administrators.has(row.IdRol),
      Sistemas: systems.filter((system) => system.IdUsuario === row.IdUsuario).map((system) => system.IdSistema),
      Faenas: [...(worksitesOf(Faenas) ?? [])],
    };
  });
}

export function findUserRow(db: Db, company: string, id: number) {
  return db.selectFrom('usuarios').selectAll().where('IdEmpresa', '=', company).where('IdUsuario', '=', id).where('Tipo', '!=', 'fiscalizador').executeTakeFirst();
}

/** Another user of the company with this RUT (an account of a client without RUT has none). */
export async function rutTaken(db: Db, company: string, run: string, exceptUser?: number): Promise<boolean> {
  if (run === '') return false;
  let query = db.selectFrom('usuarios').select('IdUsuario').where('IdEmpresa', '=', company).where('RunPersona', '=', run);
  if (exceptUser !== undefined) query = query.where('IdUsuario', '!=', exceptUser);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function replaceSystems(db: Db, id: number, systems: readonly number[]): Promise<void> {
  await db.deleteFrom('usuario_sistemas').where('IdUsuario', '=', id).execute();
  await db.insertInto('usuario_sistemas').values(systems.map((IdSistema) => ({ IdUsuario: id, IdSistema }))).execute();
}

export async function systemsOf(db: Db, id: number): Promise<number[]> {
  return (await db.selectFrom('usuario_sistemas').select('IdSistema').where('IdUsuario', '=', id).orderBy('IdSistema').execute()).map((row) => row.IdSistema);
}

export async function inactiveDays(db: Db, company: string, id: number): Promise<string[]> {
  return (await db.selectFrom('dias_inactivos').select('Fecha').where('IdEmpresa', '=', company).where('IdUsuario', '=', id).orderBy('Fecha').execute()).map((row) => row.Fecha);
}

export async function replaceInactiveDays(db: Db, company: string, id: number, days: readonly string[]): Promise<void> {
  await db.deleteFrom('dias_inactivos').where('IdUsuario', '=', id).execute();
  if (days.length) await db.insertInto('dias_inactivos').values(days.map((Fecha) => ({ IdUsuario: id, IdEmpresa: company, Fecha }))).execute();
}

/** Stores the worksites a user's field devices hold (an empty list: the whole company). */
export async function setWorksites(db: Db, id: number, worksites: readonly string[]): Promise<void> {
  await db.updateTable('usuarios').set({ Faenas: JSON.stringify(worksites) }).where('IdUsuario', '=', id).execute();
}

/** The active levels 2 and 3 a user may be given as worksites, a level 3 with its level 2's name; by name. */
export async function worksiteChoices(db: Db, company: string) {
  const rows = await db
    .selectFrom('niveles as n')
    .leftJoin('niveles as p', (join) => join.onRef('p.IdNivel', '=', 'n.IdNivelPadre').onRef('p.IdEmpresa', '=', 'n.IdEmpresa'))
    .select(['n.IdNivel', 'n.Nombre', 'n.TipoNivel', 'p.Nombre as Padre'])
    .where('n.IdEmpresa', '=', company)
    .where('n.Estado', '=', 1)
    .where('n.TipoNivel', 'in', [2, 3])
    .orderBy('n.TipoNivel')
    .orderBy('n.Nombre')
    .orderBy('n.IdNivel')
    .execute();
  return rows.map((row) => ({ ...row, TipoNivel: row.TipoNivel as 2 | 3, Padre: row.TipoNivel === 3 ? row.Padre : null }));
}

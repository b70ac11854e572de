import type { Db } from '../db/database.ts';
import type { UserKind } from '../db/schema.ts';
import { ALL_ACTIONS, type ROLE_GRANTS, type RoleGrant } from './module-catalogue.ts';

/** A demo account as the README's table lists it. */
export interface DemoUser {
  correo: string;
  nombres: string;
  paterno: string;
  materno: string;
  run: string;
  rol: 'admin' | keyof typeof ROLE_GRANTS;
  tipo: UserKind;
  sistemas: number[];
  debeCambiar?: boolean;
  idContratista?: string;
  idCliente?: string;
  /** The worksites (level ids) the user's devices hold (SPEC PL13); none for the whole company. */
  faenas?: string[];
  fechaNacimiento?: string;
}

/** Writes a demo account with its role and systems, signed in with `passwordHash`. */
export async function insertDemoUser(
  db: Db,
  companyId: string,
  user: DemoUser,
  roleId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const inserted = await db
    .insertInto('usuarios')
    .values({
      IdEmpresa: companyId,
      CorreoElectronicoPersona: user.correo,
      NombreUsuario: user.correo.split('@')[0]!,
      RunPersona: user.run,
      Nombres: user.nombres,
      ApellidoPaterno: user.paterno,
      ApellidoMaterno: user.materno,
      TelefonoPersona: '+56 9 8765 4321',
      FechaNacimiento: user.fechaNacimiento ?? '1985-04-12',
      AvatarArchivo: null,
      HashContrasena: passwordHash,
      DebeCambiarContrasena: user.debeCambiar ? 1 : 0,
      Habilitado: 1,
      IdRol: roleId,
      Tipo: user.tipo,
      IdContratista: user.idContratista ?? null,
      IdCliente: user.idCliente ?? null,
      IdSistemaPreferido: 1,
      CreadoEn: now.toISOString(),
      ...(user.faenas ? { Faenas: JSON.stringify(user.faenas) } : {}),
    })
    .returning('IdUsuario')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('usuario_sistemas')
    .values(user.sistemas.map((IdSistema) => ({ IdUsuario: inserted.IdUsuario, IdSistema })))
    .execute();
}

/** Gives a role the actions of a demo grant on each route the catalogue has ('todo': every action on every route). */
export async function grantRole(db: Db, roleId: number, grant: RoleGrant | 'todo'): Promise<void> {
  const subs = await db.selectFrom('submodulos').select(['IdSubmodulo', 'Ruta']).execute();
  const rows = subs
    .map((sub) => ({ sub, actions: grant === 'todo' ? ALL_ACTIONS : grant[sub.Ruta] }))
    .filter((entry) => entry.actions && entry.actions.length > 0)
    .map(({ sub, actions }) => ({ IdRol: roleId, IdSubmodulo: sub.IdSubmodulo, Acciones: actions!.join(',') }));
  if (rows.length) await db.insertInto('rol_permisos').values(rows).execute();
}

/** The id of a company's demo account by its e-mail, or undefined when it is not there (yet). */
export async function demoUserId(db: Db, companyId: string, correo: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('usuarios')
    .select('IdUsuario')
    .where('IdEmpresa', '=', companyId)
    .where('CorreoElectronicoPersona', '=', correo)
    .executeTakeFirst();
  return row?.IdUsuario;
}

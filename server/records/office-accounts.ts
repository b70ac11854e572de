import { sql, type Selectable } from 'kysely';
import { ACCOUNT_MESSAGES, type ReservedNames } from '#sync/schemas/accounts.schema.ts';
import { ROLE_MANAGEMENT } from '#sync/records/permissions.ts';
import type { Usuario } from '#sync/schemas/usuarios.schema.ts';
import type { Db } from '../db/database.ts';
import type { UserKind, UsuariosTable } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { recordReadsChanged } from '../sync/change-log.repo.ts';
import type { OfficeWrite } from './office-write.ts';
import { hashPassword } from '../tenancy/password.ts';

export type UserRow = Selectable<UsuariosTable>;

/** What a new account needs, whoever makes it: the users screen, or a contractor company or client (its main account). */
export interface NewAccount extends Pick<
  Usuario,
  | 'RunPersona'
  | 'NombreUsuario'
  | 'Nombres'
  | 'ApellidoPaterno'
  | 'ApellidoMaterno'
  | 'CorreoElectronicoPersona'
  | 'TelefonoPersona'
  | 'FechaNacimiento'
  | 'IdRol'
> {
  Tipo: Exclude<UserKind, 'fiscalizador'>;
  IdContratista: string | null;
  IdCliente: string | null;
  Sistemas: readonly number[];
  AvatarArchivo: string | null;
  ContrasenaTemporal: string;
}

/** The e-mails and user names in use in the company (spec: usuarios_reservados), lower case. */
export async function reservedNames(db: Db, company: string): Promise<ReservedNames> {
  const rows = await db
    .selectFrom('usuarios')
    .select(['NombreUsuario', 'CorreoElectronicoPersona'])
    .where('IdEmpresa', '=', company)
    .execute();
  return {
    NombresUsuario: rows
      .map((row) => row.NombreUsuario.toLowerCase())
      .filter(Boolean)
      .sort(),
    Correos: rows.map((row) => row.CorreoElectronicoPersona.toLowerCase()).sort(),
  };
}

/** People sign in with the company's RUT and their e-mail: an e-mail or user name names one account of the company. */
export async function checkAccountFree(
  db: Db,
  company: string,
  wanted: { email?: string; userName?: string },
  exceptUser?: number,
): Promise<void> {
  const taken = async (column: 'CorreoElectronicoPersona' | 'NombreUsuario', value: string) => {
    let query = db
      .selectFrom('usuarios')
      .select('IdUsuario')
      .where('IdEmpresa', '=', company)
      .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase());
    if (exceptUser !== undefined) query = query.where('IdUsuario', '!=', exceptUser);
    return (await query.executeTakeFirst()) !== undefined;
  };
  if (wanted.email && (await taken('CorreoElectronicoPersona', wanted.email)))
    throw new HttpError(409, ACCOUNT_MESSAGES.emailInUse, 'CORREO_EN_USO');
  if (wanted.userName && (await taken('NombreUsuario', wanted.userName)))
    throw new HttpError(409, ACCOUNT_MESSAGES.userNameInUse, 'NOMBRE_USUARIO_EN_USO');
}

/** An active role of the company, or undefined. */
export function findActiveRole(db: Db, company: string, roleId: number) {
  return db
    .selectFrom('roles')
    .select(['IdRol', 'NombreRol'])
    .where('IdEmpresa', '=', company)
    .where('IdRol', '=', roleId)
    .where('Estado', '=', 1)
    .executeTakeFirst();
}

async function companyOf(db: Db, company: string) {
  return db.selectFrom('empresas').select(['RutEmpresa', 'NombreEmpresa']).where('IdEmpresa', '=', company).executeTakeFirstOrThrow();
}

/**
 * The temporary password by e-mail (SMTP, or the local mailbox without it). True when it left by SMTP. A failed
 * send does not undo the account: the administrator resets the password to send it again.
 */
async function mailTemporaryPassword(
  write: OfficeWrite,
  user: Pick<UserRow, 'Nombres' | 'CorreoElectronicoPersona'>,
  password: string,
  reason: 'nueva' | 'restablecida',
): Promise<boolean> {
  const company = await companyOf(write.db, write.company);
  const opening =
    reason === 'nueva'
      ? `${write.author.name} creó tu cuenta de Andes HSE en ${company.NombreEmpresa}.`
      : `${write.author.name} restableció tu contraseña de Andes HSE en ${company.NombreEmpresa}.`;
  try {
    await write.mailer.send(
      {
        to: user.CorreoElectronicoPersona,
        subject: reason === 'nueva' ? 'Tu cuenta de Andes HSE' : 'Tu nueva contraseña temporal de Andes HSE',
        text: `Hola ${user.Nombres}:\n\n${opening}\n\nRut Empresa: ${company.RutEmpresa}\nCorreo: ${user.CorreoElectronicoPersona}\nContraseña temporal: ${password}\n\nAl iniciar sesión se te pedirá elegir una contraseña nueva.`,
      },
      write.now,
      write.db,
    );
  } catch {
    return false;
  }
  return !write.mailer.keepsMailLocally;
}

/** A new account that must change its temporary password at first sign-in; its e-mail and user name must be free. */
export async function createAccount(
  write: OfficeWrite,
  account: NewAccount,
): Promise<{ IdUsuario: number; CorreoEnviado: boolean; mailFailed: boolean }> {
  const { db, company, now } = write;
  await checkAccountFree(db, company, { email: account.CorreoElectronicoPersona, userName: account.NombreUsuario });
  const { ContrasenaTemporal, Sistemas, ...fields } = account;
  const inserted = await db
    .insertInto('usuarios')
    .values({
      ...fields,
      IdEmpresa: company,
      HashContrasena: await hashPassword(ContrasenaTemporal),
      DebeCambiarContrasena: 1,
      Habilitado: 1,
      IdSistemaPreferido: Sistemas[0] ?? 1,
      CreadoEn: now.toISOString(),
    })
    .returning('IdUsuario')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('usuario_sistemas')
    .values(Sistemas.map((IdSistema) => ({ IdUsuario: inserted.IdUsuario, IdSistema })))
    .execute();
  const sent = await mailTemporaryPassword(write, account, ContrasenaTemporal, 'nueva');
  return { IdUsuario: inserted.IdUsuario, CorreoEnviado: sent, mailFailed: !sent && !write.mailer.keepsMailLocally };
}

/**
 * A new temporary password: the person must change it at their next sign-in. The usual answer to "this account was
 * compromised", so every session of the account ends with it (SPEC SE3).
 */
export async function resetAccountPassword(
  write: OfficeWrite,
  user: Pick<UserRow, 'IdUsuario' | 'Nombres' | 'CorreoElectronicoPersona'>,
  password: string,
) {
  const hash = await hashPassword(password);
  await write.db
    .updateTable('usuarios')
    .set((eb) => ({
      HashContrasena: hash,
      DebeCambiarContrasena: 1,
      Version: eb('Version', '+', 1),
      GeneracionSesion: eb('GeneracionSesion', '+', 1),
    }))
    .where('IdUsuario', '=', user.IdUsuario)
    .execute();
  const sent = await mailTemporaryPassword(write, user, password, 'restablecida');
  return { CorreoEnviado: sent, mailFailed: !sent && !write.mailer.keepsMailLocally };
}

/** Roles of the company that manage roles (ROLE_MANAGEMENT): their holders are its administrators. */
export async function administratorRoles(db: Db, company: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('rol_permisos as rp')
    .innerJoin('roles as r', 'r.IdRol', 'rp.IdRol')
    .innerJoin('submodulos as s', 's.IdSubmodulo', 'rp.IdSubmodulo')
    .select(['rp.IdRol', 'rp.Acciones'])
    .where('r.IdEmpresa', '=', company)
    .where('r.Estado', '=', 1)
    .where('s.Ruta', '=', ROLE_MANAGEMENT.route)
    .execute();
  const manages = (actions: string) => ROLE_MANAGEMENT.actions.every((action) => actions.split(',').includes(action));
  return new Set(rows.filter((row) => manages(row.Acciones)).map((row) => row.IdRol));
}

/**
 * The company keeps at least one enabled company user who manages roles, or nobody could ever change a role or
 * a user again. Checked inside the write's transaction, after the change: a change that would leave none is
 * refused with `message` and nothing of it is written.
 */
export async function keepAnAdministrator(db: Db, company: string, message: string): Promise<void> {
  const roles = [...(await administratorRoles(db, company))];
  const left =
    roles.length === 0
      ? undefined
      : await db
          .selectFrom('usuarios')
          .select('IdUsuario')
          .where('IdEmpresa', '=', company)
          .where('Habilitado', '=', 1)
          .where('Tipo', '=', 'empresa')
          .where('IdRol', 'in', roles)
          .executeTakeFirst();
  if (!left) throw new HttpError(409, message, 'ULTIMO_ADMINISTRADOR');
}

/**
 * What these users may read changed (their role's grants, their role, contractor or client): stamped with a new
 * change-log seq, so their devices download their tables again at the next pull (SPEC PL11).
 */
export async function markReadsChanged(write: OfficeWrite, subject: { role: number } | { user: number }): Promise<void> {
  const id = 'role' in subject ? `rol:${subject.role}` : `usuario:${subject.user}`;
  const seq = await recordReadsChanged(write.db, write.company, id, write.now);
  if ('role' in subject) await write.db.updateTable('roles').set({ SeqPermisos: seq }).where('IdRol', '=', subject.role).execute();
  else await write.db.updateTable('usuarios').set({ SeqPermisos: seq }).where('IdUsuario', '=', subject.user).execute();
}

/** Accounts go for good (spec: deleting a user also removes its sign-in); the audit log keeps who they were. */
export async function deleteAccounts(db: Db, company: string, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('usuarios')
    .where('IdEmpresa', '=', company)
    .where('IdUsuario', 'in', [...userIds])
    .execute();
}

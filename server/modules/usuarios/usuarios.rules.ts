import * as v from 'valibot';
import { ACCOUNT_MESSAGES } from '#sync/schemas/accounts.schema.ts';
import { kindProblem, USER_KIND_LABELS, USUARIOS_MESSAGES, type UsuarioTipo } from '#sync/schemas/usuarios.schema.ts';
import { checkAccountFree, findActiveRole } from '#server/records/office-accounts.ts';
import { fieldChanges, type FieldChange } from '#server/records/office-audit-log.ts';
import type { OfficeWrite } from '#server/records/office-write.ts';
import { findClient, findContractorByRut } from '#server/records/office-parties.ts';
import { HttpError } from '#server/http/http-error.ts';
import * as repo from './usuarios.repo.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/** A user as the rules judge it: the stored one with the body's changes, or a new one. */
export interface UserDraft {
  RunPersona: string;
  NombreUsuario: string;
  CorreoElectronicoPersona: string;
  IdRol: number;
  Tipo: UsuarioTipo;
  IdContratista: string | null;
  IdCliente: string | null;
}

/** Only the party of the user's kind is kept: a company user names neither, a contractor's user no client. */
export function withKindParty<T extends Pick<UserDraft, 'Tipo' | 'IdContratista' | 'IdCliente'>>(user: T): T {
  return { ...user, IdContratista: user.Tipo === 'contratista' ? user.IdContratista || null : null, IdCliente: user.Tipo === 'cliente' ? user.IdCliente || null : null };
}

/**
 * The user's own rules, before anything is written (400 or 409 with the message, nothing half-written): an active
 * role, a contractor company or client of the company for those kinds, a RUT, e-mail and user name no other
 * account of the company has.
 */
export async function checkUser(write: OfficeWrite, user: UserDraft, exceptUser?: number): Promise<string> {
  const { db, company } = write;
  const problem = kindProblem(user);
  if (problem) throw invalid(problem.message);
  const role = await findActiveRole(db, company, user.IdRol);
  if (!role) throw invalid(USUARIOS_MESSAGES.roleNotFound);
  if (user.Tipo === 'contratista' && !(await findContractorByRut(db, company, user.IdContratista!))) throw invalid(USUARIOS_MESSAGES.contractorNotFound);
  if (user.Tipo === 'cliente' && !(await findClient(db, company, user.IdCliente!))) throw invalid(USUARIOS_MESSAGES.clientNotFound);
  if (await repo.rutTaken(db, company, user.RunPersona, exceptUser)) throw new HttpError(409, USUARIOS_MESSAGES.rutInUse, 'RUT_EN_USO');
  await checkAccountFree(db, company, { email: user.CorreoElectronicoPersona, userName: user.NombreUsuario }, exceptUser);
  return role.NombreRol;
}

/** Every worksite a user is given is an active level 2 or 3 of the company (400 otherwise, nothing written). */
export async function checkWorksites(write: OfficeWrite, worksites: readonly string[]): Promise<void> {
  if (worksites.length === 0) return;
  const found = await write.db
    .selectFrom('niveles')
    .select('IdNivel')
    .where('IdEmpresa', '=', write.company)
    .where('IdNivel', 'in', [...worksites])
    .where('TipoNivel', 'in', [2, 3])
    .where('Estado', '=', 1)
    .execute();
  if (found.length !== worksites.length) throw invalid(USUARIOS_MESSAGES.worksiteNotFound);
}

const LABELS = {
  RunPersona: 'RUT',
  NombreUsuario: 'Nombre de usuario',
  Nombres: 'Nombres',
  ApellidoPaterno: 'Apellido paterno',
  ApellidoMaterno: 'Apellido materno',
  CorreoElectronicoPersona: 'Correo',
  TelefonoPersona: 'Teléfono',
  FechaNacimiento: 'Fecha de nacimiento',
  NombreRol: 'Rol',
  TipoUsuario: 'Tipo',
  IdContratista: 'Empresa contratista (RUT)',
  IdCliente: 'Cliente',
  Sistemas: 'Sistemas',
  Foto: 'Foto',
} as const;

/** The user's fields as the audit log shows them: the role by name, the kind in words. */
export function auditView(user: Record<string, unknown> & { Tipo?: string }, roleName?: string): Record<string, unknown> {
  const { Tipo, ...rest } = user;
  const kind = Tipo === undefined ? {} : { TipoUsuario: USER_KIND_LABELS[Tipo as UsuarioTipo] ?? Tipo };
  return { ...rest, ...(roleName !== undefined ? { NombreRol: roleName } : {}), ...kind };
}

export function userChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  return fieldChanges(before, after, LABELS);
}

/** A user's id in a path. */
export const UserIdParam = v.pipe(v.string(), v.regex(/^\d{1,12}$/, USUARIOS_MESSAGES.notFound), v.transform(Number));

/** The user as the screens show it, read inside the write's transaction. */
export async function userOf(write: OfficeWrite, id: number) {
  return (await repo.listUsers({ files: write.files, now: () => write.now }, write.db, write.company, { only: id }))[0]!;
}

/** A message with the warning that the temporary password's e-mail did not leave, when SMTP failed. */
export function withMailWarning(message: string, mailFailed: boolean): string {
  return mailFailed ? `${message} ${ACCOUNT_MESSAGES.mailFailed}` : message;
}


import { companyIdFromRut } from '#sync/domain/rut.ts';
import {
  type CompanyStatus,
  AUTH_CODES,
  AUTH_MESSAGES,
  type ChangePasswordBody,
  type LoginBody,
  type LoginChallenge,
  type LoginSuccess,
  partyDeactivatedMessage,
  type Session,
} from '#sync/schemas/auth.schema.ts';
import type { Selectable } from 'kysely';
import type { AppDeps } from '../app-env.ts';
import type { UsuariosTable } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { logSignInActivity, writeHistory } from '../tenancy/auth-audit.ts';
import { listMasks } from '../records/level-masks.ts';
import * as repo from './auth.repo.ts';
import { attemptKey, clearFailures, isLockedOut, recordFailure } from '../tenancy/login-attempts.ts';
import { countAddressFailure, refuseLimitedAddress } from '../tenancy/address-limit.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../tenancy/password.ts';
import { findUser } from '../tenancy/users.repo.ts';
import { deactivatedParty, loadSessionUser } from '../tenancy/session-user.ts';
import { worksitesOf } from '../tenancy/worksites.ts';
import { companyPassPublicKey } from '../tenancy/pass-keys.ts';

type UserRow = Selectable<UsuariosTable>;

function companyRefusal(status: number, support: AppDeps['config']['support']): HttpError {
  const withSupport = (text: string) => `${text} Soporte: ${support.email} · ${support.phone}`;
  return status === 2
    ? new HttpError(403, withSupport(AUTH_MESSAGES.companySuspended), AUTH_CODES.companySuspended)
    : new HttpError(403, withSupport(AUTH_MESSAGES.companyNotRegistered), AUTH_CODES.companyNotRegistered);
}

export async function companyStatus(deps: AppDeps, rutEmpresa: string): Promise<CompanyStatus> {
  const company = await repo.findCompanyByRut(deps.db, rutEmpresa);
  return {
    EstadoEmpresa: (company?.EstadoEmpresa ?? 0) as 0 | 1 | 2,
    Soporte: { Correo: deps.config.support.email, Telefono: deps.config.support.phone },
  };
}

export async function buildSession(deps: AppDeps, user: UserRow, expiresAt: Date): Promise<Session> {
  const { db, files, now } = deps;
  const company = await repo.findCompany(db, user.IdEmpresa);
  if (!company) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
  const [permisos, sistemas, mascaras, LlavePases] = await Promise.all([
    repo.listPermissions(db, user.IdRol),
    repo.listSystems(db, user.IdUsuario),
    listMasks(db, user.IdEmpresa),
    companyPassPublicKey(db, user.IdEmpresa, now()),
  ]);
  return {
    usuario: {
      IdUsuario: user.IdUsuario,
      RunPersona: user.RunPersona,
      Nombres: user.Nombres,
      ApellidoPaterno: user.ApellidoPaterno,
      ApellidoMaterno: user.ApellidoMaterno,
      CorreoElectronicoPersona: user.CorreoElectronicoPersona,
      TelefonoPersona: user.TelefonoPersona,
      FechaNacimiento: user.FechaNacimiento,
      Logo: user.AvatarArchivo ? files.signedUrl(user.AvatarArchivo, now()) : null,
      Tipo: user.Tipo,
      IdContratista: user.IdContratista,
      IdCliente: user.IdCliente,
      IdSistemaPreferido: user.IdSistemaPreferido,
      Faenas: [...(worksitesOf(user.Faenas) ?? [])],
    },
    empresa: {
      IdEmpresa: company.IdEmpresa,
      RutEmpresa: company.RutEmpresa,
      NombreEmpresa: company.NombreEmpresa,
      Logo: company.LogoArchivo ? files.signedUrl(company.LogoArchivo, now()) : null,
      VarianteDashboard: company.VarianteDashboard,
      LlavePases,
    },
    sistemas,
    permisos,
    mascaras,
    expiraEn: expiresAt.toISOString(),
    urlVerificacion: deps.config.verificationBaseUrl,
    servidor: { correoSmtp: !deps.mailer.keepsMailLocally },
  };
}

/** A user of a deactivated contractor company or client cannot sign in, and is told why (403 with the code). */
async function refuseDeactivatedParty(deps: AppDeps, user: UserRow, companyName: string): Promise<HttpError | null> {
  const row = await loadSessionUser(deps.db, user.IdEmpresa, user.IdUsuario);
  const party = row && deactivatedParty(row);
  if (!party) return null;
  const code = party.kind === 'contratista' ? AUTH_CODES.contractorDeactivated : AUTH_CODES.clientDeactivated;
  return new HttpError(403, partyDeactivatedMessage(party, companyName), code);
}

/** `address`: the client's (server/http/client-address.ts), whose failures are limited too (SPEC SE4). */
export async function signIn(deps: AppDeps, body: LoginBody, address: string | undefined): Promise<LoginSuccess | LoginChallenge> {
  const { db, tokens } = deps;
  const now = deps.now();
  await refuseLimitedAddress(deps, address);
  const companyId = companyIdFromRut(body.RutEmpresa);
  const history = { Usuario: body.Correo, IdEmpresa: companyId, Origen: 'login', conContrasena: true };
  const key = attemptKey('login', body.RutEmpresa, body.Correo);

  if (await isLockedOut(db, key, now)) {
    await logSignInActivity(db, companyId, body.Correo, 'bloqueado', 'Intento durante el bloqueo', now);
    throw new HttpError(429, AUTH_MESSAGES.lockedOut, AUTH_CODES.lockedOut);
  }

  const company = await repo.findCompanyByRut(db, body.RutEmpresa);
  if (!company || company.EstadoEmpresa !== 1) {
    await logSignInActivity(db, companyId, body.Correo, 'empresa_no_habilitada', `EstadoEmpresa ${company?.EstadoEmpresa ?? 0}`, now);
    await writeHistory(db, { ...history, Texto: 'Inicio de sesión rechazado: empresa no habilitada' }, now);
    throw companyRefusal(company?.EstadoEmpresa ?? 0, deps.config.support);
  }

  const user = await repo.findUserByEmail(db, company.IdEmpresa, body.Correo);
  const passwordOk = await verifyPassword(body.Contrasena, user?.HashContrasena ?? DUMMY_HASH);
  if (!user || !passwordOk) {
    await countAddressFailure(deps, address);
    const locked = await recordFailure(db, key, now);
    await logSignInActivity(db, companyId, body.Correo, 'fallido', locked ? 'Bloqueado por intentos' : 'Credenciales incorrectas', now);
    await writeHistory(db, { ...history, Texto: 'Inicio de sesión fallido' }, now);
    if (locked) throw new HttpError(429, AUTH_MESSAGES.lockedOut, AUTH_CODES.lockedOut);
    throw new HttpError(401, AUTH_MESSAGES.wrongCredentials, AUTH_CODES.wrongCredentials);
  }
  await clearFailures(db, key);

  if (!user.Habilitado) {
    await logSignInActivity(db, companyId, body.Correo, 'usuario_deshabilitado', '', now);
    await writeHistory(db, { ...history, Texto: 'Inicio de sesión rechazado: usuario deshabilitado' }, now);
    const refusal = companyRefusal(2, deps.config.support);
    throw new HttpError(403, refusal.message, AUTH_CODES.userDisabled);
  }

  const partyRefusal = await refuseDeactivatedParty(deps, user, company.NombreEmpresa);
  if (partyRefusal) {
    await logSignInActivity(
      db,
      companyId,
      body.Correo,
      partyRefusal.code === AUTH_CODES.contractorDeactivated ? 'contratista_desactivado' : 'cliente_desactivado',
      '',
      now,
    );
    await writeHistory(db, { ...history, Texto: 'Inicio de sesión rechazado: empresa contratista o cliente desactivado' }, now);
    throw partyRefusal;
  }

  if (user.DebeCambiarContrasena) {
    const challenge = await tokens.issue(user.IdUsuario, user.IdEmpresa, 'desafio', user.GeneracionSesion);
    await logSignInActivity(db, companyId, body.Correo, 'cambio_requerido', 'Primer inicio de sesión', now);
    await writeHistory(db, { ...history, Texto: 'Se solicita cambio de contraseña' }, now);
    return { Desafio: challenge.token, Titulo: 'Cambia tu contraseña' };
  }

  const session = await openSession(deps, user);
  await logSignInActivity(db, companyId, body.Correo, 'exitoso', '', now);
  await writeHistory(db, { ...history, Texto: 'Inicio de sesión exitoso' }, now);
  return session;
}

/** A session of `user` at the account's generation as read: issue it only after any change that moves it (SPEC SE3). */
async function openSession(deps: AppDeps, user: UserRow): Promise<LoginSuccess> {
  const { token, expiresAt } = await deps.tokens.issue(user.IdUsuario, user.IdEmpresa, 'sesion', user.GeneracionSesion);
  return { token, ...(await buildSession(deps, user, expiresAt)) };
}

/** What the sign-in would refuse now (the company, the account, its contractor company or client), or null. */
async function sessionRefusal(deps: AppDeps, user: UserRow): Promise<HttpError | null> {
  const company = await repo.findCompany(deps.db, user.IdEmpresa);
  if (!company || company.EstadoEmpresa !== 1) return companyRefusal(company?.EstadoEmpresa ?? 0, deps.config.support);
  if (!user.Habilitado) return new HttpError(403, companyRefusal(2, deps.config.support).message, AUTH_CODES.userDisabled);
  return refuseDeactivatedParty(deps, user, company.NombreEmpresa);
}

/**
 * The forced change (spec 4.1 step 3) signs the person in: no second typing of the password just chosen. The
 * change moves the account's generation, ending every earlier session and the challenge itself; the session
 * answered is issued after it, with the new generation (SPEC SE3). What the sign-in refuses is refused here too,
 * before anything changes (the company suspended or the account disabled since the challenge was given).
 */
export async function completePasswordChallenge(deps: AppDeps, body: ChangePasswordBody): Promise<LoginSuccess> {
  const { db, tokens } = deps;
  const now = deps.now();
  const claims = await tokens.read(body.Desafio, 'desafio');
  const user = claims ? await findUser(db, claims.emp, claims.sub) : undefined;
  // A challenge of an earlier generation (a reset or a change since) is spent (SPEC SE3).
  if (!claims || !user || user.GeneracionSesion !== claims.gen || !user.DebeCambiarContrasena)
    throw new HttpError(401, AUTH_MESSAGES.actionFailed);
  const refusal = await sessionRefusal(deps, user);
  if (refusal) throw refusal;
  await repo.setPassword(db, user.IdUsuario, await hashPassword(body.Contrasena));
  const history = { Usuario: user.CorreoElectronicoPersona, IdEmpresa: user.IdEmpresa, conContrasena: true };
  await logSignInActivity(db, user.IdEmpresa, user.CorreoElectronicoPersona, 'contrasena_cambiada', 'Primer inicio de sesión', now);
  await writeHistory(db, { ...history, Origen: 'cambio_contrasena', Texto: 'Contraseña cambiada en el primer inicio de sesión' }, now);
  const changed = await findUser(db, user.IdEmpresa, user.IdUsuario);
  if (!changed) throw new HttpError(401, AUTH_MESSAGES.actionFailed);
  const session = await openSession(deps, changed);
  await logSignInActivity(db, user.IdEmpresa, user.CorreoElectronicoPersona, 'exitoso', 'Tras el cambio de contraseña', now);
  await writeHistory(db, { ...history, Origen: 'login', Texto: 'Inicio de sesión exitoso' }, now);
  return session;
}

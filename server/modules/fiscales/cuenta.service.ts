import { AUTH_CODES, AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import {
  FISCALES_CODES,
  FISCALES_MESSAGES,
  type InspectorChangePasswordBody,
  type InspectorLoginBody,
  type InspectorLoginChallenge,
  type InspectorLoginSuccess,
  type InspectorSession,
  SISTEMA_FISCALES,
} from '#sync/schemas/fiscales.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { writeHistory } from '#server/tenancy/auth-audit.ts';
import { attemptKey, clearFailures, isLockedOut, recordFailure, type AttemptScope } from '#server/tenancy/login-attempts.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '#server/tenancy/password.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { SessionClaims } from '#server/tenancy/session-token.ts';
import { closeSession } from '#server/tenancy/session-state.ts';
import { countAddressFailure, refuseLimitedAddress } from '#server/tenancy/address-limit.ts';
import * as repo from './cuenta.repo.ts';

/**
 * The inspectors' accounts (spec 4.2, 4.3, 8): registration with an institutional address and an e-mailed temporary
 * password (cuenta-registro.service.ts), the forced change of that password, sign-in, recovery with an e-mailed code
 * (cuenta-recuperacion.service.ts). Failures are counted per address with the company sign-in's lockout; the steps go
 * to the same history, with no company.
 */

/** What the lockout key carries instead of a company's RUT. */
const NO_COMPANY = SISTEMA_FISCALES;

export const keyOf = (scope: AttemptScope, correo: string) => attemptKey(scope, NO_COMPANY, correo);
export const limitExceeded = () => new HttpError(429, FISCALES_MESSAGES.limitExceeded, FISCALES_CODES.lockedOut);

export function history(
  deps: AppDeps,
  correo: string,
  origen: string,
  texto: string,
  extra: { conContrasena?: boolean; conCodigo?: boolean } = {},
) {
  return writeHistory(deps.db, { Usuario: correo, IdEmpresa: '', Origen: `fiscales:${origen}`, Texto: texto, ...extra }, deps.now());
}

export const appLink = (deps: AppDeps, path: string) => `${deps.config.verificationBaseUrl}${path}`;

function sessionOf(account: { IdFiscalizador: number; Correo: string }, expiresAt: Date): InspectorSession {
  return {
    fiscalizador: { IdFiscalizador: account.IdFiscalizador, Correo: account.Correo },
    sistema: SISTEMA_FISCALES,
    expiraEn: expiresAt.toISOString(),
  };
}

/** A session of the account at its generation as read: issue it only after any change that moves it (SPEC SE3). */
async function openSession(
  deps: AppDeps,
  account: { IdFiscalizador: number; Correo: string; GeneracionSesion: number },
): Promise<InspectorLoginSuccess> {
  const { token, expiresAt } = await deps.tokens.issue(account.IdFiscalizador, '', 'fiscal', account.GeneracionSesion);
  return { token, ...sessionOf(account, expiresAt) };
}

/** The session a change of the temporary password hands out: read again after it, with the new generation. */
export async function openSessionAfterChange(deps: AppDeps, id: number): Promise<InspectorLoginSuccess> {
  const account = await repo.findAccountById(deps.db, id);
  if (!account) throw new HttpError(401, FISCALES_MESSAGES.changeFailed);
  const session = await openSession(deps, account);
  await history(deps, account.Correo, 'login', 'Inicio de sesión exitoso', { conContrasena: true });
  return session;
}

/** Sign-in: a session, or the forced change while the account still has its temporary password (spec 4.3). */
export async function signIn(
  deps: AppDeps,
  body: InspectorLoginBody,
  address: string | undefined,
): Promise<InspectorLoginSuccess | InspectorLoginChallenge> {
  const { db, tokens } = deps;
  const now = deps.now();
  await refuseLimitedAddress(deps, address);
  const key = keyOf('fiscal-login', body.Correo);
  if (await isLockedOut(db, key, now)) {
    await history(deps, body.Correo, 'login', 'Intento durante el bloqueo');
    throw limitExceeded();
  }
  const account = await repo.findAccount(db, body.Correo);
  const passwordOk = await verifyPassword(body.Contrasena, account?.HashContrasena ?? DUMMY_HASH);
  // An expired temporary password is no password at all.
  const expired = account?.DebeCambiarContrasena === 1 && (account.TemporalExpiraEn ?? 0) <= now.getTime();
  if (!account || !passwordOk || expired) {
    await countAddressFailure(deps, address);
    const locked = await recordFailure(db, key, now);
    await history(deps, body.Correo, 'login', expired && passwordOk ? 'Contraseña temporal vencida' : 'Inicio de sesión fallido', {
      conContrasena: true,
    });
    if (locked) throw limitExceeded();
    throw new HttpError(401, FISCALES_MESSAGES.loginWrong, FISCALES_CODES.wrongCredentials);
  }
  await clearFailures(db, key);
  if (account.DebeCambiarContrasena) {
    const challenge = await tokens.issue(account.IdFiscalizador, '', 'desafio-fiscal', account.GeneracionSesion);
    await history(deps, body.Correo, 'login', 'Se solicita cambio de contraseña', { conContrasena: true });
    return { Desafio: challenge.token, Titulo: 'Cambia tu contraseña' };
  }
  const session = await openSession(deps, account);
  await history(deps, body.Correo, 'login', 'Inicio de sesión exitoso', { conContrasena: true });
  return session;
}

/**
 * The forced first-login change: the challenge of a sign-in with the (unexpired) temporary password. It signs the
 * inspector in, with a session issued after the change (SPEC SE3): no second typing of the new password.
 */
export async function completePasswordChallenge(deps: AppDeps, body: InspectorChangePasswordBody): Promise<InspectorLoginSuccess> {
  const { db, tokens } = deps;
  const now = deps.now();
  const claims = await tokens.read(body.Desafio, 'desafio-fiscal');
  const account = claims ? await repo.findAccountById(db, claims.sub) : undefined;
  // A challenge of an earlier generation (a change or a recovery since) is spent (SPEC SE3).
  if (
    !account ||
    account.GeneracionSesion !== claims?.gen ||
    !account.DebeCambiarContrasena ||
    (account.TemporalExpiraEn ?? 0) <= now.getTime()
  ) {
    throw new HttpError(401, FISCALES_MESSAGES.changeFailed);
  }
  await repo.setOwnPassword(db, account.IdFiscalizador, await hashPassword(body.Contrasena), now);
  await clearFailures(db, keyOf('fiscal-verificar', account.Correo));
  await clearFailures(db, keyOf('fiscal-registro', account.Correo));
  await history(deps, account.Correo, 'cambio_contrasena', 'Contraseña cambiada en el primer inicio de sesión', { conContrasena: true });
  return openSessionAfterChange(deps, account.IdFiscalizador);
}

/** The session the app checks on start: the account must still exist and the session be open (requireInspector ran). */
export async function currentSession(deps: AppDeps, claims: SessionClaims): Promise<InspectorSession> {
  const account = await repo.findAccountById(deps.db, claims.sub);
  if (!account) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
  return sessionOf(account, new Date(claims.exp * 1000));
}

/** SPEC SE2: this session ends; the inspector's other sessions do not. */
export async function signOut(deps: AppDeps, correo: string, claims: SessionClaims): Promise<void> {
  await closeSession(deps.db, claims);
  await history(deps, correo, 'logout', 'Cierre de sesión');
}

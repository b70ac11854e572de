import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import { AUTH_CODES, AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import {
  FISCALES_CODES,
  FISCALES_MESSAGES,
  type InspectorChangePasswordBody,
  type InspectorLoginBody,
  type InspectorLoginChallenge,
  type InspectorLoginSuccess,
  type InspectorRecoveryConfirmBody,
  type InspectorRecoveryRequestBody,
  type InspectorRegisterBody,
  type InspectorSession,
  type InspectorVerifyBody,
  SISTEMA_FISCALES,
} from '#sync/schemas/fiscales.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { writeHistory } from '#server/tenancy/auth-audit.ts';
import { attemptKey, clearFailures, isLockedOut, recordFailure, type AttemptScope } from '#server/tenancy/login-attempts.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '#server/tenancy/password.ts';
import { newRecoveryCode, RECOVERY_CODE_MINUTES, recoveryCodeExpiry, recoveryCodeMatches } from '#server/tenancy/recovery-code.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { SessionClaims } from '#server/tenancy/session-token.ts';
import { closeSession } from '#server/tenancy/session-state.ts';
import { countAddressFailure, refuseLimitedAddress } from '#server/tenancy/address-limit.ts';
import * as repo from './cuenta.repo.ts';

/**
 * The inspectors' accounts (spec 4.2, 4.3, 8): registration with an institutional address and an e-mailed temporary
 * password, the forced change of that password, sign-in, recovery with an e-mailed code. Failures are counted per
 * address with the company sign-in's lockout; the steps go to the same history, with no company.
 */

export const TEMPORARY_PASSWORD_HOURS = 24;
/** What the lockout key carries instead of a company's RUT. */
const NO_COMPANY = SISTEMA_FISCALES;

const keyOf = (scope: AttemptScope, correo: string) => attemptKey(scope, NO_COMPANY, correo);
const limitExceeded = () => new HttpError(429, FISCALES_MESSAGES.limitExceeded, FISCALES_CODES.lockedOut);

function history(
  deps: AppDeps,
  correo: string,
  origen: string,
  texto: string,
  extra: { conContrasena?: boolean; conCodigo?: boolean } = {},
) {
  return writeHistory(deps.db, { Usuario: correo, IdEmpresa: '', Origen: `fiscales:${origen}`, Texto: texto, ...extra }, deps.now());
}

const appLink = (deps: AppDeps, path: string) => `${deps.config.verificationBaseUrl}${path}`;

export function settings(deps: AppDeps) {
  return { DominioInstitucional: deps.config.inspectorEmailDomain };
}

/** Step 0: an account with a temporary password, e-mailed; asking again before verifying sends a new one. */
export async function register(deps: AppDeps, body: InspectorRegisterBody, address: string | undefined): Promise<void> {
  const { db, mailer } = deps;
  const now = deps.now();
  const correo = body.Correo;
  await refuseLimitedAddress(deps, address);
  if (!correo.endsWith(deps.config.inspectorEmailDomain)) {
    await countAddressFailure(deps, address);
    await history(deps, correo, 'registro', 'Registro rechazado: correo no institucional');
    throw new HttpError(400, FISCALES_MESSAGES.registerFailed, FISCALES_CODES.notInstitutional);
  }
  const existing = await repo.findAccount(db, correo);
  if (existing?.VerificadoEn) {
    await countAddressFailure(deps, address);
    throw new HttpError(409, FISCALES_MESSAGES.registerFailed, FISCALES_CODES.accountExists);
  }
  // Each e-mail sent counts: at most a handful of temporary passwords per address and window.
  const key = keyOf('fiscal-registro', correo);
  if (await isLockedOut(db, key, now)) throw limitExceeded();
  await recordFailure(db, key, now);

  const temporary = temporaryPassword();
  await repo.saveTemporaryPassword(db, correo, await hashPassword(temporary), now.getTime() + TEMPORARY_PASSWORD_HOURS * 3_600_000, now);
  await history(deps, correo, 'registro', existing ? 'Nueva contraseña temporal enviada' : 'Cuenta de fiscalizador creada');
  try {
    await mailer.send(
      {
        to: correo,
        subject: 'Tu cuenta de fiscalizador · Andes HSE',
        text: [
          'Hola:',
          '',
          `Se creó tu cuenta de fiscalizador en Andes HSE. Tu contraseña temporal es ${temporary}`,
          `Vence en ${TEMPORARY_PASSWORD_HOURS} horas.`,
          '',
          `Para activarla, vuelve a ${appLink(deps, '/fiscales/registro')}, ingresa la contraseña temporal y elige tu nueva contraseña.`,
          `También puedes iniciar sesión en ${appLink(deps, '/fiscales/login')} con la contraseña temporal: se te pedirá cambiarla.`,
          '',
          'Si no pediste esta cuenta, ignora este mensaje.',
        ].join('\n'),
      },
      now,
    );
  } catch {
    throw new HttpError(502, FISCALES_MESSAGES.registerFailed);
  }
}

/** True when `password` is the account's temporary password and it has not expired. */
async function temporaryMatches(
  account: { HashContrasena: string; DebeCambiarContrasena: number; TemporalExpiraEn: number | null } | undefined,
  password: string,
  now: Date,
) {
  const matches = await verifyPassword(password, account?.HashContrasena ?? DUMMY_HASH);
  return matches && account !== undefined && account.DebeCambiarContrasena === 1 && (account.TemporalExpiraEn ?? 0) > now.getTime();
}

/**
 * Step 1: the temporary password, then the inspector's own, which signs them in (the same moment as the forced
 * change): the session answered is issued after the change moved the account's generation (SPEC SE3).
 */
export async function verify(deps: AppDeps, body: InspectorVerifyBody, address: string | undefined): Promise<InspectorLoginSuccess> {
  const { db } = deps;
  const now = deps.now();
  await refuseLimitedAddress(deps, address);
  const key = keyOf('fiscal-verificar', body.Correo);
  if (await isLockedOut(db, key, now)) throw limitExceeded();
  const account = await repo.findAccount(db, body.Correo);
  const ok = await temporaryMatches(account, body.ContrasenaTemporal, now);
  if (!account || account.VerificadoEn || !ok) {
    await countAddressFailure(deps, address);
    const locked = await recordFailure(db, key, now);
    await history(deps, body.Correo, 'verificar', 'Verificación de cuenta fallida', { conContrasena: true });
    if (locked) throw limitExceeded();
    // An unknown or already verified account is not a wrong temporary password: the generic message.
    if (!account || account.VerificadoEn) throw new HttpError(400, FISCALES_MESSAGES.verifyFailed);
    throw new HttpError(400, FISCALES_MESSAGES.temporaryWrong);
  }
  await repo.setOwnPassword(db, account.IdFiscalizador, await hashPassword(body.Contrasena), now);
  await clearFailures(db, key);
  await clearFailures(db, keyOf('fiscal-login', body.Correo));
  await clearFailures(db, keyOf('fiscal-registro', body.Correo));
  await history(deps, body.Correo, 'verificar', 'Cuenta de fiscalizador verificada', { conContrasena: true });
  return openSessionAfterChange(deps, account.IdFiscalizador);
}

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
async function openSessionAfterChange(deps: AppDeps, id: number): Promise<InspectorLoginSuccess> {
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

/** Recovery step 0: a 6-digit code by e-mail, valid 15 minutes; only the newest works. */
export async function requestRecoveryCode(deps: AppDeps, body: InspectorRecoveryRequestBody): Promise<void> {
  const { db, mailer } = deps;
  const now = deps.now();
  const key = keyOf('fiscal-recuperar', body.Correo);
  if (await isLockedOut(db, key, now)) throw limitExceeded();
  const account = await repo.findAccount(db, body.Correo);
  await history(deps, body.Correo, 'recuperar', 'Solicitud de código de recuperación');
  if (!account) {
    if (await recordFailure(db, key, now)) throw limitExceeded();
    throw new HttpError(401, FISCALES_MESSAGES.recoveryWrongCredentials, FISCALES_CODES.wrongCredentials);
  }
  const code = newRecoveryCode();
  await repo.saveRecoveryCode(db, account.IdFiscalizador, await hashPassword(code), recoveryCodeExpiry(now));
  try {
    await mailer.send(
      {
        to: account.Correo,
        subject: 'Código de verificación · Andes HSE (fiscalizadores)',
        text: [
          'Hola:',
          '',
          `Tu código de verificación es ${code}.`,
          `Vence en ${RECOVERY_CODE_MINUTES} minutos.`,
          '',
          `Ingrésalo en ${appLink(deps, '/fiscales/recuperar-contraseña')} junto con tu nueva contraseña.`,
          '',
          'Si no lo pediste, ignora este mensaje: tu contraseña sigue siendo la misma.',
        ].join('\n'),
      },
      now,
    );
  } catch {
    throw new HttpError(502, FISCALES_MESSAGES.recoverySendFailed);
  }
}

/** Recovery step 1: the code and the new password. */
export async function confirmRecovery(deps: AppDeps, body: InspectorRecoveryConfirmBody, address: string | undefined): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  await refuseLimitedAddress(deps, address);
  const key = keyOf('fiscal-recuperar', body.Correo);
  if (await isLockedOut(db, key, now)) throw limitExceeded();
  const account = await repo.findAccount(db, body.Correo);
  if (!account) {
    await countAddressFailure(deps, address);
    if (await recordFailure(db, key, now)) throw limitExceeded();
    throw new HttpError(401, FISCALES_MESSAGES.recoveryWrongCredentials, FISCALES_CODES.wrongCredentials);
  }
  const pending = await repo.pendingRecoveryCode(db, account.IdFiscalizador, now);
  const matches = await recoveryCodeMatches(pending, body.Codigo);
  await history(deps, body.Correo, 'recuperar', matches ? 'Contraseña restablecida con código' : 'Código de recuperación incorrecto', {
    conContrasena: true,
    conCodigo: true,
  });
  if (!pending || !matches) {
    await countAddressFailure(deps, address);
    if (pending) await repo.countWrongCode(db, pending.IdCodigo);
    if (await recordFailure(db, key, now)) throw limitExceeded();
    throw new HttpError(400, FISCALES_MESSAGES.recoveryWrongCode);
  }
  await repo.resetPasswordWithCode(db, account.IdFiscalizador, pending.IdCodigo, await hashPassword(body.Contrasena), now);
  for (const scope of ['fiscal-recuperar', 'fiscal-login', 'fiscal-verificar', 'fiscal-registro'] as const)
    await clearFailures(db, keyOf(scope, body.Correo));
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

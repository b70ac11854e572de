import { temporaryPassword } from '#sync/domain/temporary-password.ts';
import {
  FISCALES_CODES,
  FISCALES_MESSAGES,
  type InspectorLoginSuccess,
  type InspectorRegisterBody,
  type InspectorVerifyBody,
} from '#sync/schemas/fiscales.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { clearFailures, isLockedOut, recordFailure } from '#server/tenancy/login-attempts.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '#server/tenancy/password.ts';
import { HttpError } from '#server/http/http-error.ts';
import { countAddressFailure, refuseLimitedAddress } from '#server/tenancy/address-limit.ts';
import * as repo from './cuenta.repo.ts';
import { appLink, history, keyOf, limitExceeded, openSessionAfterChange } from './cuenta.service.ts';

export const TEMPORARY_PASSWORD_HOURS = 24;

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

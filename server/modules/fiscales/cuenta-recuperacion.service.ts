import {
  FISCALES_CODES,
  FISCALES_MESSAGES,
  type InspectorRecoveryConfirmBody,
  type InspectorRecoveryRequestBody,
} from '#sync/schemas/fiscales.schema.ts';
import type { AppDeps } from '#server/app-env.ts';
import { clearFailures, isLockedOut, recordFailure } from '#server/tenancy/login-attempts.ts';
import { hashPassword } from '#server/tenancy/password.ts';
import { newRecoveryCode, RECOVERY_CODE_MINUTES, recoveryCodeExpiry, recoveryCodeMatches } from '#server/tenancy/recovery-code.ts';
import { HttpError } from '#server/http/http-error.ts';
import { countAddressFailure, refuseLimitedAddress } from '#server/tenancy/address-limit.ts';
import * as repo from './cuenta.repo.ts';
import { appLink, history, keyOf, limitExceeded } from './cuenta.service.ts';

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

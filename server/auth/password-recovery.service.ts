import { companyIdFromRut } from '#sync/domain/rut.ts';
import { AUTH_CODES, AUTH_MESSAGES, type RecoveryConfirmBody, type RecoveryRequestBody } from '#sync/schemas/auth.schema.ts';
import type { AppDeps } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import { writeHistory } from '../tenancy/auth-audit.ts';
import * as repo from './auth.repo.ts';
import { attemptKey, clearFailures, isLockedOut, recordFailure } from '../tenancy/login-attempts.ts';
import { countAddressFailure, refuseLimitedAddress } from '../tenancy/address-limit.ts';
import { hashPassword } from '../tenancy/password.ts';
import { newRecoveryCode, RECOVERY_CODE_MINUTES, recoveryCodeExpiry, recoveryCodeMatches } from '../tenancy/recovery-code.ts';

export async function requestRecoveryCode(deps: AppDeps, body: RecoveryRequestBody): Promise<void> {
  const { db, mailer } = deps;
  const now = deps.now();
  const companyId = companyIdFromRut(body.RutEmpresa);
  const key = attemptKey('recuperar', body.RutEmpresa, body.Correo);
  if (await isLockedOut(db, key, now)) throw new HttpError(429, AUTH_MESSAGES.lockedOut, AUTH_CODES.lockedOut);

  const company = await repo.findCompanyByRut(db, body.RutEmpresa);
  const user = company ? await repo.findUserByEmail(db, company.IdEmpresa, body.Correo) : undefined;
  await writeHistory(
    db,
    { Usuario: body.Correo, IdEmpresa: companyId, Origen: 'recuperar', Texto: 'Solicitud de código de recuperación' },
    now,
  );
  if (!company || !user || company.EstadoEmpresa !== 1 || !user.Habilitado) {
    await recordFailure(db, key, now);
    throw new HttpError(401, AUTH_MESSAGES.recoveryWrongCredentials);
  }

  const code = newRecoveryCode();
  const codeHash = await hashPassword(code);
  await db.transaction().execute(async (trx) => {
    // Only the newest code works: asking again invalidates the earlier ones.
    await trx.updateTable('codigos_recuperacion').set({ Usado: 1 }).where('IdUsuario', '=', user.IdUsuario).execute();
    await trx
      .insertInto('codigos_recuperacion')
      .values({ IdUsuario: user.IdUsuario, HashCodigo: codeHash, ExpiraEn: recoveryCodeExpiry(now), Intentos: 0, Usado: 0 })
      .execute();
  });
  try {
    await mailer.send(
      {
        to: user.CorreoElectronicoPersona,
        subject: 'Código de verificación · Andes HSE',
        text: `Hola ${user.Nombres}:\n\nTu código de verificación es ${code}.\nVence en ${RECOVERY_CODE_MINUTES} minutos.\n\nSi no lo pediste, ignora este mensaje.`,
      },
      now,
    );
  } catch {
    throw new HttpError(502, AUTH_MESSAGES.recoverySendFailed);
  }
}

export async function confirmRecovery(deps: AppDeps, body: RecoveryConfirmBody, address: string | undefined): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  await refuseLimitedAddress(deps, address);
  const key = attemptKey('recuperar', body.RutEmpresa, body.Correo);
  if (await isLockedOut(db, key, now)) throw new HttpError(429, AUTH_MESSAGES.lockedOut, AUTH_CODES.lockedOut);

  const company = await repo.findCompanyByRut(db, body.RutEmpresa);
  const user = company ? await repo.findUserByEmail(db, company.IdEmpresa, body.Correo) : undefined;
  if (!company || !user) {
    await countAddressFailure(deps, address);
    throw new HttpError(401, AUTH_MESSAGES.recoveryWrongCredentials);
  }

  const pending = await db
    .selectFrom('codigos_recuperacion')
    .selectAll()
    .where('IdUsuario', '=', user.IdUsuario)
    .where('Usado', '=', 0)
    .where('ExpiraEn', '>', now.getTime())
    .orderBy('IdCodigo', 'desc')
    .executeTakeFirst();
  const matches = await recoveryCodeMatches(pending, body.Codigo);
  await writeHistory(
    db,
    {
      Usuario: body.Correo,
      IdEmpresa: user.IdEmpresa,
      Origen: 'recuperar',
      Texto: matches ? 'Contraseña restablecida con código' : 'Código de recuperación incorrecto',
      conContrasena: true,
      conCodigo: true,
    },
    now,
  );
  if (!pending || !matches) {
    await countAddressFailure(deps, address);
    if (pending)
      await db
        .updateTable('codigos_recuperacion')
        .set({ Intentos: pending.Intentos + 1 })
        .where('IdCodigo', '=', pending.IdCodigo)
        .execute();
    if (await recordFailure(db, key, now)) throw new HttpError(429, AUTH_MESSAGES.lockedOut, AUTH_CODES.lockedOut);
    throw new HttpError(400, AUTH_MESSAGES.recoveryWrongCode);
  }
  const passwordHash = await hashPassword(body.Contrasena);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('codigos_recuperacion').set({ Usado: 1 }).where('IdCodigo', '=', pending.IdCodigo).execute();
    await repo.setPassword(trx, user.IdUsuario, passwordHash);
  });
  await clearFailures(db, key);
  await clearFailures(db, attemptKey('login', body.RutEmpresa, body.Correo));
}

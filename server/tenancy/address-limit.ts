import { AUTH_CODES, AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { AppDeps } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * SPEC SE4: failed sign-ins per client address, so one client cannot try a password against every account (the
 * per-account lockout of login-attempts.ts does not see that). Only failures count: a worksite behind one address
 * signs in together at shift start. Kept in the database, so it holds on every server process, and read on the
 * injected clock. A request without an address (a test without one) is counted under one shared key.
 */
const NO_ADDRESS = 'sin-direccion';

type Deps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** 429 with `Retry-After` while the address has used up its failures of the current window. */
export async function refuseLimitedAddress(deps: Deps, address: string | undefined): Promise<void> {
  const { maxFailures, windowMs } = deps.config.addressLimit;
  const now = deps.now().getTime();
  const row = await deps.db.selectFrom('fallos_direccion').select(['Fallidos', 'PrimerFallo']).where('Direccion', '=', address ?? NO_ADDRESS).executeTakeFirst();
  if (!row || row.Fallidos < maxFailures) return;
  const remainingMs = row.PrimerFallo + windowMs - now;
  if (remainingMs <= 0) return;
  const seconds = Math.ceil(remainingMs / 1000);
  throw new HttpError(429, AUTH_MESSAGES.addressLimited(Math.ceil(seconds / 60)), AUTH_CODES.addressLimited, { 'Retry-After': String(seconds) });
}

/** Counts one failure of the address: the window starts at its first failure and a new one starts after it. */
export async function countAddressFailure(deps: Deps, address: string | undefined): Promise<void> {
  const now = deps.now().getTime();
  const windowMs = deps.config.addressLimit.windowMs;
  await deps.db
    .insertInto('fallos_direccion')
    .values({ Direccion: address ?? NO_ADDRESS, Fallidos: 1, PrimerFallo: now })
    .onConflict((oc) =>
      oc.column('Direccion').doUpdateSet((eb) => {
        const expired = eb(eb.ref('excluded.PrimerFallo'), '-', eb.ref('fallos_direccion.PrimerFallo'));
        return {
          Fallidos: eb.case().when(expired, '>=', windowMs).then(1).else(eb(eb.ref('fallos_direccion.Fallidos'), '+', 1)).end(),
          PrimerFallo: eb.case().when(expired, '>=', windowMs).then(eb.ref('excluded.PrimerFallo')).else(eb.ref('fallos_direccion.PrimerFallo')).end(),
        };
      }),
    )
    .execute();
}

/** Addresses whose window ended a day ago or more are forgotten (the hourly retention run calls this). */
export async function forgetOldAddressFailures(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('fallos_direccion').where('PrimerFallo', '<', now.getTime() - 24 * 60 * 60 * 1000).execute();
}

import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ADMIN, SUPERVISOR } from './field-session.ts';

/** The demo accounts the setup project signs in once through the sign-in screen (tests/e2e/sesion.setup.ts). */
export const SHARED_ACCOUNTS = { [ADMIN]: 'admin', [SUPERVISOR]: 'supervisor' } as const;
export type SharedAccount = keyof typeof SHARED_ACCOUNTS;

/**
 * Where the setup project keeps each account's storage state (the app's session lives in localStorage): beside the
 * run's data folder, so two runs with their own E2E_DATA_DIR never read each other's sessions.
 */
export function sharedSessionFile(correo: SharedAccount): string {
  return path.resolve(`${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-sesiones`, `${SHARED_ACCOUNTS[correo]}.json`);
}

/**
 * The app opened on Inicio, already signed in as a demo account with the session the setup project got through
 * the sign-in screen: for a journey that only needs to be signed in. Only on a context that holds nothing yet:
 * the storage state replaces what the context stored (its device database too).
 *
 * Never for a journey that signs out: signing out closes the session on the server (POST /api/auth/logout), and
 * every journey that shares it would be signed out with it. Those sign in through the screen (`signIn`).
 */
export async function openSignedIn(page: Page, correo: SharedAccount): Promise<void> {
  await page.context().setStorageState(sharedSessionFile(correo));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  // As after signing in through the screen: the person's database is on the device before the journey looks into it.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const session = JSON.parse(localStorage.getItem('session') ?? 'null') as { usuario: { IdUsuario: number } } | null;
        return Boolean(session) && (await indexedDB.databases()).some((database) => database.name === `andes-hse-${session!.usuario.IdUsuario}`);
      }),
    )
    .toBe(true);
}

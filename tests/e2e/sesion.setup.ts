import fs from 'node:fs';
import path from 'node:path';
import { signIn } from './support/field-session.ts';
import { SHARED_ACCOUNTS, sharedSessionFile, type SharedAccount } from './support/shared-session.ts';
import { expect, test } from './support/test.ts';

/**
 * The shared sign-in: each demo account signs in once through the sign-in screen, and the journeys that only need
 * to be signed in open the app with that session (`openSignedIn`). The screen's own journeys (foundation.spec.ts) and
 * those that sign out, expire or change a session sign in by themselves.
 */
for (const correo of Object.keys(SHARED_ACCOUNTS) as SharedAccount[]) {
  test(`${correo} inicia sesión por la pantalla de ingreso`, async ({ page, context }) => {
    await signIn(page, correo);
    await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
    const file = sharedSessionFile(correo);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await context.storageState({ path: file });
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { origins: { localStorage: { name: string }[] }[] };
    expect(stored.origins.flatMap((origin) => origin.localStorage.map((entry) => entry.name))).toEqual(expect.arrayContaining(['token', 'session']));
  });
}

import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, COMPANY_RUT, controlledByServiceWorker, localRows, PASSWORD, signIn, SUPERVISOR, syncStatus, expectAllSent } from './support/field-session.ts';
import { cameraPhoto, deviceFileHashes, drawOn } from './support/inspection-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const TEMPLATE = 'Inspección de herramientas y equipos';
const STATEMENTS = 20;
const ANSWERED = 10;
const FAILED = 3;
const OBSERVATION = 'Esmeril angular sin guarda de protección';
const EXECUTOR = 'Carla Rojas Díaz';

function statements(page: Page) {
  return page.getByRole('group', { name: /^\d+\. / });
}

function openDrafts(page: Page) {
  return page.getByRole('region', { name: 'Inspecciones en curso' });
}

/** Signs out from the account menu, accepting the warning when there is one; returns the warning's text or ''. */
async function signOut(page: Page, { warned }: { warned: boolean }): Promise<string> {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  let text = '';
  if (warned) {
    const warning = page.getByRole('alertdialog', { name: 'Cerrar Sesión' });
    await expect(warning).toBeVisible();
    text = (await warning.textContent()) ?? '';
    await warning.getByRole('button', { name: 'Cerrar Sesión' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  return text;
}

async function signInFromLogin(page: Page, correo: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(COMPANY_RUT);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(correo);
  await page.getByLabel('Contraseña*', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('DR2-DR4: an unfinished inspection with a photo and a signature survives sign-out and sign-in; the next user of the browser sees none of it', async ({ page, context }) => {
  const place = `Taller de mantención ${Date.now()}`;

  await signIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await expectAllSent(page);

  // Half an inspection at a worksite with no signal: answers, an observation with a photo, the executor's signature.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Nueva inspección' }).first().click();
  await page.getByRole('searchbox', { name: 'Buscar formulario' }).fill('herramientas');
  await page.getByRole('button', { name: `${TEMPLATE} ${STATEMENTS} enunciados` }).click();
  await page.getByRole('textbox', { name: 'Lugar*' }).fill(place);
  await page.getByRole('textbox', { name: 'Equipo de trabajo' }).fill('Cuadrilla de soldadura');
  await page.getByLabel('Área inspeccionada*').fill('Pañol');
  await page.getByRole('button', { name: 'Comenzar inspección' }).click();
  await expect(statements(page)).toHaveCount(STATEMENTS);
  const draftId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  for (let index = 0; index < ANSWERED; index += 1) {
    const label = index === FAILED ? 'No cumple' : 'Cumple';
    const button = statements(page).nth(index).getByRole('group', { name: 'Respuesta' }).getByRole('button', { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  const observation = statements(page).nth(FAILED).getByRole('group', { name: 'Observación' });
  await observation.getByRole('textbox', { name: 'Observación*' }).fill(OBSERVATION);
  await observation.getByRole('textbox', { name: 'Responsable*' }).fill('Jefe de taller');
  const photos = observation.getByRole('group', { name: 'Fotos de la observación' });
  await photos.locator('input[type=file]').setInputFiles(await cameraPhoto(page, 11));
  await expect(photos.getByRole('img')).toHaveCount(1, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Nombre del ejecutor*' }).fill(EXECUTOR);
  await drawOn(page, page.getByRole('img', { name: /^Firma del ejecutor/ }));
  await page.getByRole('button', { name: 'Guardar firma del ejecutor' }).click();
  await expect(page.getByRole('img', { name: `Firma de ${EXECUTOR}` })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Avance de la inspección' });
  await expect(progress).toContainText(`${ANSWERED} de ${STATEMENTS} respondidas`);
  const filesBefore = (await deviceFileHashes(page)).sort();
  expect(filesBefore).toHaveLength(2);

  // Nothing is queued (a draft is not a write), yet signing out warns about the draft and keeps it.
  await expect(syncStatus(page)).toContainText('sin cambios pendientes');
  const warning = await signOut(page, { warned: true });
  expect(warning).toContain('Tienes 1 inspección en curso. Se guardarán en este dispositivo y los encontrarás al volver a iniciar sesión con tu cuenta; nadie más que inicie sesión aquí los verá.');
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await expectAccessible(page);

  // The same person again: the draft is where it was left, with its photo and signature.
  await context.setOffline(false);
  await signInFromLogin(page, SUPERVISOR);
  const card = openDrafts(page).getByRole('listitem').filter({ hasText: TEMPLATE });
  await expect(card).toContainText(`${place} · ${ANSWERED} de ${STATEMENTS} respondidas`);
  await expectAccessible(page);
  await card.getByRole('link', { name: 'Continuar' }).click();
  await expect(progress).toContainText(`${ANSWERED} de ${STATEMENTS} respondidas`);
  const restored = statements(page).nth(FAILED).getByRole('group', { name: 'Observación' });
  await expect(restored.getByRole('textbox', { name: 'Observación*' })).toHaveValue(OBSERVATION);
  await expect(restored.getByRole('group', { name: 'Fotos de la observación' }).getByRole('img')).toHaveCount(1);
  const signature = page.getByRole('img', { name: `Firma de ${EXECUTOR}` });
  await expect(signature).toBeVisible();
  // The images are drawn from the kept bytes, not placeholders.
  expect(await signature.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect((await deviceFileHashes(page)).sort()).toEqual(filesBefore);
  await expectAccessible(page);

  // Another person signs in on the same browser: nothing of the supervisor's draft reaches them.
  expect(await signOut(page, { warned: true })).toContain('Tienes 1 inspección en curso.');
  await signInFromLogin(page, ADMIN);
  await expectAllSent(page);
  await expect(openDrafts(page)).toContainText('No tienes inspecciones en curso en este dispositivo.');
  await expect(page.getByText(place)).toHaveCount(0);
  expect(await localRows<string>(page, 'borradores', 'keys')).toEqual([]);
  expect(await deviceFileHashes(page)).toEqual([]);
  await page.goto(`/inspecciones/editar/${encodeURIComponent(draftId)}`);
  await expect(page.getByText('La inspección en curso no está en este dispositivo.')).toBeVisible();
  await expect(page.getByText(OBSERVATION)).toHaveCount(0);
  await expectAccessible(page);

  // And the supervisor still has it after the other person's session.
  await signOut(page, { warned: false });
  await signInFromLogin(page, SUPERVISOR);
  await expect(openDrafts(page).getByRole('listitem').filter({ hasText: place })).toBeVisible();
  expect(await localRows<string>(page, 'borradores', 'keys')).toEqual([draftId]);
});

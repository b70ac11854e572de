import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  apiToken,
  controlledByServiceWorker,
  createWorkerThroughForm,
  freshRut,
  openWorkers,
  PASSWORD,
  serverWorkersByRut,
  signIn,
  SUPERVISOR,
  syncStatus,
  expectAllSent,
} from './support/field-session.ts';

test('RP8: a session that expired offline pauses the queue; after signing in again the offline writes are sent', async ({ page, context }) => {
  await signIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await openWorkers(page);

  await context.setOffline(true);
  // The token the device holds is no longer accepted by the server (expired, or the secret rotated).
  await page.evaluate(() => localStorage.setItem('token', 'token-vencido'));
  await page.reload();
  const rut = freshRut();
  await createWorkerThroughForm(page, { rut, nombres: 'Tomás', paterno: 'Sesión' });
  await expect(syncStatus(page)).toContainText('1 pendiente');

  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('Sesión expirada', { timeout: 15_000 });
  await syncStatus(page).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cambios pendientes' })).toContainText(`Crear trabajador Tomás Sesión`);
  await expect(page.getByRole('list', { name: 'Cambios pendientes' })).toContainText('En pausa hasta iniciar sesión');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Iniciar sesión de nuevo' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill('76123456-0');
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(SUPERVISOR);
  await page.getByLabel('Contraseña*', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAllSent(page, 15_000);
  await expect(page.getByText('No hay cambios pendientes de sincronizar.')).toBeVisible();

  const token = await apiToken(page.request);
  const onServer = await serverWorkersByRut(page.request, token, rut);
  expect(onServer.total).toBe(1);
  expect(onServer.data[0]).toMatchObject({ Nombres: 'Tomás', ApellidoPaterno: 'Sesión' });
});

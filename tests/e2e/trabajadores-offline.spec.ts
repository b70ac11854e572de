import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  apiToken,
  controlledByServiceWorker,
  createWorkerThroughForm,
  freshRut,
  goToWorkers,
  localWorkerByRut,
  openWorkers,
  serverWorker,
  serverWorkersByRut,
  sha256Hex,
  SUPERVISOR,
  syncStatus,
  expectAllSent,
} from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test('offline, a new worker with a drawn signature and an edit survive a reload and reach the server once by themselves', async ({ page, context }) => {
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await openWorkers(page);
  await expectAccessible(page);

  await context.setOffline(true);
  await expect(syncStatus(page)).toContainText('Sin conexión');

  const rut = freshRut();
  await createWorkerThroughForm(page, { rut, nombres: 'Valeria', paterno: 'Offline', signature: true });
  await expect(page.getByText('Guardado en este dispositivo; hay cambios pendientes de sincronizar.')).toBeVisible();
  await expectAccessible(page);
  const created = await localWorkerByRut(page, rut);
  const deviceSha = created?.Firma?.Sha256;
  expect(deviceSha).toMatch(/^[a-f0-9]{64}$/);

  await goToWorkers(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill('Morales Soto');
  await expect(page.getByRole('status').filter({ hasText: '1 trabajador' })).toBeVisible();
  await page.getByRole('link', { name: /Morales Soto, Juan/ }).click();
  await expect(page.getByRole('heading', { name: 'Juan Morales Soto', level: 1 })).toBeVisible();
  const edited = (await localWorkerByRut(page, (await page.getByRole('definition').first().textContent())!.replace(/\./g, '')))!;
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar trabajador', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Apellido Materno' }).fill('Sin Señal');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Trabajador actualizado correctamente/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Juan Morales Sin Señal', level: 1 })).toBeVisible();

  await page.reload();
  await expect(syncStatus(page)).toContainText('2 pendientes');
  await expect(page.getByRole('heading', { name: 'Juan Morales Sin Señal', level: 1 })).toBeVisible();
  await goToWorkers(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill(rut);
  await expect(page.getByRole('link', { name: /Offline, Valeria/ })).toContainText('Pendiente');
  await expectAccessible(page);

  // Back online: the queue drains by itself, without a reload.
  await context.setOffline(false);
  await expectAllSent(page, 20_000);
  await expect(page.getByRole('link', { name: /Offline, Valeria/ })).not.toContainText('Pendiente');

  const token = await apiToken(page.request);
  const onServer = await serverWorkersByRut(page.request, token, rut);
  expect(onServer.total).toBe(1);
  const stored = await serverWorker(page.request, token, onServer.data[0]!.IdPersona);
  expect(stored.IdPersona).toBe(created!.IdPersona);
  expect(stored.Firma?.Sha256).toBe(deviceSha);
  const signature = await page.request.get(stored.Urls![deviceSha!]!);
  expect(signature.status()).toBe(200);
  expect(signature.headers()['content-type']).toBe('image/png');
  expect(sha256Hex(await signature.body())).toBe(deviceSha);

  const editedOnServer = await serverWorker(page.request, token, edited.IdPersona);
  expect(editedOnServer.ApellidoMaterno).toBe('Sin Señal');
  // One update applied once: the seeded version 1 became 2, not 3.
  expect(editedOnServer.Version).toBe(edited.Version + 1);
});

import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  apiToken,
  controlledByServiceWorker,
  createWorkerThroughForm,
  freshRut,
  goToWorkers,
  openWorkers,
  serverWorkersByRut,
  SUPERVISOR,
  syncStatus,
  WORKERS_API,
  expectAllSent,
} from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test('RP9/RP15/RP16: writes the server refuses are listed with its message, one corrected and resent, one discarded', async ({ page, context }) => {
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await openWorkers(page);
  const token = await apiToken(page.request);

  await context.setOffline(true);
  const [taken, alsoTaken, corrected] = [freshRut(), freshRut(), freshRut()];
  await createWorkerThroughForm(page, { rut: taken, nombres: 'Rosa', paterno: 'Duplicada' });
  await createWorkerThroughForm(page, { rut: alsoTaken, nombres: 'Raúl', paterno: 'Repetido' });

  // Meanwhile someone at the office registers the same two people: the device cannot know it yet.
  for (const [rut, nombres] of [
    [taken, 'Rosa'],
    [alsoTaken, 'Raúl'],
  ] as const) {
    const created = await page.request.post(WORKERS_API, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
      data: { IdPersona: randomUUID(), RunPersona: rut, Nombres: nombres, ApellidoPaterno: 'Oficina' },
    });
    expect(created.status()).toBe(200);
  }

  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('2 rechazados', { timeout: 15_000 });
  await syncStatus(page).click();
  const refused = page.getByRole('list', { name: 'Cambios rechazados' });
  await expect(refused.getByRole('listitem')).toHaveCount(2);
  await expect(refused.getByRole('listitem').first()).toContainText('Crear trabajador Rosa Duplicada');
  await expect(refused.getByRole('listitem').first()).toContainText('Ya existe un trabajador con ese rut');
  await expectAccessible(page);

  // Correct the first one: the form opens with what was refused, and the corrected write goes again.
  await refused.getByRole('listitem').first().getByRole('link', { name: 'Corregir y reenviar' }).click();
  await expect(page.getByRole('heading', { name: 'Corregir trabajador', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Ya existe un trabajador con ese rut' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombres*' })).toHaveValue('Rosa');
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Rut (12345678-9)*' }).fill(corrected);
  await page.getByRole('button', { name: 'Guardar y reenviar' }).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await expect(refused.getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });

  // Discard the second on purpose, after confirming.
  await refused.getByRole('listitem').first().getByRole('button', { name: 'Descartar' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Descartar cambio' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('El servidor no ha rechazado ningún cambio.')).toBeVisible();
  await expectAllSent(page, 15_000);

  expect((await serverWorkersByRut(page.request, token, corrected)).data.map((worker) => worker.ApellidoPaterno)).toEqual(['Duplicada']);
  expect((await serverWorkersByRut(page.request, token, taken)).data.map((worker) => worker.ApellidoPaterno)).toEqual(['Oficina']);
  expect((await serverWorkersByRut(page.request, token, alsoTaken)).data.map((worker) => worker.ApellidoPaterno)).toEqual(['Oficina']);

  // The discarded worker is gone from the device; the office's one arrived with the pull.
  await goToWorkers(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill(alsoTaken);
  await expect(page.getByRole('list', { name: 'Lista de trabajadores' }).getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Oficina, Raúl/ })).toBeVisible();
});

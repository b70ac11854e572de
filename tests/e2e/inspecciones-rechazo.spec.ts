import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { controlledByServiceWorker, freshRut, localWorkerByRut, SUPERVISOR, syncStatus, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
import { createServerWorker, deleteServerWorker, drawOn, officeSession, serverInspection, serverInspectionsAt } from './support/inspection-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const TEMPLATE = 'Observación de conducta';
const STATEMENTS = 15;
const WORKER_INVALID = 'Un trabajador observado no existe';

function statements(page: Page) {
  return page.getByRole('group', { name: /^\d+\. / });
}

async function answer(page: Page, index: number): Promise<void> {
  const button = statements(page).nth(index).getByRole('group', { name: 'Respuesta' }).getByRole('button', { name: 'Cumple', exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

async function finish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Finalizar inspección' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/inspecciones\/detalles\//);
  return decodeURIComponent(page.url().split('/').pop()!);
}

test('IN11: an inspection the server refuses (its observed worker was deleted meanwhile) is reopened whole, corrected and reaches the server once', async ({ page, context }) => {
  const stamp = Date.now();
  const place = `Patio de maniobras ${stamp}`;
  const team = 'Cuadrilla de izaje C';
  const rut = freshRut();
  const worker = { rut, nombres: 'Ignacio', paterno: `Borrado${stamp}` };
  const workerName = `${worker.nombres} ${worker.paterno}`;

  // The office registers the worker; the supervisor's tablet pulls it on its first sync.
  const office = await officeSession(page.request);
  const workerId = await createServerWorker(page.request, office.token, worker);
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await expectAllSent(page);
  await expect.poll(async () => (await localWorkerByRut(page, rut))?.IdPersona, { timeout: 15_000 }).toBe(workerId);

  // No signal at the worksite: the whole inspection is filled, signed and finished offline.
  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toContainText('Sin conexión');
  await page.getByRole('link', { name: 'Nueva inspección' }).first().click();
  await expect(page.getByRole('heading', { name: 'Nueva inspección', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar formulario' }).fill('conducta');
  await page.getByRole('button', { name: `${TEMPLATE} ${STATEMENTS} enunciados`, exact: true }).click();
  await page.getByRole('textbox', { name: 'Lugar*' }).fill(place);
  await page.getByRole('textbox', { name: 'Actividad observada*' }).fill('Izaje de estanque con grúa horquilla');
  await page.getByRole('searchbox', { name: 'Agregar trabajador observado' }).fill(rut);
  await page.getByRole('list', { name: 'Resultados de agregar trabajador observado' }).getByRole('button', { name: new RegExp(workerName) }).click();
  await expect(page.getByRole('button', { name: `Quitar a ${workerName}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Comenzar inspección' }).click();

  await expect(statements(page)).toHaveCount(STATEMENTS);
  const progress = page.getByRole('region', { name: 'Avance de la inspección' });
  for (let index = 0; index < STATEMENTS; index += 1) await answer(page, index);
  await expect(progress).toContainText(`${STATEMENTS} de ${STATEMENTS} respondidas`);
  await drawOn(page, page.getByRole('img', { name: /^Firma del ejecutor/ }));
  await page.getByRole('button', { name: 'Guardar firma del ejecutor' }).click();
  const executorSignature = page.getByRole('button', { name: /^Eliminar firma de / });
  await expect(executorSignature).toBeVisible();
  const executor = ((await executorSignature.getAttribute('aria-label')) ?? (await executorSignature.textContent()) ?? '').replace(/^Eliminar firma de /, '').trim();
  expect(executor).not.toBe('');
  await expectAccessible(page);
  const inspectionId = await finish(page);
  await expect(syncStatus(page)).toContainText('1 pendiente');
  await expectAccessible(page);

  // Meanwhile the office deletes that worker: the tablet cannot know it.
  await deleteServerWorker(page.request, office, workerId);

  // Signal again: the server refuses the inspection and Sincronización says why.
  await context.setOffline(false);
  await expect(syncStatus(page)).toContainText('1 rechazado', { timeout: 30_000 });
  expect(await serverInspectionsAt(page.request, office.token, place)).toEqual([]);
  await syncStatus(page).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  const refused = page.getByRole('list', { name: 'Cambios rechazados' });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem').first().getByRole('note')).toHaveText(WORKER_INVALID);
  await expectAccessible(page);

  // "Corregir y reenviar" leads to the finished draft with the server's message and the way to reopen it.
  await refused.getByRole('listitem').first().getByRole('link', { name: 'Corregir y reenviar' }).click();
  await expect(page.getByRole('heading', { name: TEMPLATE, level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: `El servidor rechazó este cambio: ${WORKER_INVALID}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalizar inspección' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Reabrir para corregir' }).click();

  // Open again, nothing lost: every answer and the executor's signature are still there.
  await expect(page.getByRole('alert').filter({ hasText: `El servidor rechazó esta inspección: ${WORKER_INVALID}` })).toBeVisible();
  await expect(progress).toContainText(`${STATEMENTS} de ${STATEMENTS} respondidas`);
  await expect(page.getByRole('button', { name: `Eliminar firma de ${executor}` })).toBeVisible();
  for (let index = 0; index < STATEMENTS; index += 1) {
    await expect(statements(page).nth(index).getByRole('button', { name: 'Cumple', exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(syncStatus(page)).not.toContainText('rechazado');
  await expectAccessible(page);

  // The pull brought the office's deletion: the worker left the device, so the chip no longer has a name to show.
  expect(await localWorkerByRut(page, rut)).toBeNull();
  // The correction: the deleted worker out, the team in; finished again.
  await page.getByRole('button', { name: 'Editar encabezado' }).click();
  const observed = page.getByRole('group', { name: 'Trabajadores observados' });
  await expect(observed.getByRole('listitem')).toHaveCount(1);
  await observed.getByRole('button', { name: 'Quitar a Trabajador no disponible en este dispositivo' }).click();
  await expect(observed).toContainText('Ningún trabajador elegido.');
  await page.getByRole('textbox', { name: 'Equipo de trabajo' }).fill(team);
  await expectAccessible(page);
  expect(await finish(page)).toBe(inspectionId);
  await expectAllSent(page);
  await expectAccessible(page);

  // The server holds ONE inspection for that place: the corrected one, with its team and all its answers.
  const onServer = await serverInspectionsAt(page.request, office.token, place);
  expect(onServer.map((row) => row.IdEvaluacion)).toEqual([inspectionId]);
  const stored = await serverInspection(page.request, office.token, inspectionId);
  expect(stored.data.EquipoTrabajo).toBe(team);
  expect(stored.data.Observados).toEqual([]);
  expect(stored.data.Respuestas).toHaveLength(STATEMENTS);
  expect(stored.data.Respuestas.every((row) => row.Respuesta === 1)).toBe(true);
  expect(stored.lista_firmas.map((firma) => firma.Nombre)).toEqual([executor]);

  await syncStatus(page).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await expect(page.getByText('El servidor no ha rechazado ningún cambio.')).toBeVisible();
  await expectAccessible(page);
});

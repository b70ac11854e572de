import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, controlledByServiceWorker, sha256Hex, SUPERVISOR, syncStatus, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
import {
  cameraPhoto,
  deviceFileHashes,
  drawOn,
  readPdf,
  serverInspection,
  serverInspectionsAt,
  serverReportPdf,
} from './support/inspection-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const TEMPLATE = 'Trabajo en altura';
const STATEMENTS = 30;
/** Zero-based positions of the two statements answered "No cumple". */
const FAILED = [5, 17];
const FIRST_FAILED_TEXT = 'El arnés de cuerpo completo está certificado y sin daños';

function statements(page: Page) {
  return page.getByRole('group', { name: /^\d+\. / });
}

async function answer(page: Page, index: number, label: 'Cumple' | 'No cumple'): Promise<void> {
  const button = statements(page).nth(index).getByRole('group', { name: 'Respuesta' }).getByRole('button', { name: label, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

async function fillObservation(page: Page, index: number, text: string, responsible: string, photoSeeds: number[]): Promise<void> {
  const observation = statements(page).nth(index).getByRole('group', { name: 'Observación' });
  await observation.getByRole('textbox', { name: 'Observación*' }).fill(text);
  await observation.getByRole('textbox', { name: 'Responsable*' }).fill(responsible);
  await observation.getByRole('button', { name: '7 días' }).click();
  await observation.getByRole('group', { name: 'Semáforo' }).getByRole('button', { name: 'Rojo' }).click();
  await observation.getByRole('group', { name: 'Gravedad' }).getByRole('button', { name: 'Alta' }).click();
  const photos = observation.getByRole('group', { name: 'Fotos de la observación' });
  for (const seed of photoSeeds) {
    const before = await photos.getByRole('img').count();
    await photos.locator('input[type=file]').setInputFiles(await cameraPhoto(page, seed));
    await expect(photos.getByRole('img')).toHaveCount(before + 1, { timeout: 15_000 });
  }
}

test('a 30-statement inspection filled offline on a tablet reaches the server once, is reviewed at the office, and its PDF holds what was filled', async ({
  page,
  context,
  browser,
}) => {
  const place = `Torre de enfriamiento ${Date.now()}`;

  // Signed in and synced once, then the worksite has no signal until the inspection is finished.
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await expectAllSent(page);
  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toContainText('Sin conexión');

  await page.getByRole('link', { name: 'Nueva inspección' }).first().click();
  await page.getByRole('searchbox', { name: 'Buscar formulario' }).fill('altura');
  await page.getByRole('button', { name: `${TEMPLATE} ${STATEMENTS} enunciados` }).click();
  await page.getByRole('textbox', { name: 'Lugar*' }).fill(place);
  await page.getByRole('textbox', { name: 'Equipo de trabajo' }).fill('Cuadrilla de mantención A');
  await page.getByLabel('Altura de trabajo (m)*').fill('12');
  await page.getByLabel('N° de permiso de trabajo*').fill('PT-2026-118');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Comenzar inspección' }).click();

  await expect(statements(page)).toHaveCount(STATEMENTS);
  const progress = page.getByRole('region', { name: 'Avance de la inspección' });
  await expectAccessible(page);

  // Half of it, then the tablet reloads (a crash, a closed tab): nothing typed is lost.
  for (let index = 0; index < 15; index += 1) await answer(page, index, FAILED.includes(index) ? 'No cumple' : 'Cumple');
  await fillObservation(page, FAILED[0]!, 'Arnés con costura cortada en la pierna izquierda', 'Jefe de cuadrilla', [1, 2]);
  await expect(progress).toContainText(`15 de ${STATEMENTS} respondidas`);
  await page.reload();
  await expect(progress).toContainText(`15 de ${STATEMENTS} respondidas`);
  await expect(statements(page).nth(FAILED[0]!).getByRole('textbox', { name: 'Observación*' })).toHaveValue(
    'Arnés con costura cortada en la pierna izquierda',
  );
  await expect(statements(page).nth(FAILED[0]!).getByRole('group', { name: 'Fotos de la observación' }).getByRole('img')).toHaveCount(2);

  for (let index = 15; index < STATEMENTS; index += 1) await answer(page, index, FAILED.includes(index) ? 'No cumple' : 'Cumple');
  await fillObservation(page, FAILED[1]!, 'Barandas sin rodapié en el nivel 3 del andamio', 'Supervisor de andamios', [3, 4]);
  await expect(progress).toContainText(`${STATEMENTS} de ${STATEMENTS} respondidas`);
  const grade = /Nota\s*(\d,\d)/.exec((await progress.textContent()) ?? '')?.[1];
  expect(grade).toMatch(/^\d,\d$/);

  await page.getByRole('button', { name: 'Agregar observación general' }).click();
  await page
    .getByRole('textbox', { name: 'Observación general*' })
    .fill('Buena disposición del equipo; reforzar la charla de inicio de turno.');
  const generalPhotos = page.getByRole('group', { name: /Fotos de la observación general/ });
  await generalPhotos.locator('input[type=file]').setInputFiles(await cameraPhoto(page, 5));
  await expect(generalPhotos.getByRole('img')).toHaveCount(1, { timeout: 15_000 });

  await page.getByRole('textbox', { name: 'Nombre del ejecutor*' }).fill('Carla Rojas Díaz');
  await drawOn(page, page.getByRole('img', { name: /^Firma del ejecutor/ }));
  await page.getByRole('button', { name: 'Guardar firma del ejecutor' }).click();
  await page.getByRole('button', { name: 'Agregar firmante' }).click();
  await page.getByRole('textbox', { name: 'Nombre de quien firma*' }).fill('Pedro Soto Vidal');
  await drawOn(page, page.getByRole('img', { name: /^Firma de quien firma/ }));
  await page.getByRole('button', { name: 'Guardar firma', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Eliminar firma de Pedro Soto Vidal' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Finalizar inspección' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/inspecciones\/detalles\//);
  const inspectionId = decodeURIComponent(page.url().split('/').pop()!);
  await expect(syncStatus(page)).toContainText('1 pendiente');
  await expect(page.getByRole('listitem').filter({ hasText: 'Arnés con costura cortada' })).toContainText('Rojo');
  await expect(page.getByRole('listitem').filter({ hasText: 'Barandas sin rodapié' })).toContainText('Rojo');
  await expectAccessible(page);

  // The report, made in the browser with no network.
  await page.getByRole('link', { name: 'Ver PDF' }).click();
  const downloadButton = page.getByRole('button', { name: 'Descargar PDF' }).or(page.getByRole('link', { name: 'Descargar PDF' }));
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  const browserPdf = readPdf(fs.readFileSync(await download.path()));
  expect(browserPdf.text).toContain(TEMPLATE);
  expect(browserPdf.text).toContain(FIRST_FAILED_TEXT);
  expect(browserPdf.text).toContain('Arnés con costura cortada en la pierna izquierda');
  expect(browserPdf.text).toContain('Carla Rojas Díaz');
  expect(browserPdf.text).toContain('Pedro Soto Vidal');
  expect(browserPdf.text).toContain(`Nota ${grade}`);
  // 4 observation photos, 1 general photo and 2 signatures.
  expect(browserPdf.images).toBe(7);

  // Back online: the one queued write drains by itself.
  await context.setOffline(false);
  await expectAllSent(page);

  const token = await apiToken(page.request, ADMIN);
  const onServer = await serverInspectionsAt(page.request, token, place);
  expect(onServer.map((row) => row.IdEvaluacion)).toEqual([inspectionId]);
  const stored = await serverInspection(page.request, token, inspectionId);
  expect(stored.observaciones.map((row) => row.Observacion).sort()).toEqual([
    'Arnés con costura cortada en la pierna izquierda',
    'Barandas sin rodapié en el nivel 3 del andamio',
  ]);
  expect(stored.obsgenerales).toHaveLength(1);
  expect(stored.lista_firmas.map((firma) => firma.Nombre).sort()).toEqual(['Carla Rojas Díaz', 'Pedro Soto Vidal']);
  const serverHashes = [...stored.observaciones, ...stored.obsgenerales]
    .flatMap((row) => row.Archivos.map((file) => file.Sha256))
    .concat(stored.lista_firmas.map((firma) => firma.Archivo.Sha256));
  expect(serverHashes).toHaveLength(7);
  const onDevice = new Set(await deviceFileHashes(page));
  for (const sha of serverHashes) {
    expect(onDevice.has(sha)).toBe(true);
    const file = await page.request.get(stored.Urls[sha]!);
    expect(file.status()).toBe(200);
    expect(sha256Hex(await file.body())).toBe(sha);
  }

  // The same report drawn by the server.
  const serverPdf = readPdf(await serverReportPdf(page.request, token, inspectionId));
  expect(serverPdf.text).toContain(FIRST_FAILED_TEXT);
  expect(serverPdf.text).toContain(`Nota ${grade}`);
  expect(serverPdf.text).toContain('Pedro Soto Vidal');
  expect(serverPdf.images).toBeGreaterThanOrEqual(7);

  // At the office: each observation is answered, then one rejected with a new deadline and the other approved.
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desk = await office.newPage();
  await openSignedIn(desk, ADMIN);
  await reviewObservation(desk, 'Arnés con costura cortada en la pierna izquierda', 'rechazar');
  await reviewObservation(desk, 'Barandas sin rodapié en el nivel 3 del andamio', 'aprobar');
  await expectAllSent(desk);
  await office.close();

  // The tablet sees the new lights (red before) after its next sync: rejected is yellow with its new deadline, approved green.
  await page.goto(`/inspecciones/detalles/${encodeURIComponent(inspectionId)}`);
  await syncStatus(page).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('main').getByRole('button', { name: 'Sincronizar' }).click();
  await expectAllSent(page);
  await page.goto(`/inspecciones/detalles/${encodeURIComponent(inspectionId)}`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Arnés con costura cortada' })).toContainText('Amarillo');
  await expect(page.getByRole('listitem').filter({ hasText: 'Barandas sin rodapié' })).toContainText('Verde');
  await expectAccessible(page);
});

async function reviewObservation(page: Page, text: string, decision: 'aprobar' | 'rechazar'): Promise<void> {
  await page.goto('/observaciones');
  await expect(page.getByRole('link', { name: new RegExp(text) })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: new RegExp(text) }).click();
  await expect(page.getByRole('heading', { name: 'Observación', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Responder' }).click();
  await page.getByRole('textbox', { name: 'Respuesta*' }).fill('Se cambió el equipo y se instruyó a la cuadrilla.');
  await page.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText('Respuesta registrada correctamente').first()).toBeVisible();
  if (decision === 'aprobar') {
    await page.getByRole('button', { name: 'Aprobar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Aprobar' }).click();
    await expect(page.getByText('Observación aprobada correctamente').first()).toBeVisible();
  } else {
    await page.getByRole('button', { name: 'Rechazar' }).click();
    await page.getByRole('textbox', { name: 'Motivo del rechazo*' }).fill('Falta la foto del arnés nuevo con su certificado.');
    const nextWeek = new Date(Date.now() + 7 * 86_400_000)
      .toLocaleDateString('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' })
      .replaceAll('-', '/');
    await page.getByRole('textbox', { name: 'Nuevo plazo*' }).fill(nextWeek);
    await page.getByRole('button', { name: 'Rechazar observación' }).click();
    await expect(page.getByText('Observación rechazada correctamente').first()).toBeVisible();
  }
  await expectAccessible(page);
}

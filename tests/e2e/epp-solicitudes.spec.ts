import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { EppSolicitud } from '#sync/schemas/epp-solicitudes.schema.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, controlledByServiceWorker, expectAllSent, localRows, SUPERVISOR, syncStatus } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
import { drawOn } from './support/inspection-session.ts';
import { type CrewWorker, demoWorkersOfPosition, EPP_API } from './support/epp-session.ts';

const LANDSCAPE = { width: 1024, height: 768 };
test.use({ viewport: LANDSCAPE, actionTimeout: 15_000 });

const nameOf = (worker: CrewWorker) => [worker.Nombres, worker.ApellidoPaterno, worker.ApellidoMaterno].filter(Boolean).join(' ');

/** Solicitudes de EPP through the side navigation (Módulos, EPP, Solicitudes). */
async function openRequests(page: Page): Promise<void> {
  const modules = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: /Módulos/ });
  if ((await modules.getAttribute('aria-pressed')) !== 'true') await modules.click();
  const menu = page.getByRole('navigation', { name: 'Menú Módulos' });
  await menu.getByRole('button', { name: 'EPP' }).click();
  await menu.getByRole('link', { name: 'Solicitudes' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitudes de EPP', level: 1 })).toBeVisible();
}

async function tab(page: Page, label: 'Pendientes' | 'Despachadas' | 'Entregadas') {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  return page.getByRole('list', { name: `Solicitudes ${label.toLocaleLowerCase('es')}` });
}

/** The requests of a tab (each card's own list of workers is nested inside). */
function cards(list: Locator): Locator {
  return list.locator(':scope > li');
}

async function serverRequest(page: Page, token: string, id: string): Promise<EppSolicitud> {
  const response = await page.request.get(`${EPP_API}/solicitud/${id}/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: EppSolicitud }).data;
}

async function signInThenOffline(page: Page, context: BrowserContext): Promise<void> {
  await openSignedIn(page, SUPERVISOR);
  await controlledByServiceWorker(page);
  await expectAllSent(page);
  await context.setOffline(true);
  await page.reload();
  await expect(syncStatus(page)).toContainText('Sin conexión');
}

test('EPP request: raised offline with sizes for two workers, dispatched at the office with another at once, signed on the tablet from the dispatched request, and delivered on the server', async ({ page, context, browser }) => {
  const token = await apiToken(page.request, ADMIN);
  const [first, second] = await demoWorkersOfPosition(page.request, token, 'Eléctrico');

  // The supervisor, no signal: a new request for two workers, each with the EPP of their position and a size per item.
  await signInThenOffline(page, context);
  await openRequests(page);
  await expectAccessible(page);
  const pendingBefore = await cards(await tab(page, 'Pendientes')).count();
  await page.getByRole('link', { name: 'Nueva solicitud' }).click();
  for (const worker of [first!, second!]) {
    await page.getByRole('searchbox', { name: 'Buscar trabajador por nombre o RUT' }).fill(worker.Nombres);
    await page.getByRole('button', { name: new RegExp(nameOf(worker)) }).click();
  }
  await expect(page.getByRole('group', { name: new RegExp(nameOf(first!)) })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar solicitud' }).click();
  // A size is required where the item has sizes.
  await expect(page.getByRole('alert').filter({ hasText: 'Indica la talla de cada EPP que tiene tallas' })).toBeVisible();
  for (const [index, worker] of [first!, second!].entries()) {
    await page.getByRole('combobox', { name: `Talla de Guantes dieléctricos clase 0 para ${nameOf(worker)}` }).selectOption(String(9 + index));
    await page.getByRole('combobox', { name: `Talla de Zapatos de seguridad para ${nameOf(worker)}` }).selectOption(String(41 + index));
  }
  await page.getByRole('spinbutton', { name: `Cantidad de Guantes dieléctricos clase 0 para ${nameOf(first!)}` }).fill('2');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Registrar solicitud' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitudes de EPP', level: 1 })).toBeVisible();
  const pending = await tab(page, 'Pendientes');
  await expect(cards(pending)).toHaveCount(pendingBefore + 1);
  await expect(syncStatus(page)).toContainText('1 pendiente');
  const mine = (await localRows<EppSolicitud>(page, 'epp_solicitudes')).find((row) => row.Lineas.some((line) => line.IdPersona === first!.IdPersona) && row.Estado === 1)!;
  expect(mine.Lineas.filter((line) => line.Talla !== '').map((line) => [line.NombreEpp, line.Talla, line.Cantidad])).toEqual([
    ['Guantes dieléctricos clase 0', '9', 2],
    ['Zapatos de seguridad', '41', 1],
    ['Guantes dieléctricos clase 0', '10', 1],
    ['Zapatos de seguridad', '42', 1],
  ]);

  // Signal again: the request reaches the server.
  await context.setOffline(false);
  await expectAllSent(page);
  expect((await serverRequest(page, token, mine.IdSolicitud)).Estado).toBe(1);

  // The office dispatches it together with another pending request, in one dialog.
  const officeContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const office = await officeContext.newPage();
  await openSignedIn(office, ADMIN);
  await openRequests(office);
  const officePending = await tab(office, 'Pendientes');
  await expect(officePending.getByRole('checkbox', { name: new RegExp(nameOf(first!)) })).toBeVisible({ timeout: 30_000 });
  await officePending.getByRole('checkbox', { name: new RegExp(nameOf(first!)) }).check();
  // Another pending request (the demo's) goes in the same dispatch.
  for (const box of await officePending.getByRole('checkbox').all()) {
    if ((await box.getAttribute('aria-label'))?.includes(nameOf(first!))) continue;
    await box.check();
    break;
  }
  await expectAccessible(office);
  await office.getByRole('button', { name: 'Despachar 2 seleccionadas' }).click();
  const dialog = office.getByRole('dialog', { name: 'Despachar 2 solicitudes' });
  await dialog.getByRole('button', { name: 'Despachar' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'El código de despacho es requerido' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Código de despacho*' }).fill('GD-7781');
  await expect(dialog.getByRole('textbox', { name: 'Nombre de quien despacha*' })).not.toHaveValue('');
  await expectAccessible(office);
  await dialog.getByRole('button', { name: 'Despachar' }).click();
  await expect(office.getByText('Solicitudes despachadas correctamente')).toBeVisible();
  await expect(officePending.getByRole('checkbox', { name: new RegExp(nameOf(first!)) })).toHaveCount(0);
  await expectAllSent(office);
  expect(await serverRequest(office, token, mine.IdSolicitud)).toMatchObject({ Estado: 2, CodigoDespacho: 'GD-7781' });
  await officeContext.close();

  // The tablet, after its sync, shows the request waiting for the two workers' signatures; opening it starts the crew.
  await page.reload();
  const dispatched = await tab(page, 'Despachadas');
  const card = cards(dispatched).filter({ hasText: nameOf(first!) }).filter({ hasText: 'GD-7781' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await card.getByRole('button', { name: /Entregar y firmar/ }).click();
  await expect(page).toHaveURL(/\/epp\/entregados\/editar\//);
  await expect(page.getByRole('combobox', { name: `Talla de Zapatos de seguridad para ${nameOf(second!)}` })).toHaveValue('42');
  await expect(page.getByRole('spinbutton', { name: `Cantidad de Guantes dieléctricos clase 0 para ${nameOf(first!)}` })).toHaveValue('2');
  await drawOn(page, page.getByRole('img', { name: /^Firma de quien entrega/ }));
  await page.getByRole('button', { name: 'Firmar como quien entrega' }).click();
  for (const [index, worker] of [first!, second!].entries()) {
    await expect(page.getByRole('heading', { name: new RegExp(`^Firma de ${nameOf(worker)}`) })).toBeVisible();
    await drawOn(page, page.getByRole('img', { name: new RegExp(`^Firma de ${nameOf(worker)}:`) }));
    await page.getByRole('button', { name: 'Firmar y sellar acta' }).click();
    // The last signature finishes the crew at once: only the first one's count stays on screen.
    if (index === 0) await expect(page.getByText('1 de 2 trabajadores firmaron')).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Entrega finalizada' })).toBeVisible();
  await expectAccessible(page);
  await expectAllSent(page);

  // The server has the request delivered, each worker with their acta; the tablet no longer lists it as pending or waiting.
  const delivered = await serverRequest(page, token, mine.IdSolicitud);
  expect(delivered.Estado).toBe(3);
  expect(delivered.Entregado.map((row) => row.IdPersona).sort()).toEqual([first!.IdPersona, second!.IdPersona].sort());
  // A fresh start of the app (sync and pull) on the requests screen.
  await page.goto('/epp/solicitudes');
  await expect(cards(await tab(page, 'Entregadas')).filter({ hasText: nameOf(first!) })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
  await expect(cards(await tab(page, 'Pendientes')).filter({ hasText: nameOf(first!) })).toHaveCount(0);
  await expect(cards(await tab(page, 'Despachadas')).filter({ hasText: nameOf(first!) })).toHaveCount(0);
});

test('EPP request detail: opened from the list on the tablet without signal, with its workers and items, and a request the device lacks said so in Spanish', async ({ page, context }) => {
  await signInThenOffline(page, context);
  await openRequests(page);
  // Whichever state holds a request on this device (the other test moves the demo's along).
  let card: Locator | null = null;
  for (const label of ['Pendientes', 'Despachadas', 'Entregadas'] as const) {
    const found = cards(await tab(page, label));
    if ((await found.count()) > 0) {
      card = found.first();
      break;
    }
  }
  expect(card).not.toBeNull();
  const worker = (await card!.locator('.epp-request-card__workers strong').first().innerText()).split(' (')[0]!;
  await card!.getByRole('link', { name: /^Ver detalle/ }).click();
  await expect(page).toHaveURL(/\/epp\/solicitudes\/detalles\//);
  await expect(page.getByRole('heading', { level: 1, name: /^Solicitud del \d{2}\/\d{2}\/\d{4}$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Datos de la solicitud' })).toContainText('Estado');
  await expect(page.getByRole('region', { name: 'EPP solicitados', exact: true })).toContainText(worker);
  await expectAccessible(page);

  await page.goto('/epp/solicitudes/detalles/0193f2a0-6c1e-7a10-8b2e-00000000beef');
  await expect(page.getByText('Solicitud de EPP no encontrada en este dispositivo. Se descargará cuando haya conexión.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solicitudes de EPP', exact: true })).toBeVisible();
  await expectAccessible(page);
});

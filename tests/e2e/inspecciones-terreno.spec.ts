import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, controlledByServiceWorker, SUPERVISOR, syncStatus, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
import { createServerTemplate, drawOn, readPdf, serverReportPdf, syncNow } from './support/inspection-session.ts';

/**
 * What a supervisor on a phone and a tablet, and an office user on a desktop, stumbled on in inspections and
 * observations: each point checked at the size where it was seen, with axe on every screen visited.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1280, height: 800 };
const DESKTOP = { width: 1440, height: 900 };
const MIN_TARGET = 44;

function statements(page: Page) {
  return page.getByRole('group', { name: /^\d+\. / });
}

async function height(target: Locator): Promise<number> {
  return (await target.boundingBox())!.height;
}

/** True when the element's text fits its box (nothing cut or spilling, across or down). */
function fitsItsBox(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1);
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The shared notice (toast), once it is on screen. */
function notice(page: Page): Locator {
  return page.locator('ion-toast.app-notice');
}

type Box = { x: number; y: number; width: number; height: number };
type NoticeWatch = { nextNotice?: Promise<Box | null> };

/**
 * Starts watching for the next notice, before the action that shows it: the page measures where it rests the moment
 * Ionic has presented it. A notice lasts 2.5 s; measured from the test, some round trips later on a loaded machine,
 * it could already be fading out or gone (both happened in full runs).
 */
async function watchNextNotice(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as NoticeWatch).nextNotice = new Promise<Box | null>((resolve) => {
      const presented = (event: Event) => {
        const toast = event.target as HTMLElement;
        if (!toast.classList.contains('app-notice')) return;
        document.removeEventListener('ionToastDidPresent', presented, true);
        const { x, y, width, height } = toast.shadowRoot!.querySelector('.toast-wrapper')!.getBoundingClientRect();
        resolve({ x, y, width, height });
      };
      document.addEventListener('ionToastDidPresent', presented, true);
      setTimeout(() => resolve(null), 30_000);
    });
  });
}

/** The notice watched for sits below the top bar and leaves the sync status readable. */
async function expectNoticeBelowTopBar(page: Page): Promise<void> {
  const toast = await page.evaluate(() => (window as NoticeWatch).nextNotice ?? null);
  expect(toast, 'a notice was presented').not.toBeNull();
  const bar = (await page.getByRole('banner').boundingBox())!;
  const status = (await syncStatus(page).boundingBox())!;
  expect(toast!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  expect(overlaps(toast!, status)).toBe(false);
}

/** A small template made at the office, with a long name a phone must show whole. */
async function officeTemplate(page: Page): Promise<string> {
  const name = `Andamios multidireccionales y plataformas de trabajo ${Date.now()}`;
  await createServerTemplate(page.request, await apiToken(page.request, ADMIN), name, [
    'El andamio tiene su tarjeta verde vigente',
    'Las plataformas tienen rodapié y baranda',
  ]);
  return name;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, actionTimeout: 15_000 });

  test('the home leads to the work, names and answers fit, a new observation reads Abierta, notices stay below the bar, and Sincronizar offline says ' +
    'why', async ({
    page,
    context,
  }) => {
    const template = await officeTemplate(page);
    await openSignedIn(page, SUPERVISOR);
    await controlledByServiceWorker(page);
    await expectAllSent(page);

    // Home: the work first; the device's storage table lives in Sincronización.
    const home = page.getByRole('main');
    await expect(home.getByRole('link', { name: 'Nueva inspección' }).first()).toBeVisible();
    await expect(home.getByRole('region', { name: 'Mis observaciones abiertas' })).toBeVisible();
    await expect(home.getByRole('region', { name: 'Sincronización' }).getByRole('link', { name: 'Ver sincronización' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Datos en este dispositivo' })).toHaveCount(0);
    await expectAccessible(page);

    await home.getByRole('link', { name: 'Nueva inspección' }).first().click();
    await page.getByRole('searchbox', { name: 'Buscar formulario' }).fill('andamios multidireccionales');
    const choice = page.getByRole('button', { name: `${template} 2 enunciados`, exact: true });
    await expect(choice).toBeVisible();
    await expect(choice.getByText(template)).toBeVisible();
    expect(await fitsItsBox(choice.getByText(template))).toBe(true);
    await choice.click();

    // Required header fields are marked, and starting without them says what is missing, at the field.
    const place = page.getByRole('textbox', { name: 'Lugar*' });
    await expect(place).toHaveAttribute('aria-required', 'true');
    await page.getByRole('button', { name: 'Comenzar inspección' }).click();
    await expect(page.getByText('El lugar es requerido')).toBeVisible();
    await expect(page).toHaveURL(/\/inspecciones\/nuevo/);
    await expectAccessible(page);
    await place.fill(`Andamio torre 3 ${Date.now()}`);
    await page.getByRole('textbox', { name: 'Equipo de trabajo' }).fill('Cuadrilla de andamios');
    await page.getByRole('button', { name: 'Comenzar inspección' }).click();
    await expect(statements(page)).toHaveCount(2);

    // The chosen answer's label fits its button at 390 px; the observation it opens is Abierta beside its light.
    for (const [index, label] of [
      [0, 'No cumple'],
      [1, 'No aplica'],
    ] as const) {
      await statements(page).nth(index).getByRole('group', { name: 'Respuesta' }).getByRole('button', { name: label, exact: true }).click();
      const chosen = statements(page).nth(index).getByRole('button', { name: label, pressed: true });
      await expect(chosen).toBeVisible();
      expect(await fitsItsBox(chosen), label).toBe(true);
    }
    const observation = statements(page).nth(0).getByRole('group', { name: 'Observación' });
    await expect(observation.getByText('Estado: Abierta', { exact: true })).toBeVisible();
    await observation.getByRole('textbox', { name: 'Observación*' }).fill('Falta la tarjeta verde en el acceso norte');
    await observation.getByRole('textbox', { name: 'Responsable*' }).fill('Jefe de andamios');
    await observation.getByRole('button', { name: '7 días' }).click();
    await expectAccessible(page);

    await drawOn(page, page.getByRole('img', { name: /^Firma del ejecutor/ }));
    await page.getByRole('button', { name: 'Guardar firma del ejecutor' }).click();
    await page.getByRole('button', { name: 'Finalizar inspección' }).click();
    await watchNextNotice(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Finalizar' }).click();
    await expect(page).toHaveURL(/\/inspecciones\/detalles\//);
    // The notice of the finish sits below the top bar: the sync status stays readable.
    await expect(notice(page)).toContainText('Inspección guardada correctamente');
    await expectNoticeBelowTopBar(page);
    const card = page.getByRole('listitem').filter({ hasText: 'Falta la tarjeta verde' });
    await expect(card).toContainText('Semáforo: Verde');
    await expect(card).toContainText('Estado: Abierta');
    await expectAllSent(page);
    await expectAccessible(page);

    // The report drawn in the page: one canvas per PDF page, as wide as the phone at most, no embedded viewer.
    await page.getByRole('link', { name: 'Ver PDF' }).click();
    const preview = page.getByRole('region', { name: 'Vista previa del informe' });
    await expect(preview).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    const inspectionId = decodeURIComponent(page.url().split('/').pop()!);
    const pages = readPdf(await serverReportPdf(page.request, await apiToken(page.request, ADMIN), inspectionId)).pages;
    await expect(preview.getByRole('img', { name: /^Página \d+ de \d+$/ })).toHaveCount(pages);
    await expect(preview.getByRole('img', { name: `Página 1 de ${pages}` })).toBeVisible();
    expect((await preview.locator('canvas').first().boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.locator('iframe, embed, object')).toHaveCount(0);
    await expectAccessible(page);

    // The inspections list shows the template's whole name on a phone.
    await page.goto('/inspecciones');
    const row = page.getByRole('link').filter({ hasText: template });
    await expect(row).toBeVisible();
    // The list learns its width when it is laid out (a page may mount hidden during its transition): judged then.
    await expect.poll(() => fitsItsBox(row.getByText(template))).toBe(true);
    await expectAccessible(page);

    // Offline, "Sincronizar" says why nothing happens.
    await context.setOffline(true);
    await expect(syncStatus(page)).toContainText('Sin conexión');
    await watchNextNotice(page);
    await syncNow(page);
    await expect(notice(page)).toContainText('Sin conexión con el servidor. Se reintentará automáticamente.');
    await expectNoticeBelowTopBar(page);
    await expectAccessible(page);
    await context.setOffline(false);
  });
});

test.describe('on a 10-inch tablet', () => {
  test.use({ viewport: TABLET, actionTimeout: 15_000 });

  test('frequent actions are at least 44 px high, and a detail page highlights its own menu group', async ({ page }) => {
    const template = await officeTemplate(page);
    await openSignedIn(page, SUPERVISOR);
    await expectAllSent(page);

    await page.goto('/inspecciones');
    const newInspection = page.getByRole('main').getByRole('link', { name: 'Nueva inspección' }).first();
    await expect(newInspection).toBeVisible();
    expect(await height(newInspection)).toBeGreaterThanOrEqual(MIN_TARGET);
    await expectAccessible(page);

    await newInspection.click();
    await page.getByRole('searchbox', { name: 'Buscar formulario' }).fill('andamios multidireccionales');
    await page.getByRole('button', { name: `${template} 2 enunciados`, exact: true }).click();
    await page.getByRole('textbox', { name: 'Lugar*' }).fill(`Andamio torre 5 ${Date.now()}`);
    await page.getByRole('textbox', { name: 'Equipo de trabajo' }).fill('Cuadrilla de andamios');
    await page.getByRole('button', { name: 'Comenzar inspección' }).click();
    await expect(statements(page)).toHaveCount(2);

    await expect(page.getByRole('button', { name: 'Editar encabezado' })).toBeVisible();
    expect(await height(page.getByRole('button', { name: 'Editar encabezado' }))).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(await height(page.getByRole('main').getByRole('link', { name: 'Inspecciones', exact: true }).first())).toBeGreaterThanOrEqual(
      MIN_TARGET,
    );
    await drawOn(page, page.getByRole('img', { name: /^Firma del ejecutor/ }));
    expect(await height(page.getByRole('button', { name: 'Limpiar firma' }).first())).toBeGreaterThanOrEqual(MIN_TARGET);
    await page.getByRole('button', { name: 'Guardar firma del ejecutor' }).click();
    const removeSignature = page.getByRole('button', { name: /^Eliminar firma de / });
    await expect(removeSignature).toBeVisible();
    expect(await height(removeSignature)).toBeGreaterThanOrEqual(MIN_TARGET);
    await expectAccessible(page);

    // The finish button says "Finalizando…" only once the person confirmed.
    for (const index of [0, 1])
      await statements(page)
        .nth(index)
        .getByRole('group', { name: 'Respuesta' })
        .getByRole('button', { name: 'Cumple', exact: true })
        .click();
    const finish = page.getByRole('button', { name: 'Finalizar inspección' });
    await finish.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalizando…' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(finish).toBeEnabled();
    await finish.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Finalizar' }).click();
    await expect(page).toHaveURL(/\/inspecciones\/detalles\//);

    // On a detail page the menu shows where the person is: Módulos, Inspecciones.
    const sections = page.getByRole('navigation', { name: 'Secciones' });
    await expect(sections.getByRole('button', { name: 'Módulos' })).toHaveAttribute('aria-current', 'true');
    await expect(
      page.getByRole('navigation', { name: 'Menú Módulos' }).getByRole('link', { name: 'Inspecciones', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
  });
});

test.describe('at the office, on a desktop with an English browser', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US', actionTimeout: 15_000 });

  test('dates read DD/MM/YYYY, the menu says "principal", records not yet on the device come from the server, and a missing report says so', async ({
    page,
  }) => {
    await openSignedIn(page, ADMIN);
    await expectAllSent(page);
    await expect(page.getByRole('link', { name: 'principal', exact: true })).toHaveAttribute('aria-current', 'page');

    // The follow-up filters: typed as DD/MM/YYYY on an English browser, read back the same way.
    await page.goto('/observaciones');
    const from = page.getByRole('textbox', { name: 'Desde' });
    await expect(from).toBeVisible();
    await from.pressSequentially('01112026');
    await expect(from).toHaveValue('01/11/2026');
    await page.getByRole('textbox', { name: 'Hasta' }).fill('01/10/2026');
    await page.getByRole('textbox', { name: 'Hasta' }).press('Tab');
    await expect(page.getByText('Fecha inicial no puede ser mayor que Fecha final')).toBeVisible();
    await expectAccessible(page);

    // A certification created elsewhere a moment ago, while this device's pull is held back: read from the server.
    await page.route('**/api/sync/changes**', (route) => route.abort());
    const id = randomUUID();
    const token = await apiToken(page.request, ADMIN);
    const created = await page.request.post('/api/certificaciones', {
      headers: { Authorization: `Bearer ${token}` },
      data: { IdCertificacion: id, Nombre: `Operador de plataforma ${Date.now()}`, Emisor: 'Mutual', Vence: 1, VigenciaMeses: 24 },
    });
    expect(created.status()).toBe(200);
    await page.goto(`/certificaciones/detalles/${id}`);
    await expect(page.getByText('Leída del servidor: esta certificación aún no está en este dispositivo.')).toBeVisible();
    await expect(page.getByText('Mutual')).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/certificaciones/detalles/${randomUUID()}`);
    await expect(page.getByRole('alert')).toContainText('Certificación no encontrada: no existe o fue eliminada.');
    await page.unroute('**/api/sync/changes**');

    // A report for an inspection that does not exist says so, with the way back and no endless retry.
    await page.goto(`/pdf/inspeccion/${COMPANY_ID}/${randomUUID()}`);
    await expect(page.getByRole('alert')).toContainText('Inspección no encontrada: no está en este dispositivo ni en el servidor.');
    await expect(page.getByRole('link', { name: 'Volver a la lista de inspecciones' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

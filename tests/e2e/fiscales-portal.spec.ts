import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { EMPTY_CARD_MESSAGES, FISCALES_MESSAGES, type PortalPdfLink } from '#sync/schemas/fiscales.schema.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, COMPANY_RUT, signIn } from './support/field-session.ts';
import { readPdf } from './support/inspection-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

/** The demo worker with records of the four kinds (server/seed). */
const WORKER = { rut: '11373541-4', name: 'María Muñoz Martínez' };
const NEW_PASSWORD = 'Fiscaliza.2026';

/** The last e-mail the local mailbox holds for `to`, read as a person would from /buzon. */
async function lastMailTo(page: Page, to: string, pattern: RegExp): Promise<string> {
  const html = await (await page.request.get('/buzon')).text();
  const article = html.split('<article>').find((part) => part.includes(`Para: ${to}`));
  const match = article ? pattern.exec(article) : null;
  expect(match, `correo para ${to}`).not.toBeNull();
  return match![1]!;
}

const cardOf = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title} \\(\\d+\\)$`) });

async function chooseWorker(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Rut Empresa' }).fill(COMPANY_RUT.slice(0, 5));
  await page.getByRole('option', { name: new RegExp(formatRut(COMPANY_RUT).replace(/\./g, '\\.')) }).click();
  await page.getByRole('combobox', { name: 'Rut Trabajador' }).fill(WORKER.rut.slice(0, 5));
  await page.getByRole('option', { name: new RegExp(WORKER.name) }).click();
}

/** Clicks a row's PDF button: a new tab opens; the link the server signed is fetched and read. */
async function openPdfOf(page: Page, card: string): Promise<string> {
  const answer = page.waitForResponse((response) => /\/api\/fiscales\/empresas\/.+\/pdf\//.test(response.url()) && response.request().method() === 'POST');
  const popup = page.waitForEvent('popup');
  await cardOf(page, card).getByRole('button', { name: /^Abrir PDF de / }).first().click();
  const link = ((await (await answer).json()) as { data: PortalPdfLink }).data;
  await (await popup).close();
  const pdf = await page.request.get(link.Url);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  return readPdf(await pdf.body()).text;
}

test('an inspector registers with an institutional address, searches a worker, reads the four cards and their PDFs; the company sees the log', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `fiscal.${stamp}@dt.gob.cl`;

  // Registration (spec 4.2): another domain is refused with the spec's message; the institutional one gets a
  // temporary password by e-mail, changes it, and is sent to sign in.
  await page.goto('/fiscales/registro');
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta de fiscalizador' })).toBeVisible();
  await expect(page.getByText('Solo correos terminados en @dt.gob.cl')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Correo institucional*' }).fill(`fiscal.${stamp}@gmail.com`);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('alert')).toContainText(FISCALES_MESSAGES.registerFailed);
  await page.getByRole('textbox', { name: 'Correo institucional*' }).fill(email);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Verifica tu cuenta' })).toBeVisible();
  await expectAccessible(page);
  const temporary = await lastMailTo(page, email, /contraseña temporal es (\S+)/);
  await page.getByRole('textbox', { name: 'Contraseña temporal*' }).fill('equivocada');
  await page.getByLabel('Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Verificar cuenta' }).click();
  await expect(page.getByRole('alert')).toContainText(FISCALES_MESSAGES.temporaryWrong);
  await page.getByRole('textbox', { name: 'Contraseña temporal*' }).fill(temporary);
  await page.getByRole('button', { name: 'Verificar cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Cuenta creada' })).toBeVisible();
  await page.getByRole('button', { name: 'Ir a iniciar sesión' }).click();

  // Sign-in, then the search screen: Buscar waits for a worker.
  await expect(page).toHaveURL(/\/fiscales\/login$/);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Correo Electronico*' }).fill(email);
  await page.getByLabel('Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
  const buscar = page.getByRole('button', { name: 'Buscar' });
  await expect(buscar).toBeDisabled();
  await expectAccessible(page);
  await chooseWorker(page);
  await expect(buscar).toBeEnabled();
  await buscar.click();

  // The worker's name and the four cards with the spec's columns, each with rows.
  await expect(page.getByRole('heading', { name: WORKER.name, level: 2 })).toBeVisible();
  const columns: Record<string, string[]> = {
    Observaciones: ['Fecha', 'Checklist', '% Cumplimiento - Nota'],
    Capacitaciones: ['Fecha', 'Capacitación'],
    'Elementos de Protección Personal': ['Fecha', 'EPP', 'Sello'],
    Incidentes: ['Fecha Incidente', 'Tipo Incidente', 'Estado de la Investigación'],
  };
  for (const [card, headers] of Object.entries(columns)) {
    await expect(cardOf(page, card).getByRole('columnheader')).toHaveText([...headers, 'PDF']);
    await expect(cardOf(page, card).getByRole('row').nth(1)).toBeVisible();
  }
  await expect(cardOf(page, 'Observaciones').getByRole('row').nth(1)).toContainText(/\d+% - \d,\d/);
  await expect(cardOf(page, 'Elementos de Protección Personal').getByRole('row').nth(1)).toContainText('Sello verificado');
  await expectAccessible(page);

  // One PDF of each kind, made by the server, names the worker's RUT.
  for (const card of Object.keys(columns)) {
    const text = await openPdfOf(page, card);
    expect(text, card).toContain(formatRut(WORKER.rut));
  }

  // The period (spec 5): the initial date after the final disables Aceptar; an empty period empties the four cards.
  const desde = page.getByLabel('Fecha inicial');
  const hasta = page.getByLabel('Fecha final');
  const aceptar = page.getByRole('button', { name: 'Aceptar' });
  await desde.fill('1971-01-01');
  await hasta.fill('1970-01-01');
  await expect(page.getByText(FISCALES_MESSAGES.startAfterEnd)).toBeVisible();
  await expect(page.getByText(FISCALES_MESSAGES.endBeforeStart)).toBeVisible();
  await expect(aceptar).toBeDisabled();
  await expectAccessible(page);
  await hasta.fill('1971-12-31');
  await aceptar.click();
  await expect(page.getByRole('group', { name: /Periodo: del 01\/01\/1971 al 31\/12\/1971/ })).toBeVisible();
  await buscar.click();
  for (const message of Object.values(EMPTY_CARD_MESSAGES)) await expect(page.getByText(message, { exact: true })).toBeVisible();

  // On a phone the same screen reads in one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(EMPTY_CARD_MESSAGES.incidentes, { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Cerrar Sesión clears storage and returns to the inspectors' sign-in.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/fiscales\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // Recovery (spec 4.3): a code by e-mail, a wrong one refused, the right one sets the password.
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Recupera tu contraseña' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Correo Electronico*' }).fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('heading', { name: 'Ingresa el código' })).toBeVisible();
  const code = await lastMailTo(page, email, /código de verificación es (\d{6})/);
  await page.getByRole('textbox', { name: 'Código*' }).fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('Contraseña*', { exact: true }).fill('Otra.Clave.2026');
  await page.getByLabel('Confirmar Contraseña*', { exact: true }).fill('Otra.Clave.2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText(FISCALES_MESSAGES.recoveryWrongCode);
  await page.getByRole('textbox', { name: 'Código*' }).fill(code);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Contraseña actualizada' })).toBeVisible();
  await page.getByRole('button', { name: 'Ir a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/fiscales\/login$/);
  await expect(page.getByRole('textbox', { name: 'Correo Electronico*' })).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Correo Electronico*' }).fill(email);
  await page.getByLabel('Contraseña*', { exact: true }).fill('Otra.Clave.2026');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeDisabled();

  // A stored token the server refuses (spec 2.1): checked on start, signed out, storage cleared, back to the
  // inspectors' sign-in (the stored system alone stays, to know which sign-in).
  await page.evaluate(() => localStorage.setItem('fiscal_token', 'no-es-un-token'));
  await page.reload();
  await expect(page).toHaveURL(/\/fiscales\/login$/);
  expect(await page.evaluate(() => Object.entries(localStorage))).toEqual([['system', 'FISCALES']]);

  // The company's administrator sees who consulted the records: the roster listings behind the worker picker, the
  // search and each PDF.
  const office = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(office, ADMIN);
  await office.goto('/perfil/empresa');
  await office.getByRole('link', { name: 'Consultas de fiscalizadores' }).click();
  await expect(office.getByRole('heading', { name: 'Consultas de fiscalizadores', level: 1 })).toBeVisible();
  const log = office.getByRole('table');
  await expect(log.getByRole('row').filter({ hasText: email }).filter({ hasNotText: 'nómina' })).toHaveCount(6);
  await expect(log.getByRole('row').filter({ hasText: email }).filter({ hasText: /en la nómina: vio \d+ trabajador/ }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Abrió el PDF de Incidentes' })).toHaveCount(1);
  await expectAccessible(office);
  await office.close();
});

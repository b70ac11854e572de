import fs from 'node:fs';
import { type Page, request } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { EMPTY_CARD_MESSAGES, FISCALES_MESSAGES, type PortalPdfLink } from '#sync/schemas/fiscales.schema.ts';
import { expectAccessible } from './support/accessibility.ts';
import { expectLastColumnVisible } from './support/dashboard-charts.ts';
import { ADMIN, COMPANY_RUT } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';
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
  // On a connection of its own, as the new tab opened it: a kept-alive connection of the test's, idle for the
  // server's five seconds, can be closed by the server just as the request goes out on it (ECONNRESET).
  const fresh = await request.newContext();
  try {
    const pdf = await fresh.get(new URL(link.Url, page.url()).href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    return readPdf(await pdf.body()).text;
  } finally {
    await fresh.dispose();
  }
}

test('an inspector registers with an institutional address, searches a worker, reads the four cards and their PDFs; the company sees the log', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `fiscal.${stamp}@dt.gob.cl`;

  // Registration (spec 4.2): another domain is refused with the spec's message; the institutional one gets a
  // temporary password by e-mail and changes it, which signs the inspector in (no second typing of it).
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

  // Signed in by the verification: the search screen, where Buscar waits for a worker.
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByText(email)).toBeVisible();
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
  // Both typed DD/MM/AAAA, whatever the browser's language.
  const desde = page.getByRole('textbox', { name: 'Fecha inicial' });
  const hasta = page.getByRole('textbox', { name: 'Fecha final' });
  const aceptar = page.getByRole('button', { name: 'Aceptar' });
  await desde.fill('01/01/1971');
  await hasta.fill('01/01/1970');
  await expect(page.getByText(FISCALES_MESSAGES.startAfterEnd)).toBeVisible();
  await expect(page.getByText(FISCALES_MESSAGES.endBeforeStart)).toBeVisible();
  await expect(aceptar).toBeDisabled();
  await expectAccessible(page);
  await hasta.fill('31/12/1971');
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
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(email);
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
  await expect(page.getByRole('textbox', { name: 'Correo Electrónico*' })).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(email);
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
  await openSignedIn(office, ADMIN);
  await office.goto('/perfil/empresa');
  await office.getByRole('link', { name: 'Consultas de fiscalizadores' }).click();
  await expect(office.getByRole('heading', { name: 'Consultas de fiscalizadores', level: 1 })).toBeVisible();
  const log = office.getByRole('table');
  await expect(log.getByRole('row').filter({ hasText: email }).filter({ hasNotText: 'nómina' })).toHaveCount(6);
  await expect(log.getByRole('row').filter({ hasText: email }).filter({ hasText: /en la nómina: vio \d+ trabajador/ }).first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Abrió el PDF de Incidentes' })).toHaveCount(1);
  await expectAccessible(office);

  // Filtered (issue 28) by the inspector, by the worker (name or RUT) and by the days, asked to the server; the
  // filters stay in the address.
  await office.getByRole('combobox', { name: 'Fiscalizador' }).selectOption({ label: email });
  await expect(office).toHaveURL(/IdFiscalizador=\d+/);
  await expect(log.getByRole('row').filter({ hasNotText: email })).toHaveCount(1);
  const worker = office.getByRole('searchbox', { name: 'Trabajador (nombre o RUT)' });
  await worker.fill('muñoz');
  await expect(office).toHaveURL(/Trabajador=/);
  await expect(log.getByRole('row').filter({ hasNotText: WORKER.name })).toHaveCount(1);
  await expect(log.getByRole('row').filter({ hasText: 'Abrió el PDF de Incidentes' })).toHaveCount(1);
  await worker.fill(formatRut(WORKER.rut));
  await expect(office).toHaveURL(new RegExp(`Trabajador=${encodeURIComponent(formatRut(WORKER.rut))}`));
  await expect(log.getByRole('row').filter({ hasNotText: WORKER.name })).toHaveCount(1);
  const shownRows = await log.getByRole('row').count();
  const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  const yesterday = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const typed = (wire: string) => `${wire.slice(8, 10)}/${wire.slice(5, 7)}/${wire.slice(0, 4)}`;
  const from = office.getByRole('textbox', { name: 'Desde', exact: true });
  const until = office.getByRole('textbox', { name: 'Hasta', exact: true });
  await from.fill(typed(day));
  await from.press('Tab');
  await expect(log.getByRole('row')).toHaveCount(shownRows);
  await until.fill(typed(yesterday));
  await until.press('Tab');
  await expect(office.getByText('Fecha inicial no puede ser mayor que Fecha final')).toBeVisible();
  await expectAccessible(office);
  await from.fill('');
  await from.press('Tab');
  await expect(office.getByText('Ninguna consulta coincide con los filtros.')).toBeVisible();
  await until.fill('');
  await until.press('Tab');
  await expect(log.getByRole('row')).toHaveCount(shownRows);

  // The whole log of the filters as a CSV for Excel in Chile (BOM, ";"), and every column in sight at 1440 px.
  const [download] = await Promise.all([office.waitForEvent('download'), office.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`consultas-fiscalizadores-${day}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('\uFEFFFecha y hora;Fiscalizador;Trabajador;RUT del trabajador;Consulta');
  expect(lines).toHaveLength(shownRows);
  expect(lines.slice(1).every((line) => line.includes(`;${email};${WORKER.name};${formatRut(WORKER.rut)};`))).toBe(true);
  await office.setViewportSize({ width: 1440, height: 900 });
  await expectLastColumnVisible(office.getByRole('region', { name: 'Consultas de fiscalizadores, la más reciente primero', exact: true }));
  await expectAccessible(office);
  await office.close();
});

test('an inspector whose first sign-in uses the temporary password changes it and lands on the search screen, signed in, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `fiscal.forzado.${Date.now()}@dt.gob.cl`;
  expect((await page.request.post('/api/fiscales/registro', { data: { Correo: email } })).status()).toBe(200);
  const temporary = await lastMailTo(page, email, /contraseña temporal es (\S+)/);

  await page.goto('/fiscales/login');
  await expect(page.getByRole('textbox', { name: 'Correo Electrónico*' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(email);
  await page.getByLabel('Contraseña*', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Cambia tu contraseña' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar Contraseña*', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();

  // The change signs the inspector in (SPEC SE3): the search screen, not the sign-in form again.
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeDisabled();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByLabel('Contraseña*', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

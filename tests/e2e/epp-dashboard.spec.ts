import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { EppRecordsAnswer } from '#sync/schemas/epp-dashboard.schema.ts';
import { addDays, addMonths, formatDisplayDate } from '#sync/domain/dates.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  clickChartShape,
  downloadChartPng,
  downloadDashboardPdf,
  expectChartTextsInside,
  expectDistinctTicks,
  expectLastColumnVisible,
} from './support/dashboard-charts.ts';
import { ADMIN, apiToken, COMPANY_ID, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

async function openFromMenu(page: Page): Promise<void> {
  const group = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: /Dashboard/ });
  if ((await group.getAttribute('aria-pressed')) !== 'true') await group.click();
  const menu = page.getByRole('navigation', { name: 'Menú Dashboard' });
  const opener = menu.getByRole('button', { name: 'Dashboard', exact: true });
  if ((await opener.count()) > 0 && (await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  await menu.getByRole('link', { name: 'EPP', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard de EPP', level: 1 })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test("the EPP dashboard shows the demo company's figures over the last twelve months, follows the Cargo filter, and a chart opens the records behind " +
  "it; a chart and the dashboard export", async ({
  page,
}) => {
  const token = await apiToken(page.request);
  // The dashboard opens on the last twelve months: the server is asked the same.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  const range = { start: `${addMonths(today.slice(0, 7), -11)}-01`, end: today, month: today.slice(0, 7) };
  const withRange = (path: string) => `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(range).toString()}`;
  const server = async <T>(path: string) => {
    const response = await page.request.get(`/api${withRange(path)}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  };

  await openSignedIn(page, ADMIN);
  await expectAllSent(page);
  await openFromMenu(page);

  // Every chart states how it counts; the headline figures are the server's for the same filters.
  const titles = [
    'Cobertura de EPP (%)',
    'Trabajadores con EPP pendiente de entrega',
    'Trabajadores con EPP vencido',
    'Capacitados en el uso del EPP',
    'No uso de EPP por elemento',
    'No uso de EPP por mes',
    'No uso de EPP por nivel',
    'EPP entregados por motivo',
  ];
  for (const title of titles) await expect(card(page, title).getByText(/^Fórmula: /)).toBeVisible();
  const pendientes = await server<DashboardAnswer>(`/epp/dashboard/pendientes/${COMPANY_ID}`);
  expect(pendientes.total).toBeGreaterThan(0);
  await expect(card(page, 'Trabajadores con EPP pendiente de entrega').locator('.chart-card__total')).toContainText(
    formatNumber(pendientes.total!),
  );
  const noUso = await server<DashboardAnswer>(`/epp/dashboard/no_uso/${COMPANY_ID}`);
  expect(noUso.data.find((point) => point.Nombre === 'Casco de seguridad')?.Valor).toBe(1);
  // One finding is one "hallazgo", on an axis of whole numbers; long names fit their chart.
  await expect(card(page, 'No uso de EPP por elemento').locator('.chart-card__total')).toHaveText(
    noUso.total === 1 ? '1 hallazgo' : `${noUso.total} hallazgos`,
  );
  await expectDistinctTicks(card(page, 'No uso de EPP por elemento'));
  for (const title of ['Cobertura de EPP (%)', 'EPP entregados por motivo', 'No uso de EPP por mes', 'No uso de EPP por nivel'])
    await expectChartTextsInside(card(page, title));
  await expectAccessible(page);

  // The Cargo filter (the spec's): the figure becomes that position's alone.
  const filtros = await server<{ data: { cargos: { IdCargo: string; NombreCargo: string }[] } }>(`/epp/dashboard/filtros/${COMPANY_ID}`);
  const counts = await Promise.all(
    filtros.data.cargos.map(async (cargo) => ({
      cargo,
      answer: await server<DashboardAnswer>(`/epp/dashboard/pendientes/${COMPANY_ID}?IdCargo=${cargo.IdCargo}`),
    })),
  );
  const chosen = counts.find(({ answer }) => answer.total! > 0 && answer.total !== pendientes.total)!;
  expect(chosen).toBeDefined();
  const filters = page.getByRole('button', { name: /Filtros/ });
  if ((await filters.count()) > 0 && (await filters.first().getAttribute('aria-expanded')) === 'false') await filters.first().click();
  await page.getByRole('combobox', { name: 'Cargo' }).selectOption({ label: chosen.cargo.NombreCargo });
  await expect(card(page, 'Trabajadores con EPP pendiente de entrega').locator('.chart-card__total')).toContainText(
    formatNumber(chosen.answer.total!),
  );
  await expectAccessible(page);
  // The dashboard as a PDF for the committee: its filters written on it (the Cargo chosen), each chart with its formula.
  const pdf = await downloadDashboardPdf(page, 'dashboard-de-epp');
  expect(pdf.text).toContain('Dashboard de EPP');
  // Its period is the default one on the day it was generated (a run may cross midnight in Chile since the range above).
  const generated = /Generado el (\d{2})\/(\d{2})\/(\d{4})/.exec(pdf.text)!;
  const day = `${generated[3]}-${generated[2]}-${generated[1]}`;
  expect([range.end, addDays(range.end, 1)]).toContain(day);
  expect(pdf.text).toContain(`Período del ${formatDisplayDate(`${addMonths(day.slice(0, 7), -11)}-01`)} al ${formatDisplayDate(day)}`);
  expect(pdf.text).toContain(`Cargo ${chosen.cargo.NombreCargo}`);
  expect(pdf.text).toContain('Trabajadores con EPP pendiente de entrega');
  expect(pdf.text).toMatch(/Fórmula: Pares trabajador.EPP exigidos/);
  expect(pdf.images).toBeGreaterThanOrEqual(4);
  await page.getByRole('combobox', { name: 'Cargo' }).selectOption({ label: 'Todos' });
  await expect(card(page, 'Trabajadores con EPP pendiente de entrega').locator('.chart-card__total')).toContainText(
    formatNumber(pendientes.total!),
  );

  // One chart's value opens its records: the helmet not worn in yesterday's behaviour observation. A tap on its bar
  // opens them, and the pointer leaving the chart then throws nothing (the option used to be set again on every
  // render, replacing the bar under the pointer); the table below the chart opens the same records.
  const chart = card(page, 'No uso de EPP por elemento');
  // Each chart reads its own answer: the one about to be tapped shows every position's findings again first (its
  // chart is drawn anew when they arrive, and a tap on the one being replaced would land on nothing).
  await expect(chart.locator('.chart-card__total')).toHaveText(noUso.total === 1 ? '1 hallazgo' : `${noUso.total} hallazgos`);
  const records = page.getByRole('region', { name: 'Registros de No uso de EPP por elemento: Casco de seguridad', exact: true });
  await clickChartShape(chart, '#f5c400');
  await expect(records).toBeVisible();
  await chart.getByText('Ver datos').click();
  await chart.getByRole('button', { name: 'Ver registros de Casco de seguridad' }).click();
  await expect(records).toBeVisible();
  const casco = noUso.data.find((point) => point.Nombre === 'Casco de seguridad')!;
  const query = new URLSearchParams({ indicador: 'no_uso', desde: range.start, hasta: range.end, ...casco.registros });
  const behind = await server<EppRecordsAnswer>(`/epp/dashboard/registros/${COMPANY_ID}?${query.toString()}`);
  expect(behind.total).toBe(casco.Valor);
  await expect(records.getByText('1 registro', { exact: true })).toBeVisible();
  // The records say their title once, and their date column says what the date is: the inspection's day.
  await expect(records.getByRole('heading')).toHaveCount(1);
  await expect(records.getByRole('columnheader').first()).toHaveText('Inspeccionado el');
  const row = records.getByRole('row').filter({ hasText: 'Usa casco con barbiquejo' });
  await expect(row).toContainText('No cumple: Usa casco con barbiquejo (Observación de conducta, Observación)');
  await expect(row.getByRole('link', { name: 'Ver inspección' })).toBeVisible();
  await expectAccessible(page);

  // At 1440 px the records show every column, the last (the link to each record) too; the chart downloads as a PNG.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectLastColumnVisible(records);
  await expectAccessible(page);
  await downloadChartPng(chart, 'epp-no-uso-de-epp-por-elemento');
  // Expired items are listed by when they expired.
  await card(page, 'Trabajadores con EPP vencido').getByRole('button', { name: 'Ver registros' }).click();
  const expired = page.getByRole('region', { name: 'Registros de Trabajadores con EPP vencido', exact: true });
  await expect(expired.getByRole('columnheader').first()).toHaveText('Venció el');
  await expectLastColumnVisible(expired);
  await page.setViewportSize({ width: 1280, height: 800 });
  await chart.getByRole('button', { name: 'Ver registros de Casco de seguridad' }).click();
  await expect(records).toBeVisible();

  // The finding opens the inspection behind it.
  await row.getByRole('link', { name: 'Ver inspección' }).click();
  await expect(page).toHaveURL(/\/inspecciones\/detalles\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('a checklist statement shows its link to an EPP item in the template and in its editor', async ({ page }) => {
  const token = await apiToken(page.request);
  const list = await page.request.get('/api/formularios/formularios', { headers: { Authorization: `Bearer ${token}` } });
  const conducta = ((await list.json()) as { data: { IdFormulario: string; Nombre: string }[] }).data.find(
    (template) => template.Nombre === 'Observación de conducta',
  )!;
  await openSignedIn(page, ADMIN);
  await expectAllSent(page);

  await page.goto(`/formularios/observacion/detalles/${conducta.IdFormulario}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('EPP: Casco de seguridad')).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/formularios/observacion/editar/${conducta.IdFormulario}`);
  const link = page.getByRole('combobox', { name: 'EPP que verifica el enunciado 1.1' });
  await expect(link.locator('option:checked')).toHaveText('Casco de seguridad');
  await expect(page.getByRole('combobox', { name: 'EPP que verifica el enunciado 2.1' }).locator('option:checked')).toHaveText('Ninguno');
  await expectAccessible(page);
});

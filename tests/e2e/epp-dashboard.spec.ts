import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { EppRecordsAnswer } from '#sync/schemas/epp-dashboard.schema.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, expectAllSent, signIn } from './support/field-session.ts';

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

test("the EPP dashboard shows the demo company's figures, follows the Cargo filter, and a chart opens the records behind it", async ({ page }) => {
  const token = await apiToken(page.request);
  const server = async <T>(path: string) => {
    const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  };

  await signIn(page, ADMIN);
  await expectAllSent(page);
  await openFromMenu(page);

  // Every chart states how it counts; the headline figures are the server's for the same filters.
  const titles = ['Cobertura de EPP (%)', 'Trabajadores con EPP pendiente de entrega', 'Trabajadores con EPP vencido', 'Capacitados en el uso del EPP', 'No uso de EPP por elemento', 'No uso de EPP por mes', 'No uso de EPP por nivel', 'EPP entregados por motivo'];
  for (const title of titles) await expect(card(page, title).getByText(/^Fórmula: /)).toBeVisible();
  const pendientes = await server<DashboardAnswer>(`/epp/dashboard/pendientes/${COMPANY_ID}`);
  expect(pendientes.total).toBeGreaterThan(0);
  await expect(card(page, 'Trabajadores con EPP pendiente de entrega').locator('.chart-card__total')).toContainText(formatNumber(pendientes.total!));
  const noUso = await server<DashboardAnswer>(`/epp/dashboard/no_uso/${COMPANY_ID}`);
  expect(noUso.data.find((point) => point.Nombre === 'Casco de seguridad')?.Valor).toBe(1);
  await expectAccessible(page);

  // The Cargo filter (the spec's): the figure becomes that position's alone.
  const filtros = await server<{ data: { cargos: { IdCargo: string; NombreCargo: string }[] } }>(`/epp/dashboard/filtros/${COMPANY_ID}`);
  const counts = await Promise.all(filtros.data.cargos.map(async (cargo) => ({ cargo, answer: await server<DashboardAnswer>(`/epp/dashboard/pendientes/${COMPANY_ID}?IdCargo=${cargo.IdCargo}`) })));
  const chosen = counts.find(({ answer }) => answer.total! > 0 && answer.total !== pendientes.total)!;
  expect(chosen).toBeDefined();
  const filters = page.getByRole('button', { name: /Filtros/ });
  if ((await filters.count()) > 0 && (await filters.first().getAttribute('aria-expanded')) === 'false') await filters.first().click();
  await page.getByRole('combobox', { name: 'Cargo' }).selectOption({ label: chosen.cargo.NombreCargo });
  await expect(card(page, 'Trabajadores con EPP pendiente de entrega').locator('.chart-card__total')).toContainText(formatNumber(chosen.answer.total!));
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Cargo' }).selectOption({ label: 'Todos' });
  await expect(card(page, 'Trabajadores con EPP pendiente de entrega').locator('.chart-card__total')).toContainText(formatNumber(pendientes.total!));

  // One chart's value opens its records: the helmet not worn in yesterday's behaviour observation. A tap on its bar
  // opens them, and the pointer leaving the chart then throws nothing (the option used to be set again on every
  // render, replacing the bar under the pointer); the table below the chart opens the same records.
  const chart = card(page, 'No uso de EPP por elemento');
  const records = page.getByRole('region', { name: 'Registros de No uso de EPP por elemento: Casco de seguridad', exact: true });
  // The bar's pattern (its decal, for colour blindness) lies over it: clicked where a finger would.
  const barPath = chart.locator('.chart-card__chart svg path[fill="#f5c400"]');
  await barPath.scrollIntoViewIfNeeded();
  const bar = (await barPath.boundingBox())!;
  await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await expect(records).toBeVisible();
  await page.mouse.move(0, 0);
  await chart.getByText('Ver datos').click();
  await chart.getByRole('button', { name: 'Ver registros de Casco de seguridad' }).click();
  await expect(records).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  const casco = noUso.data.find((point) => point.Nombre === 'Casco de seguridad')!;
  const query = new URLSearchParams({ indicador: 'no_uso', start: `${today.slice(0, 7)}-01`, end: today, desde: `${today.slice(0, 7)}-01`, hasta: today, ...casco.registros });
  const behind = await server<EppRecordsAnswer>(`/epp/dashboard/registros/${COMPANY_ID}?${query.toString()}`);
  expect(behind.total).toBe(casco.Valor);
  await expect(records.getByText('1 registro', { exact: true })).toBeVisible();
  const row = records.getByRole('row').filter({ hasText: 'Usa casco con barbiquejo' });
  await expect(row).toContainText('No cumple: Usa casco con barbiquejo (Observación de conducta, Observación)');
  await expect(row.getByRole('link', { name: 'Ver inspección' })).toBeVisible();
  await expectAccessible(page);

  // The finding opens the inspection behind it.
  await row.getByRole('link', { name: 'Ver inspección' }).click();
  await expect(page).toHaveURL(/\/inspecciones\/detalles\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('a checklist statement shows its link to an EPP item in the template and in its editor', async ({ page }) => {
  const token = await apiToken(page.request);
  const list = await page.request.get('/api/formularios/formularios', { headers: { Authorization: `Bearer ${token}` } });
  const conducta = ((await list.json()) as { data: { IdFormulario: string; Nombre: string }[] }).data.find((template) => template.Nombre === 'Observación de conducta')!;
  await signIn(page, ADMIN);
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

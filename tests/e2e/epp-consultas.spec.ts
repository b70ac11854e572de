import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { PendienteFila } from '#sync/schemas/epp-consultas.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, localRows } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

async function openFromMenu(page: Page, section: string, parent: string, link: string, heading: string): Promise<void> {
  const group = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: new RegExp(section) });
  if ((await group.getAttribute('aria-pressed')) !== 'true') await group.click();
  const menu = page.getByRole('navigation', { name: `Menú ${section}` });
  const opener = menu.getByRole('button', { name: parent, exact: true });
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  await menu.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

const registros = (total: number) => (total === 1 ? '1 registro' : `${formatNumber(total)} registros`);

test('a consulta lists what the server answers, follows its filter, exports CSV, and opens a worker\'s printable informe SAT', async ({ page }) => {
  const token = await apiToken(page.request);
  const server = async <T>(path: string) => {
    const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  };

  await openSignedIn(page, ADMIN);
  await openFromMenu(page, 'Módulos', 'EPP', 'EPP pendiente de entrega', 'EPP pendiente de entrega');
  const all = await server<ReportListAnswer<PendienteFila>>(`/epp/consultas/pendientes_entrega/${COMPANY_ID}?PorPagina=1000`);
  expect(all.total).toBeGreaterThan(0);
  const list = page.getByRole('region', { name: 'EPP exigido que el trabajador no tiene vigente' });
  await expect(list.getByRole('status')).toHaveText(registros(all.total));
  // The demo's worker whose own assignment adds a harness never delivered.
  const harness = all.data.find((row) => row.NombreEpp === 'Arnés de seguridad de cuerpo completo')!;
  await expect(list.getByRole('row', { name: new RegExp(`${harness.Nombre}.*Arnés de seguridad de cuerpo completo`) })).toContainText('Nunca entregado');
  await expectAccessible(page);

  // Filtered by a position, the list is the server's for that position.
  const cargos = await localRows<{ IdCargo: string; NombreCargo: string }>(page, 'cargos');
  const cargo = cargos.find((candidate) => harness.Cargos.split(', ').includes(candidate.NombreCargo))!;
  const filtered = await server<ReportListAnswer<PendienteFila>>(`/epp/consultas/pendientes_entrega/${COMPANY_ID}?IdCargo=${cargo.IdCargo}&PorPagina=1000`);
  expect(filtered.total).toBeLessThan(all.total);
  const filters = page.getByRole('button', { name: /Filtros/ });
  if ((await filters.count()) > 0 && (await filters.first().getAttribute('aria-expanded')) === 'false') await filters.first().click();
  await page.getByRole('combobox', { name: 'Cargo' }).selectOption({ label: cargo.NombreCargo });
  await expect(list.getByRole('status')).toHaveText(registros(filtered.total));
  await expect(page).toHaveURL(new RegExp(`IdCargo=${cargo.IdCargo}`));

  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^epp-pendiente-entrega-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('RUT;Trabajador;Cargo;Faena;Área;RUT contratista;EPP;Situación;Última entrega');
  expect(lines).toHaveLength(filtered.total + 1);
  expect(csv).toContain(`${formatRut(harness.RunPersona)};${harness.Nombre};`);

  // The row opens the worker's informe SAT: what they hold today, their history, and the PDF to print.
  await list.getByRole('link', { name: `Informe SAT de ${harness.Nombre}` }).first().click();
  await expect(page.getByRole('heading', { name: 'Informe SAT', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: harness.Nombre })).toBeVisible();
  await expect(page.getByRole('table', { name: 'EPP que tiene hoy' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Historial de entregas' }).getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Generar PDF para imprimir' }).click();
  await expect(page.getByRole('link', { name: 'Descargar PDF' }).or(page.getByRole('button', { name: 'Descargar PDF' }))).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/epp-informe-sat.png', fullPage: true });
  await expectAccessible(page);

  // A RUT that is not valid is said before asking anything.
  await page.getByLabel('RUT del trabajador').fill('12.345.678-0');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toHaveText('El rut no es válido');
});

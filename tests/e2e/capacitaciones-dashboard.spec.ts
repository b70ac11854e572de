import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { addMonths, formatDisplayDate, formatDisplayMonth, monthLongName } from '#sync/domain/dates.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import type { UntrainedWorkerRow } from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { expectAccessible } from './support/accessibility.ts';
import {
  chartCard,
  clickChartShape,
  downloadChartPng,
  downloadDashboardPdf,
  expectChartTextsInside,
  expectDistinctTicks,
  expectLastColumnVisible,
  typeDate,
} from './support/dashboard-charts.ts';
import { ADMIN, apiToken, COMPANY_ID, controlledByServiceWorker, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
const workersText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'trabajador' : 'trabajadores'}`;

async function serverOf(page: Page) {
  const token = await apiToken(page.request);
  return async <T>(path: string) => {
    const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  };
}

test('the trainings dashboard opens on the last twelve months, counts its coverage in workers and opens the workers without training; a chart and the ' +
  'whole dashboard export', async ({
  page,
}) => {
  const server = await serverOf(page);
  const day = today();
  const month = day.slice(0, 7);
  const range = { start: `${addMonths(month, -11)}-01`, end: day, month };
  const query = new URLSearchParams(range).toString();

  await openSignedIn(page, ADMIN);
  await expectAllSent(page);
  await page.goto('/dashboard/capacitaciones');
  await expect(page.getByRole('heading', { name: 'Dashboard de capacitaciones', level: 1 })).toBeVisible();

  // The filters open on the last twelve months, written as the app writes dates and months.
  await expect(page.getByRole('textbox', { name: 'Desde', exact: true })).toHaveValue(formatDisplayDate(range.start));
  await expect(page.getByRole('textbox', { name: 'Hasta', exact: true })).toHaveValue(formatDisplayDate(range.end));
  await expect(page.getByRole('textbox', { name: 'Mes', exact: true })).toHaveValue(formatDisplayMonth(month));
  await expect(page.getByText(`MM/AAAA · ${monthLongName(month)}`)).toBeVisible();

  // Coverage: a percentage of workers; its slices, its table and what a screen reader hears count workers.
  const coverage = await server<DashboardAnswer>(`/capacitaciones/dashboard/Cobertura/${COMPANY_ID}?${query}`);
  const [trained, untrained] = coverage.data as [DashboardAnswer['data'][0], DashboardAnswer['data'][0]];
  expect(untrained.Valor).toBeGreaterThan(0);
  const card = chartCard(page, 'Cobertura');
  await expect(card.locator('.chart-card__total')).toHaveText(
    `${formatNumber(coverage.total!, Number.isInteger(coverage.total) ? 0 : 1)} %`,
  );
  await expect(card.locator('.chart-card__chart')).toHaveAttribute(
    'aria-label',
    `Cobertura: Capacitados: ${workersText(trained.Valor)}; Sin capacitación en el período: ${workersText(untrained.Valor)}`,
  );
  await card.getByText('Ver datos').click();
  await expect(card.getByRole('row', { name: /^Sin capacitación en el período/ })).toContainText(workersText(untrained.Valor));
  // Twelve months of sessions: counts on whole ticks, no label cut.
  const sessions = chartCard(page, 'Capacitaciones realizadas');
  await expectDistinctTicks(sessions);
  for (const title of [
    'Cobertura',
    'Capacitaciones realizadas',
    'Horas hombre por tipo',
    'Horas hombre por cargo',
    'Programa del mes',
    'Estado de vigencias',
  ])
    await expectChartTextsInside(chartCard(page, title));
  await expectAccessible(page);

  // The "Sin capacitación" slice opens the workers without training: the list an HSE manager trains next.
  await clickChartShape(card, '#2f5d8a');
  const records = page.getByRole('region', { name: 'Registros de Cobertura: Sin capacitación en el período', exact: true });
  await expect(records).toBeVisible();
  const behind = await server<ReportListAnswer<UntrainedWorkerRow>>(
    `/capacitaciones/dashboard/registros/sin-capacitacion/${COMPANY_ID}?${query}`,
  );
  expect(behind.total).toBe(untrained.Valor);
  await expect(records.getByText(behind.total === 1 ? '1 registro' : `${behind.total} registros`, { exact: true })).toBeVisible();
  await expect(records.getByRole('row')).toHaveCount(Math.min(behind.total, 50) + 1);
  await expect(records.getByRole('row', { name: new RegExp(behind.data[0]!.Nombre) })).toBeVisible();
  await expect(records.getByRole('columnheader')).toHaveText(['Trabajador', 'RUT', 'Cargo', 'Faena', 'Área', 'Última capacitación', 'Ver']);
  // One heading names the records, not two.
  await expect(records.getByRole('heading')).toHaveCount(1);
  await expectAccessible(page);

  // At 1440 px the records' last column is on screen, and the charts' labels still fit.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectLastColumnVisible(records);
  for (const title of ['Cobertura', 'Horas hombre por tipo', 'Horas hombre por cargo'])
    await expectChartTextsInside(chartCard(page, title));
  await expectAccessible(page);

  // A chart as a PNG, and the whole dashboard as a PDF with its filters and each chart with its formula.
  await downloadChartPng(card, 'capacitaciones-cobertura');
  const pdf = await downloadDashboardPdf(page, 'dashboard-de-capacitaciones');
  expect(pdf.text).toContain('Dashboard de capacitaciones');
  expect(pdf.text).toContain(`Período del ${formatDisplayDate(range.start)} al ${formatDisplayDate(range.end)}`);
  expect(pdf.text).toContain(`Mes ${monthLongName(month)}`);
  expect(pdf.text).toContain(
    'Fórmula: Trabajadores activos con asistencia a una capacitación realizada en el período × 100 / trabajadores activos',
  );
  expect(pdf.text).toContain(`Sin capacitación en el período: ${workersText(untrained.Valor)}`);
  expect(pdf.images).toBeGreaterThanOrEqual(8);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The month, typed MM/AAAA: the month's programme is that month's.
  const previous = addMonths(month, -1);
  const mes = page.getByRole('textbox', { name: 'Mes', exact: true });
  await mes.fill(formatDisplayMonth(previous));
  await mes.press('Tab');
  await expect(page.getByText(`MM/AAAA · ${monthLongName(previous)}`)).toBeVisible();
  const programme = await server<DashboardAnswer>(
    `/capacitaciones/dashboard/ProgramaMesActual/${COMPANY_ID}?${new URLSearchParams({ ...range, month: previous }).toString()}`,
  );
  await expect(chartCard(page, 'Programa del mes').locator('.chart-card__chart')).toHaveAttribute(
    'aria-label',
    new RegExp(`^Programa del mes: Programadas: ${programme.data[0]!.Valor}`),
  );
  // Or picked by its Spanish name.
  await page.getByRole('button', { name: 'Elegir mes por su nombre' }).click();
  const picker = page.getByRole('dialog', { name: new RegExp(`^Meses de ${month.slice(0, 4)} para Mes`) });
  await expect(picker.getByRole('button', { name: `enero de ${month.slice(0, 4)}` })).toBeVisible();
  await expectAccessible(page);
  await picker.getByRole('button', { name: `enero de ${month.slice(0, 4)}` }).click();
  await expect(mes).toHaveValue(`01/${month.slice(0, 4)}`);
  await expect(picker).toBeHidden();

  // The range, typed DD/MM/AAAA: the coverage is that range's.
  const from = `${month.slice(0, 4)}-01-01`;
  await typeDate(page, 'Desde', formatDisplayDate(from));
  const thisYear = await server<DashboardAnswer>(
    `/capacitaciones/dashboard/Cobertura/${COMPANY_ID}?${new URLSearchParams({ start: from, end: day, month: `${month.slice(0, 4)}-01` }).toString()}`,
  );
  await expect(card.locator('.chart-card__chart')).toHaveAttribute(
    'aria-label',
    `Cobertura: Capacitados: ${workersText(thisYear.data[0]!.Valor)}; Sin capacitación en el período: ${workersText(thisYear.data[1]!.Valor)}`,
  );
  await expectAccessible(page);

  // Offline, like every report: the PDF worker and its document come from the service worker's cache.
  await controlledByServiceWorker(page);
  await expect(chartCard(page, 'Cobertura').locator('.chart-card__chart svg')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar PDF' })).toBeEnabled();
  await page.context().setOffline(true);
  try {
    const offline = await downloadDashboardPdf(page, 'dashboard-de-capacitaciones');
    expect(offline.text).toContain('Dashboard de capacitaciones');
    expect(offline.images).toBeGreaterThanOrEqual(8);
  } finally {
    await page.context().setOffline(false);
  }
});

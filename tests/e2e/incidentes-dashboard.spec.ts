import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import type { AccidentRecordsAnswer } from '#sync/schemas/accidentes-dashboard.schema.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { addMonths } from '#sync/domain/dates.ts';
import { expectAccessible } from './support/accessibility.ts';
import { clickChartShape, downloadChartPng, expectChartTextsInside, expectLastColumnVisible } from './support/dashboard-charts.ts';
import { ADMIN, apiToken, COMPANY_ID, expectAllSent, localRows } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const RATE_FORMULA = 'Fórmula: Accidentes con tiempo perdido y fatales × 100 / dotación promedio';

/** This month in Chile (YYYY-MM), and the one `back` months before it. */
function monthBefore(back: number): string {
  const [year, month] = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' }).slice(0, 7).split('-').map(Number) as [
    number,
    number,
  ];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const shown = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
/** A rate as its card writes it: two decimals (none when whole), then its unit. */
const rateText = (value: number, unit: string) => `${formatNumber(value, Number.isInteger(value) ? 0 : 2)}${unit ? ` ${unit}` : ''}`;
const figure = (value: number | null) => (value === null ? 'sin dato' : formatNumber(value, Number.isInteger(value) ? 0 : 2));

async function openFromMenu(page: Page, section: string, parent: string | null, link: string, heading: string): Promise<void> {
  const group = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: new RegExp(section) });
  if ((await group.getAttribute('aria-pressed')) !== 'true') await group.click();
  const menu = page.getByRole('navigation', { name: `Menú ${section}` });
  const opener = parent ? menu.getByRole('button', { name: parent, exact: true }) : null;
  if (opener && (await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  await menu.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

test('the accident dashboard states each rate with its formula over the last twelve months, follows the level filter, and opens a rate and a bar down ' +
  'to their cases', async ({
  page,
}) => {
  const token = await apiToken(page.request);
  const headers = { Authorization: `Bearer ${token}` };
  // The dashboard opens on the last twelve months, a point a month on each trend: the server is asked the same.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  const range = { start: `${addMonths(today.slice(0, 7), -11)}-01`, end: today, month: today.slice(0, 7) };
  const server = async <T>(path: string) => {
    const response = await page.request.get(`/api${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(range).toString()}`, {
      headers,
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  };

  await openSignedIn(page, ADMIN);
  await openFromMenu(page, 'Dashboard', 'Dashboard', 'Incidentes', 'Dashboard de incidentes');
  const rate = card(page, 'Tasa de accidentabilidad');
  await expect(rate.getByText(RATE_FORMULA)).toBeVisible();
  // The headline is the last twelve months, as the server computes it for the same filters; the trend has a point a month.
  const all = await server<DashboardAnswer>(`/accidentes/dashboard/tasa_accidentabilidad/${COMPANY_ID}`);
  expect(all.total).toBeGreaterThan(0);
  expect(all.data).toHaveLength(12);
  await expect(rate.locator('.chart-card__total')).toHaveText(rateText(all.total!, all.unidad));
  for (const title of [
    'Tasa de accidentabilidad',
    'Casos por clasificación',
    'Casos por tipo de evento',
    'Casos por riesgo específico',
    'Acciones subestándares',
    'Falta de control',
  ]) {
    await expectChartTextsInside(card(page, title));
  }
  for (const title of [
    'Tasa de siniestralidad',
    'Índice de frecuencia',
    'Índice de gravedad',
    'Dotación',
    'Horas hombre',
    'Días perdidos',
    'Accidentes acumulados',
    'Casos por clasificación',
    'Falta de control',
  ]) {
    await expect(card(page, title).getByText(/^Fórmula: /)).toBeVisible();
  }
  await expectAccessible(page);

  // Filtered by one level 2, the figure is that level's alone.
  const levels = await localRows<{ IdNivel: string; Nombre: string }>(page, 'niveles');
  const ruta5 = levels.find((level) => level.Nombre === 'Faena Ruta 5 Norte')!;
  const filtered = await server<DashboardAnswer>(`/accidentes/dashboard/tasa_accidentabilidad/${COMPANY_ID}?nv2=${ruta5.IdNivel}`);
  expect(filtered.total).not.toBeNull();
  expect(filtered.total).not.toBe(all.total);
  const filters = page.getByRole('button', { name: /Filtros/ });
  if ((await filters.count()) > 0 && (await filters.first().getAttribute('aria-expanded')) === 'false') await filters.first().click();
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Faena Ruta 5 Norte' });
  await expect(rate.locator('.chart-card__total')).toHaveText(rateText(filtered.total!, filtered.unidad));
  await expectAccessible(page);

  // Back to the whole company, the rate opens its records: the formula, numerator and denominator, the cases and months.
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Todos' });
  await expect(rate.locator('.chart-card__total')).toHaveText(rateText(all.total!, all.unidad));
  await rate.getByRole('button', { name: 'Ver registros' }).click();
  const records = page.getByRole('region', { name: 'Registros de Tasa de accidentabilidad' });
  await expect(records).toBeVisible();
  const query = new URLSearchParams({ indicador: 'tasa_accidentabilidad', desde: range.start, hasta: range.end });
  const behind = await server<AccidentRecordsAnswer>(`/accidentes/dashboard/registros/${COMPANY_ID}?${query.toString()}`);
  expect(behind.valor).toBe(all.total);
  await expect(records.getByRole('heading', { name: behind.titulo, level: 3 })).toBeVisible();
  await expect(records.getByText(RATE_FORMULA)).toBeVisible();
  await expect(
    records.getByText(
      `Numerador: ${figure(behind.numerador)}, Denominador: ${figure(behind.denominador)}, Resultado: ${figure(behind.valor)}`,
    ),
  ).toBeVisible();
  const cases = records.getByRole('table', { name: /^Casos:/ });
  await expect(cases.getByRole('row')).toHaveCount(behind.casos.length + 1);
  const counted = behind.casos.filter((caso) => caso.Cuenta);
  expect(counted.length).toBe(behind.numerador);
  // A trayecto case is listed with why it does not count.
  const trayecto = behind.casos.find((caso) => caso.Clasificacion === 'Accidente de Trayecto')!;
  expect(trayecto.Cuenta).toBe(false);
  await expect(cases.getByRole('row', { name: new RegExp(trayecto.IdAccidente) })).toContainText(`No: ${trayecto.Motivo}`);
  const months = records.getByRole('table', { name: /^Meses del denominador/ });
  await expect(months.getByRole('row')).toHaveCount(behind.meses.length + 1);
  expect(behind.meses).toHaveLength(12);
  const first = behind.meses[0]!;
  await expect(months.getByRole('row', { name: shown(first.Mes) })).toContainText(
    first.Dotacion === null ? 'Sin dotación registrada' : formatNumber(first.Dotacion),
  );
  await page.screenshot({ path: 'test-results/incidentes-dashboard-registros.png', fullPage: true });
  await expectAccessible(page);

  // A bar opens its own cases: the classification with the most, tapped on the chart. At 1440 px the cases'
  // last column is on screen; the chart downloads as a PNG.
  const classes = await server<DashboardAnswer>(`/accidentes/dashboard/tabla_evento/${COMPANY_ID}`);
  const most = Math.max(...classes.data.map((point) => point.Valor));
  await clickChartShape(card(page, 'Casos por clasificación'), '#f5c400');
  const opened = page.getByRole('region', { name: /^Registros de Casos por clasificación: / });
  await expect(opened).toBeVisible();
  const picked = (await opened.getByRole('heading', { level: 2 }).textContent())!
    .replace('Registros de Casos por clasificación: ', '')
    .trim();
  expect(classes.data.find((point) => point.Nombre === picked)?.Valor).toBe(most);
  await expect(opened.getByRole('table', { name: /^Casos:/ }).getByRole('row')).not.toHaveCount(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectLastColumnVisible(opened, '.accident-records__scroll');
  await expectAccessible(page);
  await downloadChartPng(card(page, 'Casos por clasificación'), 'incidentes-casos-por-clasificacion');
  await page.setViewportSize({ width: 1280, height: 800 });
  await rate.getByRole('button', { name: 'Ver registros' }).click();
  await expect(records).toBeVisible();

  // A case opens at its own page.
  const lostTime = counted[0]!;
  await cases.getByRole('link', { name: lostTime.IdAccidente }).click();
  await expect(page).toHaveURL(new RegExp(`/incidentes/detalles/${lostTime.IdEvaluacion}$`));
});

test('headcount and hours load from a CSV: a bad row is refused with its line and nothing is queued; corrected, every row is queued once and reaches ' +
  'the server once', async ({
  page,
}) => {
  const [oldest, older, old] = [monthBefore(15), monthBefore(14), monthBefore(13)];
  await openSignedIn(page, ADMIN);
  await expect.poll(async () => (await localRows(page, 'dotaciones')).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(48);
  const before = (await localRows(page, 'dotaciones')).length;
  await openFromMenu(page, 'Módulos', 'Incidentes', 'Dotación y horas hombre', 'Dotación y horas hombre');
  await expect(page.getByRole('list', { name: 'Lista de dotaciones' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Cargar archivo' }).click();
  await expect(page.getByRole('heading', { name: 'Cargar dotaciones desde un archivo', level: 1 })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar plantilla' }).click()]);
  expect(download.suggestedFilename()).toBe('plantilla-dotaciones.csv');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe('\uFEFFMes;Nivel 2;Nivel 3;RUT contratista;Dotación;Horas hombre\r\n');
  await expectAccessible(page);

  const file = (rows: string[]) => ({
    name: 'dotacion.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFFMes;Nivel 2;Nivel 3;RUT contratista;Dotación;Horas hombre\r\n${rows.join('\r\n')}\r\n`, 'utf8'),
  });
  const good = [`${shown(oldest)};Faena Los Andes;Obras Civiles;;30;"5.400,5"`, `${old};Faena Los Andes;Montaje Eléctrico;;12;2160`];
  const upload = page.getByLabel('Archivo Excel o CSV');
  await upload.setInputFiles(file([good[0]!, `${older};Faena Los Andes;Movimiento de Tierra;;20;3600`, good[1]!]));
  await expect(page.getByText(/^dotacion\.csv: 2 filas válidas \(de .+\) y 1 fila con errores, que no se cargarán\./)).toBeVisible();
  const problems = page.getByRole('table', { name: 'Filas con errores de dotacion.csv' }).getByRole('row');
  await expect(problems).toHaveText(['FilaColumnaError', '3Nivel 3El nivel 3 no pertenece al nivel 2 indicado (Área: «Movimiento de Tierra»)']);
  // Nothing is queued until the person loads the valid rows.
  expect(await localRows(page, 'outbox', 'keys')).toHaveLength(0);
  expect(await localRows(page, 'dotaciones')).toHaveLength(before);
  await expectAccessible(page);

  // Corrected: the row goes under its own level 2, and all three are loaded together.
  await upload.setInputFiles(file([good[0]!, `${older};Faena Ruta 5 Norte;Movimiento de Tierra;;20;3600`, good[1]!]));
  await page.getByRole('button', { name: 'Cargar las 3 filas válidas' }).click();
  await expect(page.getByText('3 dotaciones guardadas en este dispositivo.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await expect(page.getByRole('heading', { name: 'Dotación y horas hombre', level: 1 })).toBeVisible();
  expect(await localRows(page, 'dotaciones')).toHaveLength(before + 3);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(shown(oldest));
  const list = page.getByRole('list', { name: 'Lista de dotaciones' }).getByRole('listitem');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText(`${shown(oldest)} · Faena Los Andes / Obras Civiles`);
  await expect(list.first()).toContainText('Personal propio · Dotación 30 · 5.400,5 HH');
  await expectAccessible(page);

  // The form refuses the same month, levels and contractor again, as the load does.
  await page.getByRole('link', { name: 'Nueva dotación' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva dotación', level: 1 })).toBeVisible();
  await page.getByLabel('Mes*').fill(shown(oldest));
  await page.getByRole('combobox', { name: 'Faena*' }).selectOption({ label: 'Faena Los Andes' });
  await page.getByRole('combobox', { name: 'Área' }).selectOption({ label: 'Obras Civiles' });
  await page.getByRole('spinbutton', { name: 'Dotación*' }).fill('5');
  await page.getByRole('spinbutton', { name: 'Horas hombre*' }).fill('900');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe la dotación de ese mes para esos niveles y ese contratista')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('heading', { name: 'Dotación y horas hombre', level: 1 })).toBeVisible();

  await expectAllSent(page);
  const token = await apiToken(page.request);
  const response = await page.request.get(`/api/accidentes/dotacion/${COMPANY_ID}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const onServer = (
    (await response.json()) as { data: { Mes: string; Dotacion: number; HorasHombre: number; IdNivel3: string | null }[] }
  ).data.filter((row) => [oldest, older, old].includes(row.Mes));
  expect(onServer.map((row) => [row.Mes, row.Dotacion, row.HorasHombre]).sort()).toEqual(
    [
      [oldest, 30, 5400.5],
      [older, 20, 3600],
      [old, 12, 2160],
    ].sort(),
  );
});

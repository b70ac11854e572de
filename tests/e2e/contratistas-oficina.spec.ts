import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { addMonths } from '#sync/domain/dates.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { expectAccessible } from './support/accessibility.ts';
import { ADMIN, apiToken, COMPANY_ID, expectAllSent } from './support/field-session.ts';
import { openSignedIn } from './support/shared-session.ts';

test.use({ viewport: { width: 1280, height: 800 }, actionTimeout: 15_000 });

const CONTRACTOR = 'Montajes Industriales del Sur SpA';
const SUBCONTRACTOR = 'Andamios Bío Bío Ltda.';
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test("the office reads its contractors: the associated companies with the demo contract's chain of subcontractors, and the contractors' dashboard down to the documents behind a contractor's compliance", async ({
  page,
}) => {
  const token = await apiToken(page.request);
  await openSignedIn(page, ADMIN);

  // Contractors and clients in one directory; the contractor's detail draws the contract's chain from the mandante.
  await page.goto('/empresas-asociadas');
  await expect(page.getByRole('heading', { name: 'Empresas Asociadas', level: 1 })).toBeVisible();
  const directory = page.getByRole('list', { name: 'Lista de empresas asociadas' });
  await expect(directory.getByRole('link', { name: /Minera Cordillera Norte S\.A\..*Cliente/ })).toBeVisible();
  await expectAccessible(page);
  await directory.getByRole('link', { name: new RegExp(`^${CONTRACTOR}`) }).click();
  await expect(page.getByRole('heading', { name: CONTRACTOR, level: 1 })).toBeVisible();
  const chains = page.getByRole('list', { name: 'Cadenas de subcontratación, desde el mandante' });
  await expect(chains.locator(':scope > li').filter({ hasText: 'Mantención eléctrica Planta Norte' })).toContainText(
    `(mandante) → ${CONTRACTOR} → ${SUBCONTRACTOR}`,
  );
  await expectAccessible(page);

  // The dashboard opens on the last twelve months, as the server is asked here.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  const range = new URLSearchParams({ start: `${addMonths(today.slice(0, 7), -11)}-01`, end: today, month: today.slice(0, 7) });
  const server = async <T>(path: string) => {
    const response = await page.request.get(`/api/gestion-contratista/dashboard/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(200);
    return (await response.json()) as T;
  };
  const compliance = await server<DashboardAnswer>(`cumplimiento/${COMPANY_ID}?${range.toString()}`);
  const contractor = compliance.data.find((point) => point.Nombre === CONTRACTOR)!;
  expect(contractor).toBeDefined();

  await page.goto('/dashboard/contratistas');
  await expect(page.getByRole('heading', { name: 'Dashboard de contratistas', level: 1 })).toBeVisible();
  const chart = card(page, 'Cumplimiento de requisitos por contratista');
  await expect(chart.getByText(/Fórmula:/)).toBeVisible();
  await chart.getByText('Ver datos').click();
  await expect(chart.getByRole('row').filter({ hasText: CONTRACTOR })).toContainText(formatNumber(contractor.Valor, 1));
  await chart.getByRole('button', { name: `Ver registros de ${CONTRACTOR}` }).click();
  const records = page.getByRole('region', { name: `Registros de Cumplimiento de requisitos por contratista: ${CONTRACTOR}`, exact: true });
  await expect(records).toBeVisible();
  await expect(records.getByRole('row').filter({ hasText: 'Examen preocupacional' }).first()).toBeVisible();
  await expectAccessible(page);
});

test("the office places one of the demo contract's activities at another worksite with one of its workers and its contractor's pickup, each then accredited where it works", async ({
  page,
}) => {
  const token = await apiToken(page.request);
  const api = async <T>(path: string) =>
    ((await (await page.request.get(`/api/gestion-contratista/${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: T }).data;
  const contract = (await api<{ IdContrato: string; Nombre: string; Trabajadores: string[] }[]>(`contrato/${COMPANY_ID}`)).find(
    (row) => row.Nombre === 'Mantención eléctrica Planta Norte',
  )!;
  const accreditations = async () =>
    (await api<{ IdContrato: string; IdPersona: string; NombrePersona: string; IdNivel2: string }[]>(`acreditacion/${COMPANY_ID}`)).filter(
      (row) => row.IdContrato === contract.IdContrato && row.IdPersona === contract.Trabajadores[0],
    );
  const [before] = await accreditations();
  const worker = before!.NombrePersona;
  await openSignedIn(page, ADMIN);
  await expectAllSent(page);

  await page.goto('/contratos');
  await page.getByRole('link', { name: /Mantención eléctrica Planta Norte/ }).click();
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar contrato', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Agregar actividad' }).click();
  const added = page.getByRole('group', { name: 'Actividad 3', exact: true });
  await added.getByRole('combobox', { name: 'Actividad*' }).selectOption({ label: 'Transporte de personal' });
  await added.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Faena Ruta 5 Norte' });
  await added.getByRole('checkbox', { name: new RegExp(`^${worker}`) }).check();
  // The contract's pickup (the contractor's, from the fleet) goes along.
  await added.getByRole('checkbox', { name: 'PRTZ17', exact: true }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();

  // The detail says where each activity is done and by whom; the worker's accreditation holds at each worksite.
  await expect(page.getByRole('heading', { name: 'Mantención eléctrica Planta Norte', level: 1 })).toBeVisible();
  await expect(page.getByText(new RegExp(`Transporte de personal en Faena Ruta 5 Norte: ${worker} \\([\\d.-]+\\), PRTZ17$`))).toBeVisible();
  await expectAllSent(page);
  await expect.poll(async () => (await accreditations()).length).toBe(2);
  await expect(page.getByText(new RegExp(`^${worker} \\(Faena Ruta 5 Norte\\): `))).toBeVisible({ timeout: 30_000 });
  // The pickup now works only there: accredited at Ruta 5 Norte, no longer at the contract's worksite.
  const pickup = page.getByRole('listitem').filter({ hasText: /^PRTZ17 / });
  await expect(pickup).toHaveText([/^PRTZ17 \(Faena Ruta 5 Norte\): acreditado hasta el \d{2}\/\d{2}\/\d{4}$/]);
  await expectAccessible(page);
});

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';
import { apiToken, COMPANY_ID, controlledByServiceWorker, freshRut, goToWorkers, localRows, signIn, syncStatus, WORKERS_API } from './support/field-session.ts';

/**
 * SPEC PL13–PL16 on the device: the tablet of «faena@andesdemo.cl», a supervisor of Faena Los Andes only, holds the
 * workers of its worksite (and those with none, and those its records name from elsewhere), loses one who moves away,
 * and gains the other worksite when the admin widens the user's worksites (and loses it again when narrowed back,
 * which leaves the demo account as seeded).
 */
const FIELD = 'faena@andesdemo.cl';
const LOS_ANDES = 'Faena Los Andes';
const RUTA_5 = 'Faena Ruta 5 Norte';

interface DeviceWorker {
  IdPersona: string;
  ApellidoPaterno: string;
  IdNivel2: string | null;
}

class Office {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
    const headers = { Authorization: `Bearer ${this.token}`, ...(method === 'GET' ? {} : { 'Idempotency-Key': randomUUID() }) };
    const response = await this.request.fetch(path, { method, data, headers });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { data: T }).data;
  }

  async levelId(type: 2 | 3, name: string): Promise<string> {
    const levels = await this.call<{ IdNivel: string; Nombre: string }[]>('GET', `/api/niveles/${COMPANY_ID}?TipoNivel=${type}`);
    return levels.find((level) => level.Nombre === name)!.IdNivel;
  }

  async createWorker(nombres: string, paterno: string, nivel2: string, nivel3: string): Promise<string> {
    const body = { IdPersona: randomUUID(), RunPersona: freshRut(), Nombres: nombres, ApellidoPaterno: paterno };
    return (await this.call<{ IdPersona: string }>('POST', WORKERS_API, { ...body, IdNivel2: nivel2, IdNivel3: nivel3 })).IdPersona;
  }

  /** The ids of the company's workers at a level 2, as the server holds them. */
  async workersAt(nivel2: string): Promise<string[]> {
    const rows = await this.call<{ IdPersona: string; IdNivel2: string | null }[]>('GET', `${WORKERS_API}/${COMPANY_ID}?PorPagina=500&Pagina=1`);
    return rows.filter((row) => row.IdNivel2 === nivel2).map((row) => row.IdPersona);
  }

  setWorksites(userId: number, faenas: string[]): Promise<unknown> {
    return this.call('PUT', '/api/usuarios', { IdUsuario: userId, Faenas: faenas });
  }
}

const deviceWorkers = (page: Page) => localRows<DeviceWorker>(page, 'trabajadores');

/**
 * PL16: the workers the tablet's records name (an inspection's observed, an incident's injured, a contract's assigned),
 * wherever they work.
 */
async function namedByRecords(page: Page): Promise<Set<string>> {
  const inspections = await localRows<{ Observados: string[] }>(page, 'inspecciones');
  const incidents = await localRows<{ IdPersona: string | null }>(page, 'incidentes');
  const contracts = await localRows<{ Trabajadores: string[] }>(page, 'contratos');
  return new Set([
    ...inspections.flatMap((row) => row.Observados),
    ...incidents.flatMap((row) => (row.IdPersona ? [row.IdPersona] : [])),
    ...contracts.flatMap((row) => row.Trabajadores),
  ]);
}

const workersText = (count: number) => `${count} ${count === 1 ? 'trabajador' : 'trabajadores'}`;

/** The ids of the device's workers at a level 2, sorted. */
async function heldAt(page: Page, nivel2: string): Promise<string[]> {
  return (await deviceWorkers(page))
    .filter((row) => row.IdNivel2 === nivel2)
    .map((row) => row.IdPersona)
    .sort();
}

/** The device's next sync, started by the person from the Sincronización screen. */
async function syncNow(page: Page): Promise<void> {
  await syncStatus(page).click();
  await expect(page.getByRole('heading', { name: 'Sincronización', level: 1 })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sincronizar' }).click();
}

/** What the workers list shows for the journey's own surname, and for the Faena filter set to Ruta 5 Norte. */
async function expectList(page: Page, surname: string, ownCount: string, ruta5Count: string): Promise<void> {
  await goToWorkers(page);
  const count = page.getByRole('status').filter({ hasText: /trabajador/ }).first();
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill(surname);
  await expect(count).toHaveText(ownCount);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill('');
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: RUTA_5 });
  await expect(count).toHaveText(ruta5Count);
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Todas' });
}

/** PL13: outside its worksites the tablet finds a worker online, and says so; what it holds is not offered again. */
async function expectFoundOnline(page: Page, surname: string, name: string): Promise<void> {
  await goToWorkers(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill(surname);
  const outside = page.getByRole('region', { name: 'Trabajadores de otras faenas' });
  await expect(outside).toContainText('Los de otras faenas se buscan con conexión.');
  await outside.getByRole('button', { name: `Buscar «${surname}» en toda la empresa` }).click();
  await expect(outside.getByRole('link')).toHaveText([new RegExp(`^${surname}, ${name} · `)]);
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill('');
}

/** Offline at the worksite: the tablet's own workers are there; another worksite's cannot be searched, and it says so. */
async function expectOfflineList(page: Page, surname: string): Promise<void> {
  // As at a worksite: the app installed (its service worker holds every screen) before the signal goes.
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await goToWorkers(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill(surname);
  await expect(page.getByRole('status').filter({ hasText: /trabajador/ }).first()).toHaveText('1 trabajador');
  const outside = page.getByRole('region', { name: 'Trabajadores de otras faenas' });
  await expect(outside).toContainText('Ahora estás sin conexión.');
  await expect(outside.getByRole('button', { name: `Buscar «${surname}» en toda la empresa` })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' }).fill('');
  await page.context().setOffline(false);
}

test('PL13–PL16: a worksite supervisor’s tablet holds its worksite, loses a worker who moves away, gains and loses a widened worksite', async ({
  page,
}) => {
  const office = new Office(page.request, await apiToken(page.request));
  const [losAndes, ruta5] = [await office.levelId(2, LOS_ANDES), await office.levelId(2, RUTA_5)];
  const [obrasCiviles, movimiento] = [await office.levelId(3, 'Obras Civiles'), await office.levelId(3, 'Movimiento de Tierra')];
  const surname = `Faenera${Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  // Created in this order: once the second is on the device, the feed has passed the first (SPEC PL2, seq order).
  const elsewhere = await office.createWorker('Elsa', surname, ruta5, movimiento);
  const mover = await office.createWorker('Mario', surname, losAndes, obrasCiviles);

  await signIn(page, FIELD);
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } }).usuario.IdUsuario);

  await expect.poll(async () => (await deviceWorkers(page)).some((row) => row.IdPersona === mover), { timeout: 20_000 }).toBe(true);
  const held = await deviceWorkers(page);
  // Of other worksites, only the workers its own records name (PL16): the demo's inspections observe some.
  const named = await namedByRecords(page);
  await expect.poll(async () => (await heldAt(page, ruta5)).filter((id) => named.has(id)).length, { timeout: 20_000 }).toBe(
    (await office.workersAt(ruta5)).filter((id) => named.has(id)).length,
  );
  expect(held.filter((row) => row.IdNivel2 !== losAndes && row.IdNivel2 !== null && !named.has(row.IdPersona))).toEqual([]);
  expect(held.some((row) => row.IdPersona === elsewhere)).toBe(false);
  expect(held.filter((row) => row.IdNivel2 === losAndes).length).toBeGreaterThanOrEqual(14);
  const companions = await heldAt(page, ruta5);
  await expectList(page, surname, '1 trabajador', workersText(companions.length));
  await expectFoundOnline(page, surname, 'Elsa');
  await expectOfflineList(page, surname);

  // PL14: the admin moves the worker to Ruta 5 Norte; the tablet's next sync takes them away.
  await office.call('PUT', WORKERS_API, { IdPersona: mover, Version: 1, IdNivel2: ruta5, IdNivel3: movimiento });
  await syncNow(page);
  await expectAccessible(page);
  await expect.poll(async () => (await deviceWorkers(page)).some((row) => row.IdPersona === mover), { timeout: 20_000 }).toBe(false);
  await expectList(page, surname, '0 trabajadores', workersText(companions.length));

  // PL15: both worksites; the next sync downloads what the tablet lacks and Ruta 5 Norte's arrive, the moved one too.
  await office.setWorksites(userId, [losAndes, ruta5]);
  await syncNow(page);
  await expect.poll(() => heldAt(page, ruta5), { timeout: 20_000 }).toEqual(expect.arrayContaining([elsewhere, mover]));
  expect(await heldAt(page, ruta5)).toEqual((await office.workersAt(ruta5)).sort());
  const ruta5Count = (await heldAt(page, ruta5)).length;
  await expectList(page, surname, '2 trabajadores', `${ruta5Count} trabajadores`);

  // Narrowed back to Los Andes: Ruta 5 Norte leaves the tablet again, but for the workers its records name.
  await office.setWorksites(userId, [losAndes]);
  await syncNow(page);
  await expect.poll(() => heldAt(page, ruta5), { timeout: 20_000 }).toEqual(companions);
  expect((await deviceWorkers(page)).some((row) => row.IdNivel2 === losAndes)).toBe(true);
  await expectList(page, surname, '0 trabajadores', workersText(companions.length));
});

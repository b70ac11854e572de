import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { rutCheckDigit } from '#sync/domain/rut.ts';

export const COMPANY_RUT = '76123456-0';
export const COMPANY_ID = '76123456';
export const SUPERVISOR = 'supervisor@andesdemo.cl';
export const ADMIN = 'admin@andesdemo.cl';
export const PASSWORD = 'Andes.2026';
export const WORKERS_API = '/api/trabajadores/newtrabajadores2';

export async function signIn(page: Page, correo: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(COMPANY_RUT);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(correo);
  await page.getByLabel('Contraseña*', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The service worker must be activated and controlling the page before the context goes offline, or a reload
 * or a lazily loaded screen has nothing to answer it (TOOLCHAIN.md). In prompt mode the first load is not
 * controlled; the reload is.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    return registration.active?.state;
  });
  expect(state).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The compact status of the top bar: a link named "Sincronización: …". */
export function syncStatus(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Sincronización:/ });
}

/**
 * Every write of this device has reached the server: its outbox is empty and the top bar says so. The top bar alone
 * can still read "Sincronizado" for a moment after a save, before it has seen the new entry.
 */
export async function expectAllSent(page: Page, timeout = 30_000): Promise<void> {
  await expect.poll(async () => (await localRows(page, 'outbox', 'keys')).length, { timeout }).toBe(0);
  await expect(syncStatus(page)).toContainText('Sincronizado', { timeout });
}

/** The workers list through the side navigation (group Ajustes). */
export async function goToWorkers(page: Page): Promise<void> {
  const group = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: /Ajustes/ });
  if ((await group.getAttribute('aria-pressed')) !== 'true') await group.click();
  await page.getByRole('navigation', { name: 'Menú Ajustes' }).getByRole('link', { name: 'Trabajadores' }).click();
  await expect(page.getByRole('heading', { name: 'Trabajadores', level: 1 })).toBeVisible();
}

/** Opens the workers list and waits until the pulled roster is on the device. */
export async function openWorkers(page: Page, atLeast = 20): Promise<void> {
  await goToWorkers(page);
  await expect
    .poll(
      async () =>
        Number(
          (
            (await page
              .getByRole('status')
              .filter({ hasText: /trabajador/ })
              .first()
              .textContent()) ?? ''
          ).replace(/\D/g, '') || 0,
        ),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(atLeast);
}

let counter = 0;
/**
 * A valid RUT that no seeded worker has, different in every call of a run: each of the workers that run journeys
 * at once (TEST_PARALLEL_INDEX) draws from a range of its own.
 */
export function freshRut(): string {
  counter += 1;
  const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 4;
  const body = String(21_000_000 + lane * 500_000 + ((Math.floor(Date.now() / 7) + counter * 7919) % 500_000));
  return `${body}-${rutCheckDigit(body)}`;
}

export interface NewWorker {
  rut: string;
  nombres: string;
  paterno: string;
  signature?: boolean;
}

/** Draws a stroke on the signature pad with the mouse. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: /Firma del trabajador: dibuja/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 30 + step * 22, box.y + box.height * (0.6 - 0.3 * Math.sin(step / 2)), { steps: 3 });
  }
  await page.mouse.up();
  await expect(page.getByText('Firma capturada.')).toBeVisible();
}

/** Fills the worker form on /trabajadores/nuevo and saves; ends on the new worker's detail page. */
export async function createWorkerThroughForm(page: Page, worker: NewWorker): Promise<void> {
  await goToWorkers(page);
  await page.getByRole('link', { name: 'Nuevo trabajador' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo trabajador', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Rut (12345678-9)*' }).fill(worker.rut);
  await page.getByRole('textbox', { name: 'Nombres*' }).fill(worker.nombres);
  await page.getByRole('textbox', { name: 'Apellido Paterno*' }).fill(worker.paterno);
  await page.getByRole('combobox', { name: 'Faena' }).selectOption({ label: 'Faena Los Andes' });
  await page.getByRole('checkbox', { name: 'Eléctrico' }).check();
  if (worker.signature) await drawSignature(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Trabajador creado correctamente/).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: `${worker.nombres} ${worker.paterno}`, level: 1 })).toBeVisible();
}

/** A session token of the test's own, to look at the server through the API. */
export async function apiToken(request: APIRequestContext, correo = ADMIN): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { RutEmpresa: COMPANY_RUT, Correo: correo, Contrasena: PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export interface ServerWorker {
  IdPersona: string;
  RunPersona: string;
  Nombres: string;
  ApellidoPaterno: string;
  ApellidoMaterno: string;
  Version: number;
  Firma: { Sha256: string; Tipo: string } | null;
  Urls?: Record<string, string>;
}

export async function serverWorkersByRut(
  request: APIRequestContext,
  token: string,
  rut: string,
): Promise<{ total: number; data: ServerWorker[] }> {
  const response = await request.get(`${WORKERS_API}/${COMPANY_ID}?Buscar=${encodeURIComponent(rut)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { total: number; data: ServerWorker[] };
}

export async function serverWorkerTotal(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${WORKERS_API}/${COMPANY_ID}?PorPagina=1`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { total: number }).total;
}

export async function serverWorker(request: APIRequestContext, token: string, id: string): Promise<ServerWorker> {
  const response = await request.get(`${WORKERS_API}/detalle/${COMPANY_ID}/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ServerWorker }).data;
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Every row (or only the keys) of one store of the signed-in person's database on the device (IndexedDB
 * `andes-hse-<IdUsuario>`); empty when nobody is signed in.
 */
export function localRows<Row>(page: Page, store: string, what: 'rows' | 'keys' = 'rows'): Promise<Row[]> {
  return page.evaluate(
    ({ store, what }) =>
      new Promise<Row[]>((resolve, reject) => {
        const session = JSON.parse(localStorage.getItem('session') ?? 'null') as { usuario: { IdUsuario: number } } | null;
        if (!session) return resolve([]);
        const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
        // The app has not made its database yet (a page just opened): nothing is on the device, and the look must
        // not make an empty database in the app's place.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(store)) {
            open.result.close();
            return resolve([]);
          }
          const objects = open.result.transaction(store).objectStore(store);
          const read = what === 'keys' ? objects.getAllKeys() : objects.getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result as Row[]);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    { store, what },
  );
}

/** The worker row in the signed-in person's database on the device. */
export async function localWorkerByRut(page: Page, rut: string): Promise<ServerWorker | null> {
  return (await localRows<ServerWorker>(page, 'trabajadores')).find((row) => row.RunPersona === rut) ?? null;
}

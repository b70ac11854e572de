/**
 * The follow-up list an office user or supervisor opens every day: 5,000 finished inspections (and their ~13,000
 * observations) on the device, measured in headless Chromium against the built app and the real server.
 * (a) Opening: from the home screen, a tap on "Inspecciones" in the side menu until the first rows are laid out
 *     (a fresh mount each time: the page is reloaded on the home screen between runs, so the screen's code, its
 *     live queries and the first window of rows are all part of the figure).
 * (b) Filtering: on the open list, a change of one filter (template, type, level 2, contractor, traffic light in
 *     turn) until the count and the first row of the filtered list show.
 * The expected results are computed beforehand straight from IndexedDB (indexes and the overdue rule), so a fast
 * but wrong list fails the bench. Needs `dist/` (`npx vite build`).
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  launchChromium,
  machineLine,
  newBenchPage,
  percentile,
  requireBuiltApp,
  startServer,
  submitSignIn,
  tempDataDir,
} from '../e2e/support/bench-harness.ts';
import { ADMIN } from '../e2e/support/field-session.ts';
import { seedInspectionsOnDevice } from './support/bench-inspections.ts';

const INSPECTIONS = 5_000;
const RUNS = 10;
const TARGET_MS = 200;
const LIST = 'ul[aria-label="Lista de inspecciones"]';

interface FilterCase {
  label: string;
  /** The option value chosen in the one select that offers it. */
  value: string;
  ids: string[];
}

async function waitForHome(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Sincronización:.*Sincronizado/ })
    .waitFor({ timeout: 60_000 });
  // Let the start-up sync and its live queries settle, as on a tablet that has been open a moment.
  await page.waitForTimeout(700);
}

async function openModulesMenu(page: Page): Promise<void> {
  const group = page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: /Módulos/ });
  if ((await group.getAttribute('aria-pressed')) !== 'true') await group.click();
  await page.getByRole('navigation', { name: 'Menú Módulos' }).getByRole('link', { name: 'Inspecciones' }).waitFor();
}

/** Time from the tap on the menu entry until a row of the list is in the laid-out, visible page. */
function timeOpening(page: Page): Promise<number> {
  return page.evaluate(
    (list) =>
      new Promise<number>((resolve, reject) => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Menú Módulos"] a')].find(
          (a) => a.textContent?.trim() === 'Inspecciones',
        );
        if (!link) return reject(new Error('No está el enlace Inspecciones en el menú Módulos'));
        const started = performance.now();
        const deadline = started + 20_000;
        const check = () => {
          const row = document.querySelector<HTMLElement>(`.ion-page:not(.ion-page-hidden) ${list} a.inspection-row`);
          if (row?.checkVisibility()) return resolve(performance.now() - started);
          if (performance.now() > deadline) return reject(new Error('La lista no mostró filas en 20 s'));
          requestAnimationFrame(check);
        };
        link.click();
        requestAnimationFrame(check);
      }),
    LIST,
  );
}

/** Chooses `value` in the select that offers it; resolves when the count and the first row match `ids`. */
function timeFilter(page: Page, value: string, ids: string[]): Promise<number> {
  return page.evaluate(
    ({ list, value, ids }) =>
      new Promise<number>((resolve, reject) => {
        const root = document.querySelector('.ion-page:not(.ion-page-hidden)')!;
        const select = [...root.querySelectorAll('select')].find((element) =>
          [...element.options].some((option) => option.value === value),
        );
        if (!select) return reject(new Error(`Ningún filtro ofrece el valor ${value}`));
        const expected = new Set(ids);
        const count = ids.length === 1 ? '1 inspección' : `${new Intl.NumberFormat('de-DE').format(ids.length)} inspecciones`;
        const started = performance.now();
        const deadline = started + 20_000;
        const check = () => {
          const status = root.querySelector('.list-page__count')?.textContent ?? '';
          const first = root.querySelector<HTMLAnchorElement>(`${list} li:first-child a.inspection-row`);
          const id = decodeURIComponent(first?.getAttribute('href')?.split('/').pop() ?? '');
          if (status.startsWith(count) && expected.has(id) && first?.checkVisibility()) return resolve(performance.now() - started);
          if (performance.now() > deadline) return reject(new Error(`El filtro ${value} no mostró ${count} (muestra «${status}»)`));
          requestAnimationFrame(check);
        };
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        requestAnimationFrame(check);
      }),
    { list: LIST, value, ids },
  );
}

/** The filters to time and what each must show, read from the device's IndexedDB without the app's code. */
function filterCases(page: Page, seeded: Awaited<ReturnType<typeof seedInspectionsOnDevice>>): Promise<FilterCase[]> {
  return page.evaluate(async (expected) => {
    const session = JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } };
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keysOf = (index: string, value: string) =>
      new Promise<string[]>((resolve, reject) => {
        const request = database
          .transaction('inspecciones')
          .objectStore('inspecciones')
          .index(index)
          .getAllKeys(IDBKeyRange.bound([value], [value, []]));
        request.onsuccess = () => resolve(request.result as string[]);
        request.onerror = () => reject(request.error);
      });
    const observations = await new Promise<
      { IdEvaluacion: string; Estado: number; Aprobada: number; Plazo: string | null; SemaforoObs: number }[]
    >((resolve, reject) => {
      const request = database.transaction('observaciones').objectStore('observaciones').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Santiago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    // SPEC OV1, written again here: approved is green, an open one past its deadline is red, else its stored light.
    const withLight = (light: number) => [
      ...new Set(
        observations
          .filter(
            (row) => row.Estado === 1 && (row.Aprobada === 1 ? 1 : row.Plazo !== null && row.Plazo < today ? 3 : row.SemaforoObs) === light,
          )
          .map((row) => row.IdEvaluacion),
      ),
    ];
    const [t1, t2] = expected.templates;
    const [c1, c2] = expected.contractors;
    const [n1, n2] = expected.nv2;
    const cases = [
      { label: `formulario «${t1!.name}»`, value: t1!.id, ids: await keysOf('[IdFormulario+Fecha]', t1!.id) },
      { label: 'tipo Observación', value: 'observacion', ids: await keysOf('[Tipo+Fecha]', 'observacion') },
      { label: 'nivel 2 más usado', value: n1!.id, ids: await keysOf('[IdNivel2+Fecha]', n1!.id) },
      { label: 'contratista', value: c1!.rut, ids: await keysOf('[RutContratista+Fecha]', c1!.rut) },
      { label: 'semáforo Rojo', value: '3', ids: withLight(3) },
      { label: `formulario «${t2!.name}»`, value: t2!.id, ids: await keysOf('[IdFormulario+Fecha]', t2!.id) },
      { label: 'tipo Inspección', value: 'inspeccion', ids: await keysOf('[Tipo+Fecha]', 'inspeccion') },
      { label: 'otro nivel 2', value: n2!.id, ids: await keysOf('[IdNivel2+Fecha]', n2!.id) },
      { label: 'otro contratista', value: c2!.rut, ids: await keysOf('[RutContratista+Fecha]', c2!.rut) },
      { label: 'semáforo Amarillo', value: '2', ids: withLight(2) },
    ];
    database.close();
    return cases;
  }, seeded.expected);
}

function summary(values: number[]): { median: number; line: string } {
  const sorted = [...values].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  return {
    median,
    line: `mediana ${median.toFixed(1)} ms · p90 ${percentile(sorted, 90).toFixed(1)} ms · mín ${sorted[0]!.toFixed(1)} ms · máx ${sorted.at(-1)!.toFixed(1)} ms (${values.length} veces)`,
  };
}

requireBuiltApp();
console.log(machineLine());
const dataDir = tempDataDir('andes-bench-inspection-list-');
const server = await startServer(dataDir);
const browser = await launchChromium();

try {
  const { page } = await newBenchPage(browser, server.baseUrl);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard$/);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Sincronización:.*Sincronizado/ })
    .waitFor({ timeout: 60_000 });
  const seeded = await seedInspectionsOnDevice(page, INSPECTIONS);
  const total = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } };
    const database = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
      open.onsuccess = () => resolve(open.result);
    });
    const count = await new Promise<number>((resolve) => {
      const request = database.transaction('inspecciones').objectStore('inspecciones').count();
      request.onsuccess = () => resolve(request.result);
    });
    database.close();
    return count;
  });
  console.log(
    `En el dispositivo: ${total} inspecciones (${seeded.inspections} de carga + las del demo) y ${seeded.observations} observaciones de carga.`,
  );
  const cases = await filterCases(page, seeded);

  const opening: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await waitForHome(page);
    await openModulesMenu(page);
    opening.push(await timeOpening(page));
  }

  const filtering: number[] = [];
  for (const filterCase of cases) {
    filtering.push(await timeFilter(page, filterCase.value, filterCase.ids));
    // Back to the whole list, not timed.
    await page.evaluate((value) => {
      const root = document.querySelector('.ion-page:not(.ion-page-hidden)')!;
      const select = [...root.querySelectorAll('select')].find((element) => [...element.options].some((option) => option.value === value))!;
      select.value = '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }, filterCase.value);
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${new Intl.NumberFormat('de-DE').format(total).replace('.', '\\.')} inspecciones`) })
      .waitFor();
  }

  // Reference only: a cold load of the address (app start, session, database, screen), from the navigation's start.
  const reloads: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    await page.goto('/inspecciones', { waitUntil: 'commit' });
    reloads.push(
      await page.evaluate(
        (list) =>
          new Promise<number>((resolve) => {
            const check = () => {
              const row = document.querySelector<HTMLElement>(`.ion-page:not(.ion-page-hidden) ${list} a.inspection-row`);
              if (row?.checkVisibility()) resolve(performance.now());
              else requestAnimationFrame(check);
            };
            check();
          }),
        LIST,
      ),
    );
  }

  const open = summary(opening);
  const filter = summary(filtering);
  const verdict = (median: number) => (median < TARGET_MS ? 'cumple' : 'NO cumple');
  console.log(`Lista de ${total} inspecciones en el dispositivo (Chromium sin interfaz, 1280x800):`);
  console.log(`  abrir desde el menú hasta ver las primeras filas: ${open.line}. Meta: < ${TARGET_MS} ms → ${verdict(open.median)}`);
  console.log(`  cambiar un filtro hasta ver las filas filtradas: ${filter.line}. Meta: < ${TARGET_MS} ms → ${verdict(filter.median)}`);
  cases.forEach((filterCase, index) =>
    console.log(`    ${filterCase.label}: ${filterCase.ids.length} inspecciones en ${filtering[index]!.toFixed(1)} ms`),
  );
  console.log(
    `  referencia, sin meta: recargar /inspecciones (arranque de la app incluido) ${reloads.map((ms) => `${ms.toFixed(0)} ms`).join(' · ')}`,
  );
  if (open.median >= TARGET_MS || filter.median >= TARGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

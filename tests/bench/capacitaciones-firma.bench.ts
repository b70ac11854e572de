/**
 * Issue "Trainings": each signature of a 40-person session on screen in under 50 ms. Headless Chromium at tablet
 * size (1280x800), offline, opens the real attendance page of a 40-person session (put on the device as a pull
 * and the "Tomar asistencia" button would), and for each participant: opens their signature pad, draws a stroke
 * with the mouse (not timed), then times from the click on "Guardar firma de …" until the screen shows it: their
 * signature image and the "n de 40 firmaron" count, then the next frame (rAF + a task, so layout and paint are
 * included). Reported on this machine (the target) and with Chromium's CPU throttled 4x for 10 signatures (a cheap
 * tablet, for reference). Needs `dist/`.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { seedId } from '#server/seed/seed-id.ts';
import {
  launchChromium,
  machineLine,
  percentile,
  requireBuiltApp,
  startServer,
  submitSignIn,
  tempDataDir,
} from '../e2e/support/bench-harness.ts';
import { COMPANY_ID, SUPERVISOR } from '../e2e/support/field-session.ts';
import { drawOn } from '../e2e/support/inspection-session.ts';

const PEOPLE = 40;
const TARGET_MS = 50;
const THROTTLE = 4;
const THROTTLED = 10;

requireBuiltApp();
console.log(machineLine());
const dataDir = tempDataDir('andes-bench-firma-');
const server = await startServer(dataDir);
const browser: Browser = await launchChromium();

/** A session of 40 and its attendance draft, as the device holds them once "Tomar asistencia" was pressed. */
function benchRows(userId: number) {
  const id = crypto.randomUUID();
  const participants = Array.from({ length: PEOPLE }, (_, n) => ({
    Id: crypto.randomUUID(),
    IdPersona: crypto.randomUUID(),
    IdCargo: null,
    RunPersona: `${20_000_000 + n}-0`,
    Nombre: `Trabajador de banco ${String(n + 1).padStart(2, '0')}`,
    Asistio: 0 as const,
    Nota: null,
    Firma: null,
    FirmadoEn: null,
    Estado: 1 as const,
  }));
  const presenter = {
    Id: crypto.randomUUID(),
    IdUsuario: userId,
    IdCargo: null,
    IdPersona: null,
    Nombre: 'Jorge Araya Rojas',
    Rut: '15234567-4',
    Firma: null,
    FirmadoEn: null,
    Estado: 1 as const,
  };
  const session = {
    IdCapacitacion: id,
    IdEmpresa: COMPANY_ID,
    Estado: 1,
    Version: 1,
    IdTipoCapacitacion: seedId(COMPANY_ID, 'tipo-capacitacion', 'epp'),
    IdPrograma: null,
    Tema: 'Banco: charla de 40 personas',
    Fecha: '2026-03-10',
    HoraInicio: '08:00',
    Lugar: 'Casino de faena',
    DuracionHoras: 1,
    IdNivel2: null,
    IdNivel3: null,
    RutContratista: null,
    IdCliente: null,
    CargosParticipantes: [],
    Realizada: 0,
    FechaRealizacion: null,
    VigenciaMeses: null,
    Evaluada: 0,
    IdUsuario: userId,
    Participantes: participants.map((participant) => ({
      ...participant,
      RutContratista: null,
      IdNivel2: null,
      IdNivel3: null,
      FechaVencimiento: null,
    })),
    Relatores: [presenter],
    Evidencias: [],
    orden: '7973-96-89 banco',
    personas: participants.map((participant) => participant.IdPersona),
    asistencias: participants.map((participant) => participant.Id),
  };
  const draft = {
    IdCapacitacion: id,
    IdEmpresa: COMPANY_ID,
    IdUsuario: userId,
    estado: 'abierta',
    actualizadoEn: Date.now(),
    Version: 1,
    Tema: session.Tema,
    Evaluada: 0,
    FechaRealizacion: '2026-03-10',
    Participantes: participants.map((participant) => ({ ...participant, agregado: false })),
    Relatores: [presenter],
    Fotos: [],
    iniciadaEn: new Date().toISOString(),
  };
  return { id, session, draft, names: participants.map((participant) => participant.Nombre) };
}

async function putRows(page: Page, userId: number, rows: { session: object; draft: object }): Promise<void> {
  await page.evaluate(
    ({ userId, rows }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(`andes-hse-${userId}`);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction(['capacitaciones', 'asistencias'], 'readwrite');
          transaction.objectStore('capacitaciones').put(rows.session);
          transaction.objectStore('asistencias').put(rows.draft);
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { userId, rows },
  );
}

/** Where a save's time goes, seen from the screen: until the count, until the image, until both are painted. */
interface SaveTimes {
  count: number;
  image: number;
  total: number;
}

/** Saves the drawn signature of `name` and resolves with the time until it is on screen and painted. */
function timedSave(page: Page, name: string, signed: number): Promise<SaveTimes> {
  return page.evaluate(
    async ({ name, signed, people }) => {
      const button = [...document.querySelectorAll<HTMLElement>('ion-button')].find(
        (candidate) => candidate.textContent?.trim() === `Guardar firma de ${name}`,
      )!;
      const times = { count: Number.NaN, image: Number.NaN, total: Number.NaN };
      const shown = () => {
        const now = performance.now() - started;
        if (Number.isNaN(times.count) && (document.body.textContent ?? '').includes(`${signed} de ${people} firmaron`)) times.count = now;
        if (Number.isNaN(times.image) && document.querySelector(`img[alt="Firma de ${name}"]`) !== null) times.image = now;
        return !Number.isNaN(times.count) && !Number.isNaN(times.image);
      };
      const afterPaint = () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
        );
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        // A save that never shows fails the bench instead of waiting for ever.
        const timeout = setTimeout(() => reject(new Error(`La firma de ${name} no apareció en pantalla en 10 s`)), 10_000);
        const observer = new MutationObserver(() => {
          if (shown()) {
            observer.disconnect();
            clearTimeout(timeout);
            resolve();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        button.click();
      });
      await afterPaint();
      times.total = performance.now() - started;
      return times;
    },
    { name, signed, people: PEOPLE },
  );
}

async function signAll(page: Page, names: string[], from: number): Promise<SaveTimes[]> {
  const times: SaveTimes[] = [];
  for (const [index, name] of names.entries()) {
    await page.getByRole('button', { name: `Firmar: ${name}` }).click();
    await drawOn(page, page.getByRole('img', { name: new RegExp(`^Firma de ${name}: dibuja`) }));
    // The pad hands its drawing over when the stroke ends: saving is possible (enabled) from then on, not before.
    await page.waitForFunction(
      (label) =>
        [...document.querySelectorAll<HTMLElement & { disabled?: boolean }>('ion-button')].some(
          (button) => button.textContent?.trim() === label && !button.disabled,
        ),
      `Guardar firma de ${name}`,
    );
    // About a tap a second at the worksite: the previous save and its re-read are done before the next is timed.
    await page.waitForTimeout(250);
    times.push(await timedSave(page, name, from + index + 1));
  }
  return times;
}

function report(label: string, saves: SaveTimes[], target: number | null): number {
  const values = saves.map((save) => save.total);
  const sorted = [...values].sort((a, b) => a - b);
  const max = sorted.at(-1)!;
  const over = target === null ? 0 : values.filter((value) => value >= target).length;
  const verdict =
    target === null
      ? '(referencia)'
      : `Meta: cada firma < ${target} ms → ${max < target ? 'cumple' : `NO cumple (${over} de ${values.length} sobre la meta)`}`;
  console.log(
    `${label}: mediana ${percentile(sorted, 50).toFixed(1)} ms · p95 ${percentile(sorted, 95).toFixed(1)} ms · máx ${max.toFixed(1)} ms ` +
      `(${values.length} firmas). ${verdict}`,
  );
  // Where the time goes: the count shows once the draft is written and read back; the image once its file is read
  // and made a URL; then the frame that paints both.
  const median = (pick: (save: SaveTimes) => number) =>
    percentile(
      saves.map(pick).sort((a, b) => a - b),
      50,
    ).toFixed(1);
  console.log(
    `    reparto (medianas): conteo en pantalla ${median((save) => save.count)} ms · imagen de la firma ${median((save) => save.image)} ms · pintado ` +
      `${median((save) => save.total - Math.max(save.count, save.image))} ms`,
  );
  return max;
}

try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const page = await context.newPage();
  await page.goto('/login');
  await submitSignIn(page, SUPERVISOR);
  await page.waitForURL(/\/dashboard$/);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Sincronización:.*Sincronizado/ })
    .waitFor({ timeout: 60_000 });
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('session')!) as { usuario: { IdUsuario: number } }).usuario.IdUsuario,
  );
  const rows = benchRows(userId);
  await putRows(page, userId, rows);
  await page.goto(`/capacitaciones/creadas/asistencia/${rows.id}`);
  await page.getByText(`0 de ${PEOPLE} firmaron`).waitFor();
  await context.setOffline(true);

  console.log(
    `Guardar la firma de cada participante de una capacitación de ${PEOPLE} personas (Chromium 1280x800, sin conexión), del clic a la pantalla con la ` +
      `firma y el conteo al día:`,
  );
  const cdp = await context.newCDPSession(page);
  const mainNames = rows.names.slice(0, PEOPLE - THROTTLED);
  const max = report('  en esta máquina', await signAll(page, mainNames, 0), TARGET_MS);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  report(
    `  con la CPU ${THROTTLE}× más lenta (tableta económica), las últimas ${THROTTLED}`,
    await signAll(page, rows.names.slice(PEOPLE - THROTTLED), PEOPLE - THROTTLED),
    null,
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const saved = await page.evaluate(
    ({ id, userId }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(`andes-hse-${userId}`);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('asistencias').objectStore('asistencias').get(id);
          read.onsuccess = () => {
            open.result.close();
            resolve(
              (read.result as { Participantes: { Firma: unknown }[] }).Participantes.filter((participant) => participant.Firma).length,
            );
          };
        };
      }),
    { id: rows.id, userId },
  );
  console.log(`  Firmas guardadas en el dispositivo: ${saved} de ${PEOPLE}.`);
  if (saved !== PEOPLE) {
    console.log('  ERROR: no todas las firmas quedaron en el dispositivo');
    process.exitCode = 1;
  }
  if (max >= TARGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

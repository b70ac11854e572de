/**
 * A fresh tablet's first sign-in in a company with 20,000 workers: everything arrives through
 * GET /api/sync/changes from cursor 0 and is written into Dexie page by page (SPEC PL2–PL4), in headless
 * Chromium against the real server. Timed from the sign-in click to the whole roster on the device and the
 * status "Sincronizado". Needs `dist/`.
 */
import fs from 'node:fs';
import { countLocal, launchChromium, machineLine, newBenchPage, requireBuiltApp, seedWorkers, startServer, submitSignIn, tempDataDir } from '../e2e/support/bench-harness.ts';
import { SUPERVISOR } from '../e2e/support/field-session.ts';

const WORKERS = 20_000;
const TARGET_SECONDS = 5;

requireBuiltApp();
console.log(machineLine());
const dataDir = tempDataDir('andes-bench-first-pull-');
await seedWorkers(dataDir, WORKERS);
const server = await startServer(dataDir);
const browser = await launchChromium();

try {
  const { page } = await newBenchPage(browser, server.baseUrl);
  await page.goto('/login');
  const started = Date.now();
  await submitSignIn(page, SUPERVISOR);
  await page.waitForURL(/\/dashboard$/);
  const signedIn = Date.now();
  await page.getByRole('banner').getByRole('link', { name: /^Sincronización:.*Sincronizado/ }).waitFor({ timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  const workers = await countLocal(page, 'trabajadores');
  const expected = WORKERS + 20;
  if (workers !== expected) throw new Error(`se esperaban ${expected} trabajadores en el dispositivo, hay ${workers}`);

  // What the person sees next: the list over the whole roster, searched on the device.
  await page.goto('/trabajadores');
  const searchbox = page.getByRole('searchbox', { name: 'Buscar por RUT o nombre' });
  await searchbox.waitFor();
  const searchStarted = Date.now();
  await searchbox.fill('30.012.345');
  await page.getByRole('status').filter({ hasText: /^1 trabajador$/ }).waitFor();
  const searchMs = Date.now() - searchStarted;

  console.log(
    `Primera sincronización en Chromium: ${expected} trabajadores en Dexie ${seconds.toFixed(1)} s después de pulsar "Iniciar sesión" ` +
      `(de ellos ${((signedIn - started) / 1000).toFixed(1)} s el inicio de sesión). Meta: < ${TARGET_SECONDS} s → ${seconds < TARGET_SECONDS ? 'cumple' : 'NO cumple'}`,
  );
  console.log(`Búsqueda por RUT "30.012.345" sobre ${expected} trabajadores en el dispositivo: ${searchMs} ms hasta ver el resultado.`);
  if (seconds >= TARGET_SECONDS) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Issue "A tablet holds its own worksites": Inicio on a phone, measured by Lighthouse's mobile preset (its default
 * config: a mid-range phone, simulated slow 4G and a 4× slower CPU) in Debian's Chromium against the built app and
 * the real server with the demo company. The demo supervisor signs in once through the sign-in screen; then:
 *
 * - the first visit after sign-in: the session is in localStorage and nothing else of the app is on the device (no
 *   service worker, no caches, an empty device database, an empty HTTP cache), so the page downloads the app and
 *   starts the first pull (AuditOptions.firstVisit);
 * - reopened from the service worker: the app installed and synced once, opened again; the service worker serves
 *   the page and its scripts from its precache.
 *
 * Each is audited RUNS times on /inicio (the installed app's start_url, which shows the home screen). Printed: the
 * performance score, LCP, total blocking time and long tasks of every run against the issue's targets, and for the
 * median run the scripts that take most of the main thread. Needs `dist/`.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { machineLine, requireBuiltApp, startServer, submitSignIn, tempDataDir } from '../e2e/support/bench-harness.ts';
import { controlledByServiceWorker, SUPERVISOR } from '../e2e/support/field-session.ts';
import { auditPage, type DebuggableChromium, type InicioAudit, startDebuggableChromium } from './support/lighthouse-audit.ts';

const RUNS = 3;
const TOP_SCRIPTS = 8;
const TARGET = { lcpMs: 2500, tbtMs: 300, firstVisitScore: 90, reopenedScore: 95 };
const SYNCED = /^Sincronización:.*Sincronizado/;

/** Playwright on the audit browser's own profile, for what a person does between audits; disconnected after. */
async function withBrowserPage(chrome: DebuggableChromium, act: (page: Page) => Promise<void>) {
  const browser = await chrome.connect();
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium no tiene su contexto por defecto');
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    await act(page);
    await page.close();
  } finally {
    await browser.close();
  }
}

const cumple = (ok: boolean) => (ok ? 'cumple' : 'NO cumple');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const scriptName = (url: string) => (url.startsWith('http') ? new URL(url).pathname : url);

function report(what: string, audits: InicioAudit[], scoreTarget: number): boolean {
  const sorted = [...audits].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const all = (pick: (audit: InicioAudit) => string) => audits.map(pick).join(' · ');
  const meetsScore = median.performance >= scoreTarget;
  const meetsLcp = median.lcpMs < TARGET.lcpMs;
  const meetsTbt = median.tbtMs < TARGET.tbtMs;
  console.log(`Inicio en un teléfono, ${what} (mediana de ${audits.length} auditorías; cada una entre paréntesis):`);
  console.log(
    `  rendimiento ${median.performance} (${all((audit) => String(audit.performance))}). Meta: ≥ ${scoreTarget} → ${cumple(meetsScore)}`,
  );
  console.log(
    `  LCP ${seconds(median.lcpMs)} (${all((audit) => seconds(audit.lcpMs))}). Meta: < ${seconds(TARGET.lcpMs)} → ${cumple(meetsLcp)}`,
  );
  console.log(
    `  tiempo total de bloqueo ${median.tbtMs.toFixed(0)} ms (${all((audit) => `${audit.tbtMs.toFixed(0)} ms`)}). ` +
      `Meta: < ${TARGET.tbtMs} ms → ${cumple(meetsTbt)}`,
  );
  console.log(
    `  tareas largas ${median.longTasks} (${all((audit) => String(audit.longTasks))}) · FCP ${seconds(median.fcpMs)} · ` +
      `evaluación de scripts ${seconds(median.scriptEvaluationMs)} del hilo principal`,
  );
  console.log(`  dónde va el tiempo de script (la auditoría mediana, CPU 4× más lenta): total · ejecución · análisis y compilación`);
  for (const script of median.bootup.slice(0, TOP_SCRIPTS)) {
    console.log(
      `    ${scriptName(script.url)}: ${script.totalMs.toFixed(0)} ms · ${script.scriptingMs.toFixed(0)} ms · ${script.parseCompileMs.toFixed(0)} ms`,
    );
  }
  return meetsScore && meetsLcp && meetsTbt;
}

requireBuiltApp();
console.log(machineLine());
const dataDir = tempDataDir('andes-bench-inicio-lighthouse-');
const server = await startServer(dataDir);
const chrome = await startDebuggableChromium();
const inicio = `${server.baseUrl}/inicio`;

/** Audits Inicio; a page that did not end on the home screen (signed out, an error) is not a figure of it. */
async function auditInicio(firstVisit: boolean): Promise<InicioAudit> {
  const audit = await auditPage(inicio, chrome.port, { firstVisit });
  if (!audit.finalUrl.endsWith('/dashboard')) throw new Error(`Inicio terminó en ${audit.finalUrl}, no en /dashboard`);
  return audit;
}

try {
  await withBrowserPage(chrome, async (page) => {
    await page.goto(`${server.baseUrl}/login`);
    await submitSignIn(page, SUPERVISOR);
    await page.waitForURL(/\/dashboard$/);
  });
  const firstVisits: InicioAudit[] = [];
  for (let run = 0; run < RUNS; run += 1) firstVisits.push(await auditInicio(true));

  // The app as a phone keeps it: installed by its service worker, synced once, then closed.
  await withBrowserPage(chrome, async (page) => {
    await page.goto(inicio);
    await page.getByRole('banner').getByRole('link', { name: SYNCED }).waitFor({ timeout: 60_000 });
    await controlledByServiceWorker(page);
    await page.getByRole('banner').getByRole('link', { name: SYNCED }).waitFor({ timeout: 60_000 });
  });
  const reopened: InicioAudit[] = [];
  for (let run = 0; run < RUNS; run += 1) reopened.push(await auditInicio(false));

  const firstMeets = report('la primera visita después de iniciar sesión', firstVisits, TARGET.firstVisitScore);
  const reopenedMeets = report('reabierta desde el service worker', reopened, TARGET.reopenedScore);
  console.log(`  (${machineLine()}; Lighthouse, preajuste móvil con estrangulamiento simulado)`);
  if (!firstMeets || !reopenedMeets) process.exitCode = 1;
} finally {
  await chrome.stop();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

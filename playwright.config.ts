import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

const specs = (...names: string[]) => names.map((name) => `**/${name}.spec.ts`);

/**
 * Journeys that read the demo company's figures as the seed left them, in two lines that touch different records,
 * each one file at a time, before any other journey writes: the EPP consultas, dashboard and the demo crew (it
 * needs the three electricians of the seed, and it annuls a demo acta); the trainings and accidents dashboards and
 * Inicio, whose counts are what the device holds at one moment.
 */
const DEMO_EPP = specs('epp-consultas', 'epp-dashboard', 'epp-entrega-cuadrilla');
const DEMO_FIGURES = specs('capacitaciones-dashboard', 'incidentes-dashboard', 'inicio');
/**
 * Positions and levels: one journey counts the seed's six positions and three áreas; the other adds and removes
 * some of its own meanwhile. One after the other, alongside the rest.
 */
const POSITIONS = specs('sync-dead-letter-cargos', 'trabajadores-cargos-niveles');
/**
 * What neither writes what the demo journeys read nor reads what they write: alongside them. The certification
 * catalogue's journey counts its rows, and a later journey adds one: the others wait for these too.
 */
const APART = specs('foundation', 'security-policy', 'pwa-install', 'first-screen-budget', 'fiscales-portal', 'catalogos');
/** Counts every worker of the company before and after its own four: nothing else may add or remove one meanwhile. */
const ALONE = specs('sync-tabs');
/** Adds a thousand workers: after every journey that counts the company's workers or looks one up in a list. */
const BULK = specs('trabajadores-carga');
const SETUP = '**/sesion.setup.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  // Journeys span two browsers, offline spells and PDFs; on a loaded 2-core CI runner one takes minutes.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  // Each journey makes its own data (unique names and RUTs): two files run at once, each file's tests in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    serviceWorkers: 'allow',
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The shared sign-in: the demo accounts through the sign-in screen, once (tests/e2e/support/shared-session.ts).
    { name: 'sesión', testMatch: SETUP },
    { name: 'demo: epp', testMatch: DEMO_EPP, dependencies: ['sesión'], workers: 1 },
    { name: 'demo: cifras', testMatch: DEMO_FIGURES, dependencies: ['sesión'], workers: 1 },
    { name: 'aparte', testMatch: APART, dependencies: ['sesión'] },
    { name: 'cargos y niveles', testMatch: POSITIONS, dependencies: ['demo: epp', 'demo: cifras'], workers: 1 },
    {
      name: 'recorridos',
      testIgnore: [SETUP, ...DEMO_EPP, ...DEMO_FIGURES, ...POSITIONS, ...APART, ...ALONE, ...BULK],
      dependencies: ['demo: epp', 'demo: cifras', 'aparte'],
    },
    { name: 'a solas', testMatch: ALONE, dependencies: ['recorridos', 'cargos y niveles'] },
    { name: 'carga masiva', testMatch: BULK, dependencies: ['a solas'] },
  ],
  webServer: {
    // The built app and the real server on a fresh data folder; tests/run-all.ts builds first.
    command: `rm -rf ${dataDir} ${dataDir}-sesiones && tsx server/main.ts`,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});

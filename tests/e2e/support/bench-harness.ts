import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { freePort } from '#tests/support/free-port.ts';
import { COMPANY_RUT, PASSWORD } from './field-session.ts';

/** The same browser flags as playwright.config.ts: Debian's Chromium on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function machineLine(): string {
  const cpus = os.cpus();
  return `Máquina: ${cpus[0]?.model ?? 'desconocida'} · ${cpus.length} núcleos · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}`;
}

export function requireBuiltApp(): void {
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('Falta dist/: ejecuta `npm run build` antes del benchmark.');
  }
}

export function tempDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The bench build (`vite build --mode bench`, vite.config.ts): the app as production builds it plus
 * tests/bench/hooks/bench-hooks.ts, which puts the `window.__bench…` hooks on the page. Built fresh (a few
 * seconds) into a folder of this run, so it is never stale and two benchmarks never share one. Returns the folder
 * holding its `dist/`.
 */
function buildBenchApp(): string {
  fs.mkdirSync(path.resolve('.tmp'), { recursive: true });
  const root = fs.mkdtempSync(path.resolve('.tmp/bench-app-'));
  // Quiet unless it fails: the benchmark's output is its figures.
  const build = spawnSync(
    path.resolve('node_modules/.bin/vite'),
    ['build', '--mode', 'bench', '--logLevel', 'error', '--outDir', path.join(root, 'dist')],
    { encoding: 'utf8' },
  );
  if (build.status !== 0) {
    fs.rmSync(root, { recursive: true, force: true });
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
    throw new Error('No se pudo compilar la app de banco (`vite build --mode bench`): el error de Vite está arriba.');
  }
  return root;
}

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /**
   * Serve the bench build instead of dist/: for benchmarks that call the app's own code through the
   * `window.__bench…` hooks, which production never ships. Built by this call; dist/ is not needed.
   */
  benchHooks?: boolean;
}

/** The real server (built app + API) on its own port and data folder, as playwright.config.ts starts it. */
export async function startServer(dataDir: string, options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const benchApp = options.benchHooks ? buildBenchApp() : null;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // server/main.ts serves the dist/ of its working folder: for the bench build, it starts in that build's folder.
  const child: ChildProcess = benchApp
    ? spawn(path.resolve('node_modules/.bin/tsx'), ['tests/bench/support/bench-app-server.ts'], {
        env: { ...env, BENCH_APP_ROOT: benchApp },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    : spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const removeBenchApp = () => {
    if (benchApp) fs.rmSync(benchApp, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      removeBenchApp();
      throw new Error(`El servidor terminó al iniciar (código ${child.exitCode})`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      removeBenchApp();
      throw new Error('El servidor no respondió en 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).then(removeBenchApp),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** tsx keeps function names with a `__name` helper that does not exist in the page: functions passed to evaluate need it. */
export async function newBenchPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'es-CL', timezoneId: 'America/Santiago' });
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  return { context, page: await context.newPage() };
}

/** Fills the sign-in form without submitting it. */
export async function fillSignIn(page: Page, correo: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Rut Empresa (12345678-9)*' }).fill(COMPANY_RUT);
  await page.getByRole('textbox', { name: 'Correo Electrónico*' }).fill(correo);
  await page.getByLabel('Contraseña*', { exact: true }).fill(PASSWORD);
}

/** Fills the sign-in form; resolves once the click is done (the caller decides what to wait for). */
export async function submitSignIn(page: Page, correo: string): Promise<void> {
  await fillSignIn(page, correo);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Rows in a table of the signed-in person's database on the device. */
export function countLocal(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const session = JSON.parse(localStorage.getItem('session') ?? 'null') as { usuario: { IdUsuario: number } } | null;
        if (!session) return resolve(0);
        const open = indexedDB.open(`andes-hse-${session.usuario.IdUsuario}`);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(name)) {
            database.close();
            return resolve(0);
          }
          const count = database.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            database.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    table,
  );
}

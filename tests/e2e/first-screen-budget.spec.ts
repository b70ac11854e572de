import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';

const BUDGET_KIB = 170;

test('the first screen loads at most 170 KiB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() === 'script' || type.includes('javascript')) {
      scripts.set(response.url(), response.body());
    }
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);

  // Sizes are measured by gzipping what the browser received, so the figure does not depend on the server.
  const sizes = await Promise.all(
    [...scripts.entries()]
      .filter(([url]) => !url.endsWith('/service-worker.js'))
      .map(async ([url, body]) => ({ url: new URL(url).pathname, kib: gzipSync(await body, { level: 9 }).length / 1024 })),
  );
  const total = sizes.reduce((sum, file) => sum + file.kib, 0);
  console.log(`JavaScript de la primera pantalla: ${total.toFixed(1)} KiB gzip (presupuesto ${BUDGET_KIB} KiB)`);
  for (const file of sizes.sort((a, b) => b.kib - a.kib)) console.log(`  ${file.kib.toFixed(1).padStart(6)} KiB  ${file.url}`);
  expect(sizes.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(BUDGET_KIB);
  expect(sizes.some((file) => /react-pdf|echarts/i.test(file.url))).toBe(false);
});

test('the production build ships no benchmark hooks', () => {
  // The benchmarks put their `window.__bench…` hooks on the page from a build of their own (`vite build --mode bench`,
  // vite.config.ts); dist/ is what devices install and must not carry them, nor the bench code behind them.
  const dist = path.resolve('dist');
  const files = (fs.readdirSync(dist, { recursive: true }) as string[]).filter((file) => /\.(js|mjs|html|json|webmanifest)$/.test(file));
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
  const withHooks = files.filter((file) => /__bench|tests\/bench\//.test(fs.readFileSync(path.join(dist, file), 'utf8')));
  expect(withHooks, 'archivos de dist/ con ganchos de banco').toEqual([]);
});

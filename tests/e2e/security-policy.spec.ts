import fs from 'node:fs';
import { expect, test } from './support/test.ts';

/** Issue 27: the pages the server writes itself, and the watch every journey keeps (support/test.ts). */

test('the API reference and the local mailbox render under their own policies, their style allowed by its nonce', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Andes HSE');
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toBeVisible();
  // The page's own style block lays it out: refused, the body would span the whole window.
  await expect(page.locator('body')).toHaveCSS('max-width', '960px');

  await page.goto('/buzon');
  await expect(page.getByRole('heading', { name: 'Buzón local', level: 1 })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('max-width', '768px');
});

/** The pdf.js worker as built: a module worker of the app, started here to plant a violation inside a worker. */
function builtPdfWorker(): string {
  const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const entry = Object.entries(manifest).find(([source]) => source.endsWith('pdf.worker.min.mjs'));
  if (!entry) throw new Error('dist/.vite/manifest.json no nombra el worker de pdf.js: compila la app antes');
  return `/${entry[1].file}`;
}

test('the watch records a violation in a page, in its worker and in its service worker, and an uncaught error in any context', async ({
  page,
  context,
  browser,
  pageProblems,
}) => {
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  await page.evaluate(() => fetch('https://example.invalid/pagina').catch(() => null));
  await page.evaluate(() => setTimeout(() => {
    throw new Error('error plantado en la página');
  }));
  const started = page.waitForEvent('worker');
  await page.evaluate((url) => void new Worker(url, { type: 'module' }), builtPdfWorker());
  const worker = await started;
  await worker.evaluate(() => fetch('https://example.invalid/worker').catch(() => null));
  await serviceWorker.evaluate(() => fetch('https://example.invalid/service-worker').catch(() => null));
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.evaluate(() => setTimeout(() => {
    throw new Error('error plantado en otro contexto');
  }));

  const expected = [
    /^CSP \[http:\/\/[^\]]+\/login\]: enforce connect-src bloqueó https:\/\/example\.invalid\/pagina/,
    /^Error sin capturar \[http:\/\/[^\]]+\/login\]: Error: error plantado en la página/,
    /^CSP \[worker http:\/\/[^\]]+pdf\.worker[^\]]*\]: enforce connect-src bloqueó https:\/\/example\.invalid\/worker/,
    /^CSP \[service worker http:\/\/[^\]]+\/service-worker\.js\]: enforce connect-src bloqueó https:\/\/example\.invalid\/service-worker/,
    /^Error sin capturar \[http:\/\/[^\]]+\/login\]: Error: error plantado en otro contexto/,
  ];
  const seen: string[] = [];
  await expect
    .poll(() => {
      seen.push(...pageProblems.take());
      return expected.filter((pattern) => !seen.some((line) => pattern.test(line))).map(String);
    })
    .toEqual([]);
  await other.close();
});

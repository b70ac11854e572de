import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/accessibility.ts';

test('Chromium finds the app installable: Spanish manifest, icons and a service worker', async ({ baseURL, launchOptions, playwright }) => {
  // Playwright's usual contexts are incognito, where Chromium never offers installation: use a real profile.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expectAccessible(page);
    await page.evaluate(() => navigator.serviceWorker.ready);

    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(manifestUrl!)).json();
    expect(manifest).toMatchObject({ id: '/inicio', lang: 'es-CL', short_name: 'Andes HSE', display: 'standalone', start_url: '/inicio' });
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe(icon.type);
    }

    // The richer install dialog (Android, desktop Chrome) wants a wide and a narrow screenshot of the app itself
    // (taken by tests/tooling/capture-install-screenshots.ts).
    const screenshots = manifest.screenshots as { src: string; sizes: string; type: string; form_factor: string; label: string }[];
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) {
      const response = await page.request.get(shot.src);
      expect(response.status(), shot.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const png = await response.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
      expect(png.length, `${shot.src}: pequeña`).toBeLessThan(150 * 1024);
      expect(shot.label).not.toBe('');
    }

    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((error) => error.errorId))
      .toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

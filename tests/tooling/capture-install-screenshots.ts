/**
 * The web manifest's screenshots (the richer install dialog on Android and desktop Chrome): Inicio of the demo
 * administrator, taken from the built app. Run after Inicio changes its look:
 *   npm run build && npx tsx tests/tooling/capture-install-screenshots.ts
 * They are written to public/screenshots/, at the sizes the manifest in vite.config.ts states.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, newBenchPage, requireBuiltApp, startServer, submitSignIn, tempDataDir } from '../e2e/support/bench-harness.ts';
import { ADMIN } from '../e2e/support/field-session.ts';

const SHOTS = [
  ['inicio-ancho', { width: 1280, height: 720 }],
  ['inicio-angosto', { width: 390, height: 844 }],
] as const;

requireBuiltApp();
const dataDir = tempDataDir('andes-capturas-');
const server = await startServer(dataDir);
const browser = await launchChromium();
try {
  for (const [name, viewport] of SHOTS) {
    const { context, page } = await newBenchPage(browser, server.baseUrl);
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await submitSignIn(page, ADMIN);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('banner').getByRole('link', { name: /^Sincronización: .*Sincronizado/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Sincronización' }).waitFor();
    await page.mouse.move(viewport.width - 1, viewport.height - 1);
    await page.waitForTimeout(1_500);
    const file = path.join('public', 'screenshots', `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${file}: ${viewport.width}×${viewport.height}, ${(fs.statSync(file).size / 1024).toFixed(0)} KiB`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Incidents issue: "a stage-1 report with two photos committed locally in under 100 ms after the photos are
 * compressed". In headless Chromium at tablet size, signed in as the supervisor and offline (as at a worksite), two
 * camera-like 12-megapixel photos are compressed by the app's own pipeline (`compressPhoto` in its worker, a hook of
 * the bench build in tests/bench/hooks), a stage-1 report is written with them and the reporter's signature, and
 * "Enviar reporte" is timed alone through the module's own `finishIncidentDraft`: the report's rules, then ONE Dexie
 * transaction with the outbox entry, the photos and signature for upload, the case row and the locked draft (SPEC
 * IC1). The page idles between reports so the live queries a report wakes are not measured as part of the next.
 */
import fs from 'node:fs';
import { launchChromium, machineLine, newBenchPage, percentile, startServer, submitSignIn, tempDataDir } from '../e2e/support/bench-harness.ts';
import { SUPERVISOR } from '../e2e/support/field-session.ts';

const REPORTS = 30;
const WARM_UP = 3;
const TARGET_MEDIAN_MS = 100;
const IDLE_BETWEEN_REPORTS_MS = 200;

console.log(machineLine());
const dataDir = tempDataDir('andes-bench-incident-');
const server = await startServer(dataDir, { benchHooks: true });
const browser = await launchChromium();

try {
  const { context, page } = await newBenchPage(browser, server.baseUrl);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await submitSignIn(page, SUPERVISOR);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('link', { name: /^Sincronización:.*Sincronizado/ }).waitFor({ timeout: 60_000 });
  // The worker chunks and the report's hook load once, online; the reports are made offline.
  await page.waitForFunction(() => window.__benchIncidentReport !== undefined);
  await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(64, 48);
    canvas.getContext('2d')!.fillRect(0, 0, 64, 48);
    await window.__benchCompressPhoto!(await canvas.convertToBlob({ type: 'image/jpeg' }));
  });
  await context.setOffline(true);

  const timings = await page.evaluate(
    async ({ reports, warmUp, idleMs }) => {
      const report = window.__benchIncidentReport;
      if (!report || !window.__benchCompressPhoto) throw new Error('La página no expone los ganchos de banco: ¿es la compilación de banco?');
      /** A phone's photo: 4000x3000 with gradients and sensor noise, different for every seed. */
      const cameraPhoto = async (seed: number) => {
        const canvas = new OffscreenCanvas(4000, 3000);
        const context = canvas.getContext('2d')!;
        const gradient = context.createLinearGradient(0, 0, 4000, 3000);
        gradient.addColorStop(0, `hsl(${(seed * 67) % 360} 60% 45%)`);
        gradient.addColorStop(1, `hsl(${(seed * 131) % 360} 50% 70%)`);
        context.fillStyle = gradient;
        context.fillRect(0, 0, 4000, 3000);
        for (let i = 0; i < 400; i++) {
          context.fillStyle = `hsl(${(seed * i * 17) % 360} 40% ${30 + (i % 40)}%)`;
          context.fillRect((i * 977 * seed) % 4000, (i * 593) % 3000, 40 + (i % 300), 40 + ((i * 7) % 400));
        }
        return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
      };
      const png = new Uint8Array(20_000);
      png.set([137, 80, 78, 71, 13, 10, 26, 10]);
      const compressions: number[] = [];
      const commits: number[] = [];
      for (let n = 0; n < warmUp + reports; n++) {
        const photos = [];
        for (const seed of [2 * n + 1, 2 * n + 2]) {
          const started = performance.now();
          photos.push(await window.__benchCompressPhoto(await cameraPhoto(seed)));
          compressions.push(performance.now() - started);
        }
        crypto.getRandomValues(png.subarray(8, 8 + 16_384));
        const bytes = png.slice().buffer;
        const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
        await new Promise((resolve) => setTimeout(resolve, idleMs));
        const elapsed = await report(photos, { sha256, type: 'image/png', bytes, creadoEn: Date.now() });
        if (n >= warmUp) commits.push(elapsed);
      }
      return { compressions, commits };
    },
    { reports: REPORTS, warmUp: WARM_UP, idleMs: IDLE_BETWEEN_REPORTS_MS },
  );

  const sorted = [...timings.commits].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const compressions = [...timings.compressions].sort((a, b) => a - b);
  console.log('Envío de un reporte de incidente (etapa 1, dos fotos ya comprimidas y la firma; Chromium sin conexión, 1280x800):');
  console.log(
    `  confirmado en el dispositivo: mediana ${median.toFixed(1)} ms · p95 ${percentile(sorted, 95).toFixed(1)} ms · máx ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} reportes). ` +
      `Meta: < ${TARGET_MEDIAN_MS} ms → ${median < TARGET_MEDIAN_MS ? 'cumple' : 'NO cumple'}`,
  );
  console.log(`  (antes, cada foto de 12 MP comprimida en el worker: mediana ${percentile(compressions, 50).toFixed(0)} ms; no cuenta en la meta)`);
  if (median >= TARGET_MEDIAN_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

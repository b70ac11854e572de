/**
 * The checklist report made on the device (spec 2.4): a 10-page report with 20 camera-sized photos, drawn by the
 * app's own renderer (a module Web Worker running @react-pdf, called through a hook of the bench build in
 * tests/bench/hooks) in headless Chromium, OFFLINE, after the service worker precached the app: the worker and its
 * @react-pdf chunk must come from the cache. Photos are 1600x1200 JPEGs of 300-500 KB made in the page
 * (OffscreenCanvas with shapes and noise, so they do not compress to nothing). Prints the median of 5 renders (the
 * worker stays loaded between reports, as in the app), the first render apart (it loads the worker), the page count
 * of the PDF (checked with pdfinfo) and the longest stall of the page's own thread while rendering.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sampleChecklistReport } from '#app/reports/checklist-report-sample.ts';
import { dataUrl, paintedPng, signaturePng } from '#server/reports/sample-images.ts';
import { DEFAULT_RANGOS } from '#sync/domain/compliance.ts';
import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import { launchChromium, machineLine, newBenchPage, percentile, startServer, tempDataDir } from '../e2e/support/bench-harness.ts';

const RUNS = 5;
const PHOTOS = 20;
const MIN_PAGES = 10;
const TARGET_MEDIAN_MS = 3000;
const PHOTO_PLACEHOLDER = 'bench-foto:';

console.log(machineLine());
const dataDir = tempDataDir('andes-bench-pdf-');
const server = await startServer(dataDir, { benchHooks: true });
const browser = await launchChromium();

/** 6 items of 22 statements, 10 not compliant with 2 photos each: 10 pages of A4. */
function benchReport(): ChecklistReportData {
  const failed = Array.from({ length: 10 }, (_, index) => 3 + index * 13);
  return sampleChecklistReport({
    items: 6,
    statementsPerItem: 22,
    failed,
    notApplicable: [2, 9, 17, 40, 77],
    logo: { Sha256: 'logo', Tipo: 'image/png', Url: dataUrl(paintedPng(400, 160, (x, y) => [245, 180 + ((x + y) % 60), 0, 255], false), 'image/png') },
    signatures: [1, 2, 3].map((seed) => ({ Sha256: `firma-${seed}`, Tipo: 'image/png', Url: dataUrl(signaturePng(seed), 'image/png') })),
    photos: Array.from({ length: PHOTOS }, (_, index) => ({ Sha256: `foto-${index}`, Tipo: 'image/jpeg', Url: `${PHOTO_PLACEHOLDER}${index}` })),
    photosPerObservation: 2,
    rangos: DEFAULT_RANGOS,
  });
}

try {
  const { context, page } = await newBenchPage(browser, server.baseUrl);
  await page.goto('/login');
  // Prompt mode: the first load is not controlled; once the worker is activated, the reload is (TOOLCHAIN.md).
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const active = registration.active;
    if (active && active.state !== 'activated') {
      await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
    }
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null && typeof window.__benchRenderChecklistPdf === 'function');

  const photoSizes = await page.evaluate(async ({ count }) => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const photos: string[] = [];
    const sizes: number[] = [];
    for (let index = 0; index < count; index++) {
      const canvas = new OffscreenCanvas(1600, 1200);
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, 1600, 1200);
      gradient.addColorStop(0, `hsl(${(index * 37) % 360} 45% 60%)`);
      gradient.addColorStop(1, `hsl(${(index * 37 + 120) % 360} 35% 30%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 1600, 1200);
      for (let shape = 0; shape < 60; shape++) {
        context.fillStyle = `hsl(${Math.floor(random() * 360)} ${30 + Math.floor(random() * 50)}% ${20 + Math.floor(random() * 60)}%)`;
        context.beginPath();
        context.ellipse(random() * 1600, random() * 1200, 20 + random() * 220, 20 + random() * 160, random() * Math.PI, 0, 2 * Math.PI);
        context.fill();
      }
      // Sensor-like grain: what keeps a real photo from compressing to a few kilobytes.
      const pixels = context.getImageData(0, 0, 1600, 1200);
      for (let i = 0; i < pixels.data.length; i += 4) {
        const grain = (random() - 0.5) * 26;
        pixels.data[i] = pixels.data[i]! + grain;
        pixels.data[i + 1] = pixels.data[i + 1]! + grain;
        pixels.data[i + 2] = pixels.data[i + 2]! + grain;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
      sizes.push(blob.size);
      photos.push(
        await new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as string);
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(blob);
        }),
      );
    }
    (window as unknown as { __benchPhotos: string[] }).__benchPhotos = photos;
    return sizes;
  }, { count: PHOTOS });
  const averageKb = photoSizes.reduce((sum, size) => sum + size, 0) / photoSizes.length / 1024;
  console.log(`Fotos: ${PHOTOS} JPEG de 1600x1200, ${averageKb.toFixed(0)} KB en promedio (${(Math.min(...photoSizes) / 1024).toFixed(0)}-${(Math.max(...photoSizes) / 1024).toFixed(0)} KB).`);

  // Reports are made in the field: from here on the page has no network, only the service worker's cache.
  await context.setOffline(true);

  const runs = await page.evaluate(
    async ({ data, runs, placeholder }) => {
      const photos = (window as unknown as { __benchPhotos: string[] }).__benchPhotos;
      const withPhotos = (report: typeof data) => ({
        ...report,
        Observaciones: report.Observaciones.map((observation) => ({
          ...observation,
          Fotos: observation.Fotos.map((photo) => ({ ...photo, Url: photos[Number(photo.Url.slice(placeholder.length))]! })),
        })),
      });
      const report = withPhotos(data);
      const results: { ms: number; pages: number; bytes: number; stallMs: number; pdf?: string }[] = [];
      for (let run = 0; run <= runs; run++) {
        // The page's own thread: the longest gap between ticks of a 10 ms timer while the worker renders.
        let last = performance.now();
        let stall = 0;
        const ticker = setInterval(() => {
          const now = performance.now();
          stall = Math.max(stall, now - last);
          last = now;
        }, 10);
        const started = performance.now();
        const rendered = await window.__benchRenderChecklistPdf!(report);
        const ms = performance.now() - started;
        clearInterval(ticker);
        const result: (typeof results)[number] = { ms, pages: rendered.pages, bytes: rendered.blob.size, stallMs: stall };
        if (run === runs) {
          const reader = new FileReader();
          result.pdf = await new Promise<string>((resolve) => {
            reader.onload = () => resolve((reader.result as string).split(',')[1]!);
            reader.readAsDataURL(rendered.blob);
          });
        }
        results.push(result);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return results;
    },
    { data: benchReport(), runs: RUNS, placeholder: PHOTO_PLACEHOLDER },
  );

  const [first, ...measured] = runs;
  const sorted = measured.map((run) => run.ms).sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const last = measured.at(-1)!;
  const file = path.join(dataDir, 'informe.pdf');
  fs.writeFileSync(file, Buffer.from(last.pdf!, 'base64'));
  const pdfinfoPages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const jpegs = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /\bimage\b.*\bjpeg\b/.test(line)).length;

  console.log('Informe de checklist en el navegador (Web Worker con @react-pdf, Chromium sin conexión):');
  console.log(`  primera vez (carga el worker): ${(first!.ms / 1000).toFixed(2)} s`);
  console.log(
    `  mediana de ${RUNS}: ${(median / 1000).toFixed(2)} s · mín ${(sorted[0]! / 1000).toFixed(2)} s · máx ${(sorted.at(-1)! / 1000).toFixed(2)} s. ` +
      `Meta: < ${TARGET_MEDIAN_MS / 1000} s → ${median < TARGET_MEDIAN_MS ? 'cumple' : 'NO cumple'}`,
  );
  console.log(`  PDF: ${last.pages} páginas (pdfinfo: ${pdfinfoPages}), ${(last.bytes / 2 ** 20).toFixed(1)} MB, ${jpegs} fotos JPEG incrustadas`);
  console.log(`  hilo de la página: pausa máxima ${Math.max(...runs.map((run) => run.stallMs)).toFixed(0)} ms mientras se genera`);
  if (last.pages < MIN_PAGES || pdfinfoPages !== last.pages || jpegs !== PHOTOS) {
    console.log(`  El informe debía tener al menos ${MIN_PAGES} páginas (contadas igual por pdfinfo) y sus ${PHOTOS} fotos.`);
    process.exitCode = 1;
  }
  if (median >= TARGET_MEDIAN_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

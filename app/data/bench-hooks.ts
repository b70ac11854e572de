import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import type { RenderedPdf } from '#app/reports/render/report-pdf-in-worker.ts';
import type { DeviceFile } from '#app/db/inspection-rows.ts';
import type { localWrite } from './local-write.ts';

declare global {
  interface Window {
    __benchLocalWrite?: typeof localWrite;
    __benchRenderChecklistPdf?: (data: ChecklistReportData) => Promise<RenderedPdf>;
    __benchCompressPhoto?: (file: Blob) => Promise<DeviceFile>;
  }
}

/** tests/bench/local-write.bench.ts times the real write path in a browser; only a page opened with `?bench` exposes it. */
export function exposeBenchHooks(): void {
  if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('bench')) {
    // Loaded on the first call, like the hooks below: the sign-in screen carries no database code (first-screen budget).
    window.__benchLocalWrite = async (...args) => (await import('./local-write.ts')).localWrite(...args);
    // tests/bench/report-pdf.bench.ts: the app's own worker renderer, loaded only when called (first-screen budget).
    window.__benchRenderChecklistPdf = async (data) => (await import('#app/reports/render/report-pdf-in-worker.ts')).renderReportPdfInWorker('checklist', data);
    // tests/bench/photo-compression.bench.ts: the app's own photo pipeline, also loaded only when called.
    window.__benchCompressPhoto = async (file) => (await import('#app/media/compress-photo.ts')).compressPhoto(file);
  }
}

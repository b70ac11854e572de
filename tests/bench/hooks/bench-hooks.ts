import type { ChecklistReportData } from '#sync/schemas/inspecciones.schema.ts';
import type { DeviceFile } from '#app/db/inspection-rows.ts';
import type { localWrite } from '#app/data/local-write.ts';
import type { RenderedPdf } from '#app/reports/render/report-pdf-in-worker.ts';
import type { EppCrewBench } from './epp-crew-hook.ts';
import type { benchIncidentReport } from './incident-report-hook.ts';

/**
 * The benchmarks' way into the app's own code in a browser. Never part of the app: vite.config.ts adds this module
 * to app/main.tsx only in the bench build (`vite build --mode bench`, built by tests/e2e/support/bench-harness.ts),
 * and the production build carries no `__bench` (tests/e2e/first-screen-budget.spec.ts checks dist/).
 */
declare global {
  interface Window {
    /** tests/bench/local-write.bench.ts: the real write path. */
    __benchLocalWrite?: typeof localWrite;
    /** tests/bench/report-pdf.bench.ts: the app's own worker renderer. */
    __benchRenderChecklistPdf?: (data: ChecklistReportData) => Promise<RenderedPdf>;
    /** tests/bench/photo-compression.bench.ts and incident-report.bench.ts: the app's own photo pipeline. */
    __benchCompressPhoto?: (file: Blob) => Promise<DeviceFile>;
    /** tests/bench/incident-report.bench.ts: sending a stage-1 report. */
    __benchIncidentReport?: typeof benchIncidentReport;
    /** tests/bench/epp-crew.bench.ts: the crew delivery path. */
    __benchEpp?: EppCrewBench;
  }
}

// Each hook loads the app's code on its first call, so the bench build's sign-in screen loads what production's
// does. The two modules of bench code are fetched at once instead, and their hooks appear once they are here: the
// benches call them offline, and a page opened online is not yet controlled by the service worker (prompt mode), so
// a chunk it has not fetched by then never arrives.
// The write path is timed per call: the module is imported once, as a screen imports it, not once per save.
let localWriteModule: Promise<{ localWrite: typeof localWrite }> | undefined;
window.__benchLocalWrite = async (...args) => (await (localWriteModule ??= import('#app/data/local-write.ts'))).localWrite(...args);
window.__benchRenderChecklistPdf = async (data) => (await import('#app/reports/render/report-pdf-in-worker.ts')).renderReportPdfInWorker('checklist', data);
window.__benchCompressPhoto = async (file) => (await import('#app/media/compress-photo.ts')).compressPhoto(file);
void import('./incident-report-hook.ts').then((module) => {
  window.__benchIncidentReport = module.benchIncidentReport;
});
void import('./epp-crew-hook.ts').then((module) => {
  window.__benchEpp = module.eppCrewBench;
});

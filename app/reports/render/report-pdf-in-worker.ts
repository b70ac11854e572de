import type { ReportDataByKind, ReportKind } from '../report-kinds.ts';
import type { PdfStage, PdfWorkerMessage, PdfWorkerRequest } from './pdf-worker-protocol.ts';

export interface PdfProgress {
  stage: PdfStage;
  done?: number;
  total?: number;
}

export interface RenderedPdf {
  blob: Blob;
  pages: number;
}

interface PendingRender {
  resolve: (pdf: RenderedPdf) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: PdfProgress) => void;
}

export const PDF_WORKER_FAILED = 'No fue posible iniciar el generador de PDF en este navegador';

/** The worker stays loaded this long after its last report: a second report skips loading @react-pdf again. */
const IDLE_MS = 60_000;

let worker: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const pending = new Map<number, PendingRender>();

function stopWorker(reason: Error | null): void {
  worker?.terminate();
  worker = null;
  clearTimeout(idleTimer);
  if (!reason) return;
  for (const render of pending.values()) render.reject(reason);
  pending.clear();
}

function startWorker(): Worker {
  clearTimeout(idleTimer);
  if (worker) return worker;
  // The worker and its @react-pdf chunk are precached by the service worker like any other built script, so a
  // report is made offline too (vite.config.ts, injectManifest globs).
  const started = new Worker(new URL('./report-pdf.worker.ts', import.meta.url), { type: 'module', name: 'informes-pdf' });
  started.onmessage = (event: MessageEvent<PdfWorkerMessage>) => settle(event.data);
  started.onerror = (event) => {
    event.preventDefault();
    stopWorker(new Error(PDF_WORKER_FAILED));
  };
  worker = started;
  return started;
}

function settle(message: PdfWorkerMessage): void {
  const render = pending.get(message.id);
  if (!render) return;
  if (message.type === 'progress') {
    render.onProgress?.({ stage: message.stage, done: message.done, total: message.total });
    return;
  }
  pending.delete(message.id);
  if (message.type === 'done') render.resolve({ blob: new Blob([message.pdf], { type: 'application/pdf' }), pages: message.pages });
  else render.reject(new Error(message.message));
  if (pending.size === 0) idleTimer = setTimeout(() => stopWorker(null), IDLE_MS);
}

/**
 * A report of any kind as a PDF, drawn off the page's thread in a module worker, so the screen keeps answering
 * while a long report with photos is laid out. Aborting stops the worker when no other report is waiting on it
 * (@react-pdf cannot be interrupted half way).
 */
export function renderReportPdfInWorker<K extends ReportKind>(
  kind: K,
  data: ReportDataByKind[K],
  options: { onProgress?: (progress: PdfProgress) => void; signal?: AbortSignal } = {},
): Promise<RenderedPdf> {
  const { onProgress, signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<RenderedPdf>((resolve, reject) => {
    const id = nextId++;
    const onAbort = () => {
      pending.delete(id);
      reject(signal!.reason as Error);
      if (pending.size === 0) stopWorker(null);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.set(id, {
      resolve: (pdf) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(pdf);
      },
      reject: (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
      onProgress,
    });
    const request = { id, kind, data } as PdfWorkerRequest;
    startWorker().postMessage(request);
  });
}

import './worker-dev-shim.ts';
import { pdf } from '@react-pdf/renderer';
import { resolveReportImages } from '../report-images.ts';
import { reportElement } from '../report-kinds.ts';
import { browserImage } from './browser-images.ts';
import type { PdfWorkerMessage, PdfWorkerRequest } from './pdf-worker-protocol.ts';

/**
 * The PDF renderer's own thread: @react-pdf lays out and compresses for seconds on a long report with photos, and
 * on the page's thread that would freeze the screen. Nothing here touches the DOM: @react-pdf 4.9's browser build
 * needs only fetch, Blob and timers, which a module worker has. Requests are handled one after the other.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PdfWorkerRequest>) => void) | null;
  postMessage: (message: PdfWorkerMessage, options?: { transfer?: Transferable[] }) => void;
}

const scope = self as unknown as WorkerScope;
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const request = event.data;
  queue = queue.then(() => handle(request));
};

async function handle({ id, kind, data }: PdfWorkerRequest): Promise<void> {
  try {
    const drawable = await resolveReportImages(data, browserImage, (progress) => scope.postMessage({ id, type: 'progress', stage: 'imagenes', ...progress }));
    scope.postMessage({ id, type: 'progress', stage: 'diagramando' });
    const blob = await pdf(await reportElement(kind, drawable as never)).toBlob();
    const bytes = await blob.arrayBuffer();
    scope.postMessage({ id, type: 'done', pdf: bytes, pages: pageCount(bytes) }, { transfer: [bytes] });
  } catch (error) {
    scope.postMessage({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/** The page count from the root Pages object that the PDF writer (pdfkit) leaves uncompressed near the end. */
function pageCount(bytes: ArrayBuffer): number {
  const tail = new TextDecoder('latin1').decode(bytes.slice(Math.max(0, bytes.byteLength - 262_144)));
  return Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(tail)?.[1] ?? 0);
}

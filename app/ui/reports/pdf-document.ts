import { getDocument, GlobalWorkerOptions, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

// Imported only by the print page (dynamic import): pdf.js never weighs on the first screen. Its worker is a built
// asset that the service worker precaches (.mjs in vite.config.ts's globs), so pages are drawn offline too. The
// legacy build carries its own polyfills: the modern one needs browser features tablets may not have yet.
GlobalWorkerOptions.workerSrc = workerUrl;

/** A page's size in PDF points. */
interface PageSize {
  width: number;
  height: number;
}

export interface PageDrawing {
  done: Promise<void>;
  cancel(): void;
}

export interface OpenedPdf {
  pages: PageSize[];
  /** Draws page `number` (from 1) `cssWidth` CSS pixels wide, with `pixelRatio` device pixels per CSS pixel. */
  draw(number: number, canvas: HTMLCanvasElement, cssWidth: number, pixelRatio: number): PageDrawing;
}

/** Opens a PDF (an object URL of the rendered report); aborting, even once it is open, frees it and its worker. */
export async function openPdf(url: string, signal: AbortSignal): Promise<OpenedPdf> {
  // No eval: the content policy refuses it (server/http/security-headers.ts); pdf.js interprets instead.
  const task = getDocument({ url, isEvalSupported: false });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  const pdf = await task.promise;
  const pages: PDFPageProxy[] = await Promise.all(Array.from({ length: pdf.numPages }, (_, index) => pdf.getPage(index + 1)));
  return {
    pages: pages.map((page) => {
      const { width, height } = page.getViewport({ scale: 1 });
      return { width, height };
    }),
    draw(number, canvas, cssWidth, pixelRatio) {
      const page = pages[number - 1]!;
      const viewport = page.getViewport({ scale: (cssWidth / page.getViewport({ scale: 1 }).width) * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const render = page.render({ canvas, viewport });
      return { done: render.promise, cancel: () => render.cancel() };
    },
  };
}

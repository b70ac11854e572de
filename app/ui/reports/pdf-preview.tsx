import { IonButton, IonSpinner } from '@ionic/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { OpenedPdf, PageDrawing } from './pdf-document.ts';

/** Backing stores wider than this cost a tablet tens of megabytes per page for no visible gain. */
const MAX_CANVAS_WIDTH = 2400;
/** A rotation or a resized window settles before the pages are drawn again. */
const RESIZE_SETTLE_MS = 150;

type Opening = { status: 'abriendo' } | { status: 'abierto'; pdf: OpenedPdf } | { status: 'error' };

function useOpenedPdf(url: string): Opening {
  const [opening, setOpening] = useState<Opening>({ status: 'abriendo' });
  useEffect(() => {
    const controller = new AbortController();
    setOpening({ status: 'abriendo' });
    import('./pdf-document.ts')
      .then(({ openPdf }) => openPdf(url, controller.signal))
      .then((pdf) => {
        if (!controller.signal.aborted) setOpening({ status: 'abierto', pdf });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Vista previa del informe', error);
        setOpening({ status: 'error' });
      });
    return () => controller.abort();
  }, [url]);
  return opening;
}

/** The element's content width in CSS pixels: at once the first time, then once a resize settles. */
function useContentWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    let measured = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry!.contentRect.width);
      clearTimeout(timer);
      if (measured) timer = setTimeout(() => setWidth(next), RESIZE_SETTLE_MS);
      else setWidth(next);
      measured = true;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [element]);
  return width;
}

/** Draws the pages one after the other (one page's memory at a time), again whenever the width changes. */
function usePageDrawing(pdf: OpenedPdf | null, canvases: RefObject<(HTMLCanvasElement | null)[]>, width: number) {
  const [drawing, setDrawing] = useState({ drawn: 0, failed: false });
  useEffect(() => {
    if (!pdf || width === 0) return;
    // Crisp on the screen it is drawn on: one canvas pixel per device pixel.
    const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_CANVAS_WIDTH / width);
    let current: PageDrawing | null = null;
    let stopped = false;
    setDrawing({ drawn: 0, failed: false });
    void (async () => {
      for (let number = 1; number <= pdf.pages.length; number++) {
        const canvas = canvases.current[number - 1];
        if (!canvas || stopped) return;
        current = pdf.draw(number, canvas, width, pixelRatio);
        try {
          await current.done;
        } catch (error) {
          if (stopped) return;
          console.error('Vista previa del informe', error);
          setDrawing({ drawn: number - 1, failed: true });
          return;
        }
        if (stopped) return;
        setDrawing({ drawn: number, failed: false });
      }
    })();
    return () => {
      stopped = true;
      current?.cancel();
    };
  }, [pdf, canvases, width]);
  return drawing;
}

/**
 * The report's pages drawn in the page, one canvas each, as wide as the screen allows: Chrome on Android shows no
 * PDF inside a page, so an embedded viewer would show nothing on a tablet.
 */
export function PdfPreview({ url }: { url: string }) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const width = useContentWidth(container);
  const opening = useOpenedPdf(url);
  const pdf = opening.status === 'abierto' ? opening.pdf : null;
  const canvases = useRef<(HTMLCanvasElement | null)[]>([]);
  const drawing = usePageDrawing(pdf, canvases, width);
  const total = pdf?.pages.length ?? 0;
  const failed = opening.status === 'error' || drawing.failed;
  const busy = !failed && (!pdf || drawing.drawn < total);

  return (
    <section ref={setContainer} className="pdf-preview" aria-label="Vista previa del informe" aria-busy={busy}>
      {failed ? (
        <p className="notice notice--error" role="alert">
          No fue posible mostrar la vista previa del informe en este dispositivo. Puedes descargarlo o abrirlo en otra pestaña.
        </p>
      ) : busy ? (
        <div className="page-loading" role="status">
          <IonSpinner name="crescent" aria-hidden="true" />
          <span>{pdf ? `Dibujando la página ${drawing.drawn + 1} de ${total}…` : 'Preparando la vista previa…'}</span>
        </div>
      ) : null}
      {pdf?.pages.map((size, index) => (
        <canvas
          key={index}
          ref={(canvas) => {
            canvases.current[index] = canvas;
          }}
          className="pdf-preview__page"
          role="img"
          aria-label={`Página ${index + 1} de ${total}`}
          hidden={failed}
          style={{ aspectRatio: `${size.width} / ${size.height}` }}
        />
      ))}
    </section>
  );
}

/** A drawn PDF: download it (as `fileName`), open it in another tab, and its pages previewed below. */
export function PdfDocumentView({ url, fileName, pages }: { url: string; fileName: string; pages: number }) {
  return (
    <>
      <div className="button-row pdf-page__actions">
        <IonButton href={url} download={fileName}>
          Descargar PDF
        </IonButton>
        <IonButton fill="outline" color="dark" href={url} target="_blank" rel="noopener">
          Abrir en otra pestaña
        </IonButton>
        <span className="muted">{pages === 1 ? '1 página' : `${pages} páginas`}</span>
      </div>
      <PdfPreview url={url} />
    </>
  );
}

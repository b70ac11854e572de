import { IonButton } from '@ionic/react';
import SignaturePad from 'signature_pad';
import { useEffect, useId, useRef, useState } from 'react';
import { toLocalFile } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { hasInk, type PadSize, scaledStrokes } from './signature-ink.ts';

interface SignaturePadFieldProps {
  label: string;
  /** A signature is on record: drawing replaces it. */
  hasCurrent: boolean;
  /** Where to show the signature on record (null offline when only the server has it). */
  currentUrl: string | null;
  /** The drawn signature as PNG bytes, or null while nothing is drawn (blank, cleared, or lost to a resize). */
  onChange: (file: LocalFile | null) => void;
  /**
   * True from the end of a stroke until its PNG is handed over: a button that reads the signature must wait, or a
   * tap right after drawing would read what the pad held before (a drawn signature refused as blank).
   */
  onEncoding?: (encoding: boolean) => void;
  disabled?: boolean;
}

function canvasPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

function inked(canvas: HTMLCanvasElement): boolean {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return false;
  return hasInk(context.getImageData(0, 0, canvas.width, canvas.height).data);
}

/**
 * A signature drawn with a finger, pen or mouse, handed over as PNG bytes with their SHA-256. Only what is actually
 * on the canvas counts: a blank or cleared pad hands over null. When the pad changes size (a tablet rotated, a
 * window resized) the canvas is cleared by the browser; the strokes are kept, scaled to the new size and drawn
 * again, and the signature is handed over again as it now looks.
 */
export function SignaturePadField({ label, hasCurrent, currentUrl, onChange, onEncoding, disabled = false }: SignaturePadFieldProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const clearRef = useRef<() => void>(() => undefined);
  const onChangeRef = useRef(onChange);
  const onEncodingRef = useRef(onEncoding);
  const [drawn, setDrawn] = useState(false);
  const [replacing, setReplacing] = useState(false);
  // The stored signature may arrive after the first render; once the person draws, the pad stays.
  const drawing = replacing || drawn || !currentUrl;

  useEffect(() => {
    onChangeRef.current = onChange;
    onEncodingRef.current = onEncoding;
  }, [onChange, onEncoding]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !drawing) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#1f1f1f' });
    padRef.current = pad;
    let size: PadSize = { width: 0, height: 0 };
    let ratio = 0;
    let alive = true;
    let published = 0;

    // What the canvas shows now, handed over: the PNG when there is ink, null when there is none. Only the newest
    // look is handed over, whatever order the PNG encodings finish in.
    const publish = async () => {
      const turn = ++published;
      if (pad.toData().length === 0 || !inked(canvas)) {
        setDrawn(false);
        onEncodingRef.current?.(false);
        onChangeRef.current(null);
        return;
      }
      onEncodingRef.current?.(true);
      const blob = await canvasPng(canvas);
      const file = blob && (await toLocalFile(blob, 'image/png'));
      if (!alive || turn !== published) return;
      onEncodingRef.current?.(false);
      if (!file) return;
      setDrawn(true);
      onChangeRef.current(file);
    };

    // The canvas keeps CSS pixels times the screen density, or the stroke looks blurred on tablets. Setting its
    // size clears it: the strokes are read first and drawn again, scaled to the new size.
    const fit = () => {
      const next = { width: canvas.offsetWidth, height: canvas.offsetHeight };
      const nextRatio = Math.max(window.devicePixelRatio || 1, 1);
      if (next.width === size.width && next.height === size.height && nextRatio === ratio) return;
      const strokes = pad.toData();
      const previous = size;
      size = next;
      ratio = nextRatio;
      canvas.width = next.width * nextRatio;
      canvas.height = next.height * nextRatio;
      canvas.getContext('2d')?.scale(nextRatio, nextRatio);
      pad.clear();
      if (strokes.length === 0) return;
      pad.fromData(scaledStrokes(strokes, previous, next));
      void publish();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    // A change of screen density (zoom, moving the window to another screen) changes no CSS size.
    window.addEventListener('resize', fit);
    const onEnd = () => void publish();
    pad.addEventListener('endStroke', onEnd);
    clearRef.current = () => {
      published += 1;
      pad.clear();
      setDrawn(false);
      onEncodingRef.current?.(false);
      onChangeRef.current(null);
    };
    return () => {
      alive = false;
      observer.disconnect();
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [drawing]);

  useEffect(() => {
    if (disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [disabled]);

  const clear = () => clearRef.current();

  return (
    <fieldset className="signature-field" aria-describedby={`${id}-status`}>
      <legend>{label}</legend>
      {drawing ? (
        <canvas
          ref={canvasRef}
          className="signature-field__canvas"
          role="img"
          aria-label={`${label}: dibuja la firma con el dedo, un lápiz o el mouse`}
        />
      ) : (
        currentUrl && <img className="signature-field__current" src={currentUrl} alt={`${label} registrada`} />
      )}
      <p id={`${id}-status`} className="muted" role="status">
        {drawn ? 'Firma capturada.' : hasCurrent ? 'Hay una firma registrada; dibuja una nueva solo para reemplazarla.' : 'Aún no hay firma dibujada.'}
      </p>
      <div className="button-row">
        {drawing ? (
          <IonButton fill="outline" color="dark" size="small" onClick={clear} disabled={disabled || !drawn}>
            Limpiar firma
          </IonButton>
        ) : (
          <IonButton fill="outline" color="dark" size="small" onClick={() => setReplacing(true)} disabled={disabled}>
            Firmar de nuevo
          </IonButton>
        )}
      </div>
    </fieldset>
  );
}

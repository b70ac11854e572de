import { IonButton } from '@ionic/react';
import SignaturePad from 'signature_pad';
import { useEffect, useId, useRef, useState } from 'react';
import { toLocalFile } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';

interface SignaturePadFieldProps {
  label: string;
  /** A signature is on record: drawing replaces it. */
  hasCurrent: boolean;
  /** Where to show the signature on record (null offline when only the server has it). */
  currentUrl: string | null;
  onChange: (file: LocalFile | null) => void;
  disabled?: boolean;
}

function canvasPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** A signature drawn with a finger, pen or mouse, handed over as PNG bytes with their SHA-256. */
export function SignaturePadField({ label, hasCurrent, currentUrl, onChange, disabled = false }: SignaturePadFieldProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const [drawn, setDrawn] = useState(false);
  const [replacing, setReplacing] = useState(false);
  // The stored signature may arrive after the first render; once the person draws, the pad stays.
  const drawing = replacing || drawn || !currentUrl;

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !drawing) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#1f1f1f' });
    padRef.current = pad;
    let width = 0;
    // The canvas keeps CSS pixels times the screen density, or the stroke looks blurred on tablets.
    const fit = () => {
      if (canvas.offsetWidth === width) return;
      width = canvas.offsetWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const onEnd = async () => {
      const blob = await canvasPng(canvas);
      if (!blob || pad.isEmpty()) return;
      setDrawn(true);
      onChangeRef.current(await toLocalFile(blob, 'image/png'));
    };
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [drawing]);

  useEffect(() => {
    if (disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
    onChange(null);
  };

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

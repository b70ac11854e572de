import { IonButton } from '@ionic/react';
import { type ReactNode, useId, useState } from 'react';
import type { LocalFile } from '#app/data/local-write.ts';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';

interface SignHereProps {
  /** The pad's label: "Firma de …". */
  label: string;
  /** The button that gives the signature. */
  action: string;
  /** Saves the signature; its refusal (a blank pad, a missing deliverer) is shown here, where the person signs. */
  onSign: (png: LocalFile | null) => Promise<unknown>;
  /** What stops signing now, said before anyone draws; the button stays unavailable while it is set. */
  problem?: string | null;
  /** The button waits for a drawing instead of refusing a blank one. */
  needsInk?: boolean;
  onCancel?: () => void;
  size?: 'large';
  /** What the person signs with, above the pad (a presenter's name and RUT). */
  children?: ReactNode;
}

/** A signature pad of a field record, with its button, its refusal and what still stops signing. */
export function SignHere({ label, action, onSign, problem = null, needsInk = false, onCancel, size, children }: SignHereProps) {
  const problemId = useId();
  const [png, setPng] = useState<LocalFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [encoding, setEncoding] = useState(false);
  const sign = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSign(png);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible guardar la firma en este dispositivo');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {children}
      <SignaturePadField label={label} hasCurrent={false} currentUrl={null} onChange={setPng} onEncoding={setEncoding} />
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
      {problem && (
        <p id={problemId} className="notice notice--warning">
          No puede firmar aún. {problem}
        </p>
      )}
      <div className="button-row">
        <IonButton
          size={size}
          onClick={() => void sign()}
          disabled={busy || encoding || problem !== null || (needsInk && !png)}
          aria-describedby={problem ? problemId : undefined}
        >
          {action}
        </IonButton>
        {onCancel && (
          <IonButton fill="outline" color="dark" onClick={onCancel}>
            Cancelar
          </IonButton>
        )}
      </div>
    </>
  );
}

import { formatRut, rutError } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import type { CrewWorker, EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';

/** Runs a signing, showing its refusal (a blank signature, a missing deliverer) where the person signs. */
function useSigning() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (sign: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await sign();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible guardar la firma en este dispositivo');
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

interface DelivererProps {
  draft: EppDeliveryDraft;
  defaultName: string;
  defaultRut: string;
  onSign: (signer: { Nombre: string; Rut: string }, png: LocalFile | null) => Promise<void>;
}

/** The deliverer signs once for the whole crew, before the workers. */
export function DelivererSignature({ draft, defaultName, defaultRut, onSign }: DelivererProps) {
  const ids = useId();
  const [name, setName] = useState(defaultName);
  const [rut, setRut] = useState(defaultRut);
  const [png, setPng] = useState<LocalFile | null>(null);
  const { error, busy, run } = useSigning();
  if (draft.entregador) {
    return (
      <p>
        Firmó <strong>{draft.entregador.Nombre}</strong> ({formatRut(draft.entregador.Rut)}) el {formatDisplayDateTime(new Date(draft.entregador.FirmadoEn))}, una vez para toda la
        entrega.
      </p>
    );
  }
  const rutProblem = rut.trim() ? rutError(rut) : null;
  return (
    <div className="epp-crew-sign">
      <div className="record-form__grid">
        <div className="select-field">
          <label htmlFor={`${ids}-nombre`}>Nombre de quien entrega*</label>
          <input id={`${ids}-nombre`} value={name} autoComplete="off" onChange={(event) => setName(event.target.value)} />
        </div>
        <div className={`select-field${rutProblem ? ' select-field--invalid' : ''}`}>
          <label htmlFor={`${ids}-rut`}>RUT de quien entrega*</label>
          <input id={`${ids}-rut`} value={rut} autoComplete="off" aria-invalid={rutProblem ? true : undefined} onChange={(event) => setRut(event.target.value)} />
          {rutProblem && <p className="field-error">{rutProblem}</p>}
        </div>
      </div>
      <SignaturePadField label="Firma de quien entrega" hasCurrent={false} currentUrl={null} onChange={setPng} />
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
      <IonButton onClick={() => void run(() => onSign({ Nombre: name, Rut: rut }, png))} disabled={busy}>
        Firmar como quien entrega
      </IonButton>
    </div>
  );
}

interface WorkerProps {
  worker: CrewWorker;
  position: number;
  total: number;
  onSign: (png: LocalFile | null) => Promise<void>;
}

/** The next worker signs their own lines: their acta is sealed on this device as they do. */
export function WorkerSignature({ worker, position, total, onSign }: WorkerProps) {
  const titleId = useId();
  const [png, setPng] = useState<LocalFile | null>(null);
  const { error, busy, run } = useSigning();
  return (
    <section className="epp-crew-sign" aria-labelledby={titleId}>
      <h3 id={titleId}>
        Firma de {worker.Nombre} <span className="muted">({formatRut(worker.RunPersona)}) · trabajador {position} de {total}</span>
      </h3>
      <p>Recibe:</p>
      <ul className="epp-crew-receives">
        {worker.items.map((line) => (
          <li key={line.IdLinea}>
            {line.Cantidad} × {line.NombreEpp}
            {line.Talla ? `, talla ${line.Talla}` : ''}
          </li>
        ))}
      </ul>
      <SignaturePadField label={`Firma de ${worker.Nombre}`} hasCurrent={false} currentUrl={null} onChange={setPng} />
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
      <IonButton size="large" onClick={() => void run(() => onSign(png))} disabled={busy}>
        Firmar y sellar acta
      </IonButton>
    </section>
  );
}

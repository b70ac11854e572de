import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import type { CrewWorker, EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import type { DelivererChoice } from './epp-crew-store.ts';

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
  /** The signed-in user, from the session: «Entrego yo». */
  user: Extract<DelivererChoice, { kind: 'usuario' }>['usuario'];
  onSign: (choice: DelivererChoice | null, png: LocalFile | null) => Promise<void>;
}

/** Who delivers (SPEC EP7): the signed-in user, or a worker of the roster found on this device; never typed. */
function DelivererPicker({
  user,
  who,
  worker,
  onWho,
  onWorker,
}: {
  user: DelivererProps['user'];
  who: DelivererChoice['kind'];
  worker: LocalTrabajador | null;
  onWho: (who: DelivererChoice['kind']) => void;
  onWorker: (worker: LocalTrabajador | null) => void;
}) {
  const name = useId();
  return (
    <>
      <fieldset className="check-group">
        <legend>¿Quién entrega?*</legend>
        <label className="check-group__option">
          <input type="radio" name={name} checked={who === 'usuario'} onChange={() => onWho('usuario')} />
          Entrego yo: {personName(user)} ({formatRut(user.RunPersona)})
        </label>
        <label className="check-group__option">
          <input type="radio" name={name} checked={who === 'trabajador'} onChange={() => onWho('trabajador')} />
          Un trabajador de la nómina
        </label>
      </fieldset>
      {who === 'trabajador' &&
        (worker ? (
          <p className="epp-crew-deliverer">
            <span>
              Entrega <strong>{personName(worker)}</strong> ({formatRut(worker.RunPersona)})
            </span>
            <IonButton fill="clear" color="dark" size="small" onClick={() => onWorker(null)}>
              Cambiar<span className="visually-hidden"> quién entrega</span>
            </IonButton>
          </p>
        ) : (
          <WorkerSearch label="Buscar a quien entrega por nombre o RUT" onPick={onWorker} />
        ))}
    </>
  );
}

/** The deliverer signs once for the whole crew, before the workers. */
export function DelivererSignature({ draft, user, onSign }: DelivererProps) {
  const [who, setWho] = useState<DelivererChoice['kind']>('usuario');
  const [worker, setWorker] = useState<LocalTrabajador | null>(null);
  const [png, setPng] = useState<LocalFile | null>(null);
  const { error, busy, run } = useSigning();
  if (draft.entregador) {
    return (
      <p>
        Firmó <strong>{draft.entregador.Nombre}</strong> ({formatRut(draft.entregador.Rut)}) el{' '}
        {formatDisplayDateTime(new Date(draft.entregador.FirmadoEn))}, una vez para toda la entrega.
      </p>
    );
  }
  const choice: DelivererChoice | null =
    who === 'usuario' ? { kind: 'usuario', usuario: user } : worker && { kind: 'trabajador', IdPersona: worker.IdPersona };
  return (
    <div className="epp-crew-sign">
      <DelivererPicker user={user} who={who} worker={worker} onWho={setWho} onWorker={setWorker} />
      <SignaturePadField label="Firma de quien entrega" hasCurrent={false} currentUrl={null} onChange={setPng} />
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
      <IonButton onClick={() => void run(() => onSign(choice, png))} disabled={busy}>
        Firmar como quien entrega
      </IonButton>
    </div>
  );
}

interface WorkerProps {
  worker: CrewWorker;
  position: number;
  total: number;
  /** What stops them from signing now (a line without its size, every one named); null when they can sign. */
  problem: string | null;
  onSign: (png: LocalFile | null) => Promise<void>;
}

/**
 * The next worker signs their own lines: their acta is sealed on this device as they do. While a line lacks its
 * size the button stays unavailable and says why, before anyone draws a signature.
 */
export function WorkerSignature({ worker, position, total, problem, onSign }: WorkerProps) {
  const titleId = useId();
  const problemId = useId();
  const [png, setPng] = useState<LocalFile | null>(null);
  const { error, busy, run } = useSigning();
  return (
    <section className="epp-crew-sign" aria-labelledby={titleId}>
      <h3 id={titleId}>
        Firma de {worker.Nombre}{' '}
        <span className="muted">
          ({formatRut(worker.RunPersona)}) · trabajador {position} de {total}
        </span>
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
      {problem && (
        <p id={problemId} className="notice notice--warning">
          No puede firmar aún. {problem}
        </p>
      )}
      <IonButton
        size="large"
        onClick={() => void run(() => onSign(png))}
        disabled={busy || problem !== null}
        aria-describedby={problem ? problemId : undefined}
      >
        Firmar y sellar acta
      </IonButton>
    </section>
  );
}

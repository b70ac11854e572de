import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import type { CrewWorker, EppDeliveryDraft } from '#app/db/epp-delivery-draft.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { SignHere } from '#app/ui/field-record/sign-here.tsx';
import { SignatureRoster } from '#app/ui/field-record/signature-roster.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import type { DelivererChoice } from './epp-crew-store.ts';

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
      <SignHere label="Firma de quien entrega" action="Firmar como quien entrega" onSign={(png) => onSign(choice, png)} />
    </div>
  );
}

interface WorkersProps {
  draft: EppDeliveryDraft;
  /** What stops a worker from signing now (a line without its size, every one named); null when they can sign. */
  problemOf: (worker: CrewWorker) => string | null;
  onSign: (personaId: string, png: LocalFile | null) => Promise<void>;
}

/**
 * Each worker signs their own lines, one after another: their acta is sealed on this device as they do. While a
 * line lacks its size the button stays unavailable and says why, before anyone draws a signature.
 */
export function WorkerSignatures({ draft, problemOf, onSign }: WorkersProps) {
  const workers = draft.trabajadores;
  const next = workers.find((worker) => !worker.acta);
  const people = workers.map((worker) => ({
    id: worker.IdPersona,
    name: worker.Nombre,
    rut: worker.RunPersona,
    signature: worker.acta?.FirmaTrabajador ?? null,
    signedAt: worker.acta?.FirmadoEn ?? null,
  }));
  return (
    <SignatureRoster
      label="Firmas de los trabajadores"
      people={people}
      next={next?.IdPersona}
      onSign={onSign}
      renderPad={(person, pad) => {
        const worker = workers.find((candidate) => candidate.IdPersona === person.id)!;
        const position = workers.indexOf(worker) + 1;
        return <WorkerPad worker={worker} position={position} total={workers.length} problem={problemOf(worker)} onSign={pad.sign} />;
      }}
    />
  );
}

interface WorkerPadProps {
  worker: CrewWorker;
  position: number;
  total: number;
  problem: string | null;
  onSign: (png: LocalFile | null) => Promise<void>;
}

function WorkerPad({ worker, position, total, problem, onSign }: WorkerPadProps) {
  const titleId = useId();
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
      <SignHere label={`Firma de ${worker.Nombre}`} action="Firmar y sellar acta" size="large" problem={problem} onSign={onSign} />
    </section>
  );
}

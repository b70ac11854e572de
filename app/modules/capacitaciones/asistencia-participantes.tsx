import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { memo, useMemo, useRef, useState } from 'react';
import type { AttendanceDraft, AttendanceParticipant } from '#app/db/capacitacion-rows.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { useSignatureUrls } from './asistencia-firmas.ts';
import { addAttendee, clearAttendeeSignature, removeAttendee, signAttendee } from './asistencia-store.ts';

interface AttendanceParticipantsProps {
  draft: AttendanceDraft;
  /** Shows the message of a refused change (a DraftError) or a problem found at realisation. */
  onError: (message: string) => void;
  problems: ReadonlyMap<string, string>;
}

/**
 * Who attends, at the worksite: each participant found by name or RUT, or listed already, signs on the tablet.
 * One signature pad at a time; each saved signature is on the device at once (SPEC TR1). A signature changes its own
 * row only: rows are memoised on what they show, their actions are stable, and each signature's image keeps its URL.
 */
export function AttendanceParticipants({ draft, onError, problems }: AttendanceParticipantsProps) {
  // Whose pad is open, and the drawing being saved there (its hash): the pad closes when the draft holds it, in the
  // same render that shows the signature; a save that fails leaves it open, as it was.
  const [signing, setSigning] = useState<{ id: string; saved: string | null } | null>(null);
  const active = draft.Participantes.filter((participant) => participant.Estado === 1);
  if (signing?.saved) {
    const saving = active.find((participant) => participant.Id === signing.id);
    if (!saving || saving.Firma?.Sha256 === signing.saved) setSigning(null);
  }
  const { urls, remember } = useSignatureUrls(active.flatMap((participant) => (participant.Firma ? [participant.Firma] : [])));
  const signed = active.filter((participant) => participant.Asistio === 1).length;
  const run = (work: () => Promise<void>) =>
    work().catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  // The rows' actions read the draft and the error handler of the latest render, so they never change.
  const latest = useRef({ id: draft.IdCapacitacion, run });
  latest.current = { id: draft.IdCapacitacion, run };
  const actions = useMemo<RowActions>(
    () => ({
      sign: (participantId) => setSigning({ id: participantId, saved: null }),
      cancel: () => setSigning(null),
      save: (participantId, png) =>
        latest.current.run(async () => {
          if (png) {
            remember(png);
            setSigning({ id: participantId, saved: png.sha256 });
          }
          await signAttendee(requireDevice().db, latest.current.id, participantId, png);
        }),
      clear: (participantId) => void latest.current.run(() => clearAttendeeSignature(requireDevice().db, latest.current.id, participantId)),
      remove: (participantId) => void latest.current.run(() => removeAttendee(requireDevice().db, latest.current.id, participantId)),
    }),
    [remember],
  );
  return (
    <section className="card attendance" aria-labelledby="asistencia-participantes-title">
      <h2 id="asistencia-participantes-title">Participantes</h2>
      <p className="muted" role="status">{`${signed} de ${active.length} firmaron`}</p>
      <WorkerSearch
        label="Buscar participante por nombre o RUT"
        chosen={new Set(active.map((participant) => participant.IdPersona))}
        onPick={(worker) => void run(() => addAttendee(requireDevice().db, draft.IdCapacitacion, worker))}
      />
      {active.length === 0 ? (
        <p className="muted">Aún no hay participantes: búscalos por nombre o RUT.</p>
      ) : (
        <ul className="attendance__list" aria-label="Asistencia">
          {active.map((participant) => (
            <ParticipantRow
              key={participant.Id}
              participant={participant}
              signatureUrl={participant.Firma ? urls?.get(participant.Firma.Sha256) : undefined}
              signing={signing?.id === participant.Id}
              problem={problems.get(participant.Id)}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a row can do, by the participant's id: the same object for every row and every render. */
interface RowActions {
  sign: (participantId: string) => void;
  cancel: () => void;
  save: (participantId: string, png: LocalFile | null) => Promise<void>;
  clear: (participantId: string) => void;
  remove: (participantId: string) => void;
}

interface ParticipantRowProps {
  participant: AttendanceParticipant;
  signatureUrl: string | undefined;
  signing: boolean;
  problem: string | undefined;
  actions: RowActions;
}

/** A row changes only when what it shows does: every read of the draft gives new participant objects. */
function sameRow(before: ParticipantRowProps, after: ParticipantRowProps): boolean {
  const [a, b] = [before.participant, after.participant];
  return (
    before.signatureUrl === after.signatureUrl &&
    before.signing === after.signing &&
    before.problem === after.problem &&
    before.actions === after.actions &&
    a.Id === b.Id &&
    a.Nombre === b.Nombre &&
    a.RunPersona === b.RunPersona &&
    a.Asistio === b.Asistio &&
    a.FirmadoEn === b.FirmadoEn &&
    a.Firma?.Sha256 === b.Firma?.Sha256 &&
    a.agregado === b.agregado
  );
}

const ParticipantRow = memo(function ParticipantRow({ participant, signatureUrl, signing, problem, actions }: ParticipantRowProps) {
  const [png, setPng] = useState<LocalFile | null>(null);
  const name = participant.Nombre;
  const id = participant.Id;
  return (
    <li className={`attendance__person${participant.Asistio === 1 ? ' attendance__person--signed' : ''}`}>
      <div className="attendance__who">
        <span className="attendance__name">{name}</span>
        <span className="muted">{formatRut(participant.RunPersona)}</span>
        <span className="attendance__state">
          {participant.Firma && participant.FirmadoEn ? `Firmó el ${formatDisplayDateTime(new Date(participant.FirmadoEn))}` : 'Sin firma'}
        </span>
        {problem && <span className="field-error">{problem}</span>}
      </div>
      {signatureUrl && <img className="attendance__signature" src={signatureUrl} alt={`Firma de ${name}`} />}
      {signing ? (
        <div className="attendance__pad">
          <SignaturePadField label={`Firma de ${name}`} hasCurrent={false} currentUrl={null} onChange={setPng} />
          <div className="button-row">
            <IonButton onClick={() => void actions.save(id, png)} disabled={!png}>
              Guardar firma de {name}
            </IonButton>
            <IonButton fill="outline" color="dark" onClick={actions.cancel}>
              Cancelar
            </IonButton>
          </div>
        </div>
      ) : (
        <div className="button-row attendance__actions">
          {participant.Firma ? (
            <IonButton fill="outline" color="dark" onClick={() => actions.clear(id)}>
              Borrar firma de {name}
            </IonButton>
          ) : (
            <IonButton onClick={() => actions.sign(id)}>Firmar: {name}</IonButton>
          )}
          {participant.agregado && (
            <IonButton fill="clear" color="danger" onClick={() => actions.remove(id)}>
              Quitar a {name}
            </IonButton>
          )}
        </div>
      )}
    </li>
  );
}, sameRow);

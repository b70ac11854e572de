import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import type { AttendanceDraft, AttendanceParticipant } from '#app/db/capacitacion-rows.ts';
import { useDeviceFileUrls } from '#app/data/inspection-files.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { addAttendee, clearAttendeeSignature, removeAttendee, signAttendee } from './asistencia-store.ts';

interface AttendanceParticipantsProps {
  draft: AttendanceDraft;
  /** Shows the message of a refused change (a DraftError) or a problem found at realisation. */
  onError: (message: string) => void;
  problems: ReadonlyMap<string, string>;
}

/**
 * Who attends, at the worksite: each participant found by name or RUT, or listed already, signs on the tablet.
 * One signature pad at a time; each saved signature is on the device at once (SPEC TR1).
 */
export function AttendanceParticipants({ draft, onError, problems }: AttendanceParticipantsProps) {
  const [signing, setSigning] = useState<string | null>(null);
  const active = draft.Participantes.filter((participant) => participant.Estado === 1);
  const urls = useDeviceFileUrls(active.flatMap((participant) => (participant.Firma ? [participant.Firma] : [])));
  const signed = active.filter((participant) => participant.Asistio === 1).length;
  const run = (work: () => Promise<void>) => work().catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  return (
    <section className="card attendance" aria-labelledby="asistencia-participantes-title">
      <h2 id="asistencia-participantes-title">Participantes</h2>
      <p className="muted" role="status">{`${signed} de ${active.length} firmaron`}</p>
      <WorkerSearch label="Buscar participante por nombre o RUT" chosen={new Set(active.map((participant) => participant.IdPersona))} onPick={(worker) => void run(() => addAttendee(requireDevice().db, draft.IdCapacitacion, worker))} />
      {active.length === 0 ? (
        <p className="muted">Aún no hay participantes: búscalos por nombre o RUT.</p>
      ) : (
        <ul className="attendance__list" aria-label="Asistencia">
          {active.map((participant) => (
            <ParticipantRow
              key={participant.Id}
              participant={participant}
              signatureUrl={participant.Firma ? urls?.[participant.Firma.Sha256] : undefined}
              signing={signing === participant.Id}
              problem={problems.get(participant.Id)}
              onSign={() => setSigning(participant.Id)}
              onCancel={() => setSigning(null)}
              onSave={(png) =>
                run(async () => {
                  await signAttendee(requireDevice().db, draft.IdCapacitacion, participant.Id, png);
                  setSigning(null);
                })
              }
              onClear={() => void run(() => clearAttendeeSignature(requireDevice().db, draft.IdCapacitacion, participant.Id))}
              onRemove={() => void run(() => removeAttendee(requireDevice().db, draft.IdCapacitacion, participant.Id))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface ParticipantRowProps {
  participant: AttendanceParticipant;
  signatureUrl: string | undefined;
  signing: boolean;
  problem: string | undefined;
  onSign: () => void;
  onCancel: () => void;
  onSave: (png: LocalFile | null) => Promise<void>;
  onClear: () => void;
  onRemove: () => void;
}

function ParticipantRow({ participant, signatureUrl, signing, problem, onSign, onCancel, onSave, onClear, onRemove }: ParticipantRowProps) {
  const [png, setPng] = useState<LocalFile | null>(null);
  const name = participant.Nombre;
  return (
    <li className={`attendance__person${participant.Asistio === 1 ? ' attendance__person--signed' : ''}`}>
      <div className="attendance__who">
        <span className="attendance__name">{name}</span>
        <span className="muted">{formatRut(participant.RunPersona)}</span>
        <span className="attendance__state">{participant.Firma && participant.FirmadoEn ? `Firmó el ${formatDisplayDateTime(new Date(participant.FirmadoEn))}` : 'Sin firma'}</span>
        {problem && <span className="field-error">{problem}</span>}
      </div>
      {signatureUrl && <img className="attendance__signature" src={signatureUrl} alt={`Firma de ${name}`} />}
      {signing ? (
        <div className="attendance__pad">
          <SignaturePadField label={`Firma de ${name}`} hasCurrent={false} currentUrl={null} onChange={setPng} />
          <div className="button-row">
            <IonButton onClick={() => void onSave(png)} disabled={!png}>
              Guardar firma de {name}
            </IonButton>
            <IonButton fill="outline" color="dark" onClick={onCancel}>
              Cancelar
            </IonButton>
          </div>
        </div>
      ) : (
        <div className="button-row attendance__actions">
          {participant.Firma ? (
            <IonButton fill="outline" color="dark" onClick={onClear}>
              Borrar firma de {name}
            </IonButton>
          ) : (
            <IonButton onClick={onSign}>Firmar: {name}</IonButton>
          )}
          {participant.agregado && (
            <IonButton fill="clear" color="danger" onClick={onRemove}>
              Quitar a {name}
            </IonButton>
          )}
        </div>
      )}
    </li>
  );
}

import type { AttendanceDraft } from '#app/db/capacitacion-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { SignHere } from '#app/ui/field-record/sign-here.tsx';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { SignatureRoster } from '#app/ui/field-record/signature-roster.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { addAttendee, clearAttendeeSignature, removeAttendee, signAttendee } from './asistencia-store.ts';

interface AttendanceParticipantsProps {
  draft: AttendanceDraft;
  /** Problems found at realisation, by participant. */
  problems: ReadonlyMap<string, string>;
}

/**
 * Who attends, at the worksite: each participant found by name or RUT, or listed already, signs on the tablet; each
 * saved signature is on the device at once (SPEC TR1). Someone added on site by mistake may be taken out again.
 */
export function AttendanceParticipants({ draft, problems }: AttendanceParticipantsProps) {
  const { write } = useDraftWrite();
  const id = draft.IdCapacitacion;
  const active = draft.Participantes.filter((participant) => participant.Estado === 1);
  const signed = active.filter((participant) => participant.Asistio === 1).length;
  const people = active.map((participant) => ({
    id: participant.Id,
    name: participant.Nombre,
    rut: participant.RunPersona,
    signature: participant.Firma,
    signedAt: participant.FirmadoEn,
    signLabel: `Firmar: ${participant.Nombre}`,
    clearable: true,
    removable: participant.agregado,
    problem: problems.get(participant.Id),
  }));
  return (
    <section className="card attendance" aria-labelledby="asistencia-participantes-title">
      <h2 id="asistencia-participantes-title">Participantes</h2>
      <p className="muted" role="status">{`${signed} de ${active.length} firmaron`}</p>
      <WorkerSearch
        label="Buscar participante por nombre o RUT"
        chosen={new Set(active.map((participant) => participant.IdPersona))}
        onPick={(worker) => write(addAttendee(requireDevice().db, id, worker))}
      />
      {active.length === 0 ? (
        <p className="muted">Aún no hay participantes: búscalos por nombre o RUT.</p>
      ) : (
        <SignatureRoster
          label="Asistencia"
          people={people}
          onSign={(participantId, png) => signAttendee(requireDevice().db, id, participantId, png)}
          onClear={(participantId) => clearAttendeeSignature(requireDevice().db, id, participantId)}
          onRemove={(participantId) => removeAttendee(requireDevice().db, id, participantId)}
          renderPad={(person, pad) => (
            <SignHere label={`Firma de ${person.name}`} action={`Guardar firma de ${person.name}`} needsInk onSign={pad.sign} onCancel={pad.cancel} />
          )}
        />
      )}
    </section>
  );
}

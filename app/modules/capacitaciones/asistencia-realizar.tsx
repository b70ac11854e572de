import { DATE_PICKER_MIN, isWireDate, toWireDate } from '#sync/domain/dates.ts';
import { GRADE_MESSAGES, isGrade } from '#sync/domain/grades.ts';
import { formatGrade, parseGrade } from '#sync/domain/number-format.ts';
import type { RealisationProblem } from '#sync/domain/training-rules.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import type { AttendanceDraft, AttendanceParticipant } from '#app/db/capacitacion-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { setGrade, setRealisationDate } from './asistencia-store.ts';

interface RealisationPanelProps {
  draft: AttendanceDraft;
  /** Problems of the session as a whole (those of a person show beside them). */
  problems: RealisationProblem[];
  /** Marks the session realised (SPEC TR2); resolves when its one write is queued, or with the problems. */
  onFinish: () => Promise<void>;
}

/**
 * Marking the session realised: the day it was given, each attendee's grade when the type is evaluated (1,0 to
 * 7,0, with a decimal comma), and the one write with everything taken at the worksite.
 */
export function RealisationPanel({ draft, problems, onFinish }: RealisationPanelProps) {
  const { write } = useDraftWrite();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const attendees = draft.Participantes.filter((participant) => participant.Estado === 1 && participant.Asistio === 1);
  const finish = async () => {
    const question = `¿Marcar "${draft.Tema}" como realizada con ${attendees.length} ${attendees.length === 1 ? 'asistente' : 'asistentes'}? La asistencia ya no se podrá cambiar en este dispositivo.`;
    if (!(await confirm({ header: 'Marcar como realizada', message: question, confirmText: 'Marcar realizada' }))) return;
    setBusy(true);
    try {
      await onFinish();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card attendance" aria-labelledby="asistencia-realizar-title">
      <h2 id="asistencia-realizar-title">Marcar como realizada</h2>
      <DateField
        label="Fecha de realización"
        value={draft.FechaRealizacion}
        min={DATE_PICKER_MIN}
        max={toWireDate(new Date())}
        onChange={(value) => isWireDate(value) && write(setRealisationDate(requireDevice().db, draft.IdCapacitacion, value))}
      />
      {draft.Evaluada === 1 && (
        <fieldset className="attendance__grades">
          <legend>Notas (de 1,0 a 7,0; aprueba con 4,0)</legend>
          {attendees.length === 0 && <p className="muted">Las notas se ponen a quienes firmaron.</p>}
          {attendees.map((participant) => (
            <GradeInput
              key={participant.Id}
              participant={participant}
              onChange={(grade) => write(setGrade(requireDevice().db, draft.IdCapacitacion, participant.Id, grade))}
            />
          ))}
        </fieldset>
      )}
      {problems.length > 0 && (
        <ul className="attendance__problems" role="alert">
          {problems.map((problem) => (
            <li key={problem.message} className="field-error">
              {problem.message}
            </li>
          ))}
        </ul>
      )}
      <IonButton expand="block" onClick={() => void finish()} disabled={busy}>
        {busy ? 'Guardando…' : 'Marcar como realizada'}
      </IonButton>
    </section>
  );
}

function GradeInput({ participant, onChange }: { participant: AttendanceParticipant; onChange: (grade: number | null) => void }) {
  const id = useId();
  const [text, setText] = useState(participant.Nota === null ? '' : formatGrade(participant.Nota));
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    if (text.trim() === '') {
      setError(null);
      return onChange(null);
    }
    const grade = parseGrade(text);
    if (grade === null || !isGrade(grade)) return setError(GRADE_MESSAGES.invalid);
    setError(null);
    setText(formatGrade(grade));
    onChange(grade);
  };
  return (
    <div className={`select-field attendance__grade${error ? ' select-field--invalid' : ''}`}>
      <label htmlFor={id}>Nota de {participant.Nombre}</label>
      <input
        id={id}
        inputMode="decimal"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

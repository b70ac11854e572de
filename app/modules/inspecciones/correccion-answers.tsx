import type { InspectionProblem } from '#sync/domain/inspection-rules.ts';
import { ANSWERS } from '#sync/domain/traffic-light.ts';
import type { ContenidoFormulario } from '#sync/schemas/formularios.schema.ts';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';
import { ChoiceButtons } from './choice-buttons.tsx';
import { type CorrectionForm, statementLock } from './correccion-form.ts';
import { ObservationEditor, type SignedInPerson } from './observation-editor.tsx';
import type { ObservationPatch } from './draft-store.ts';
import { ANSWER_CHOICES } from './statement-row.tsx';

interface CorrectionAnswersProps {
  content: Pick<ContenidoFormulario, 'Items'>;
  form: CorrectionForm;
  observations: readonly LocalObservacion[];
  /** Shown once the person tried to save. */
  problems: readonly InspectionProblem[];
  fecha: string;
  me: SignedInPerson;
  onAnswer: (statement: string, answer: (typeof ANSWERS)[keyof typeof ANSWERS]) => void;
  onObservation: (statement: string, patch: ObservationPatch) => void;
}

function problemOf(problems: readonly InspectionProblem[], test: (problem: InspectionProblem) => boolean) {
  return problems.find(test)?.message;
}

/**
 * Every statement with its answer to correct, in the template's order. One whose observation moved past Abierta
 * cannot change, and says why; one corrected to No cumple asks for its observation (SPEC IN9).
 */
export function CorrectionAnswers(props: CorrectionAnswersProps) {
  const { content, form, observations, problems } = props;
  let number = 0;
  return (
    <>
      {content.Items.map((item) => (
        <section key={item.IdItem} className="answer-item" aria-label={item.Nombre}>
          <h3>{item.Nombre}</h3>
          <ol className="answer-list">
            {item.Enunciados.map((statement) => {
              number += 1;
              const id = statement.IdEnunciado;
              const lock = statementLock(observations, id);
              const lockId = `correccion-lock-${id}`;
              const added = form.added[id];
              const at = (field: string) => (problem: InspectionProblem) =>
                problem.target.kind === 'observacion' && problem.target.id === added?.IdObservacion && problem.target.field === field;
              const statementProblem = problemOf(problems, (problem) => problem.target.kind === 'enunciado' && problem.target.id === id);
              return (
                <li key={id} value={number} id={`correccion-enunciado-${id}`}>
                  <div className="answer-list__row">
                    <span className="answer-list__text">
                      {number}. {statement.Texto}
                    </span>
                    <ChoiceButtons
                      label={`Respuesta de «${statement.Texto}»`}
                      size="small"
                      choices={ANSWER_CHOICES}
                      value={form.answers[id]}
                      onChoose={(answer) => props.onAnswer(id, answer)}
                      disabled={lock !== null}
                      {...(lock ? { describedBy: lockId } : {})}
                    />
                  </div>
                  {lock && (
                    <p id={lockId} className="muted">
                      No se puede corregir: su observación ya fue {lock}.
                    </p>
                  )}
                  {statementProblem && <p className="field-error">{statementProblem}</p>}
                  {added && form.answers[id] === ANSWERS.noCumple && (
                    <ObservationEditor
                      observation={added}
                      title={`Observación de «${statement.Texto}»`}
                      photosLabel="Fotos de la observación"
                      fecha={props.fecha}
                      textProblem={problemOf(problems, at('Observacion'))}
                      responsibleProblem={problemOf(problems, at('Responsable'))}
                      deadlineProblem={problemOf(problems, at('Plazo'))}
                      readOnly={false}
                      me={props.me}
                      onChange={(_id, patch) => props.onObservation(id, patch)}
                    />
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </>
  );
}

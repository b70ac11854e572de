import { ANSWER_LABELS, type Answer, ANSWERS, answerColour, LIGHT_HEX } from '#sync/domain/traffic-light.ts';
import type { Enunciado } from '#sync/schemas/formularios.schema.ts';
import { memo } from 'react';
import type { DraftObservation } from '#app/db/inspection-rows.ts';
import { type Choice, ChoiceButtons } from './choice-buttons.tsx';
import { DraftTextInput } from '#app/ui/drafts/draft-text-input.tsx';
import type { ObservationPatch } from './draft-store.ts';
import { ObservationEditor, type SignedInPerson } from './observation-editor.tsx';
import '#app/ui/records.css';
import './statement-row.css';

export const ANSWER_CHOICES: Choice<Answer>[] = ([ANSWERS.cumple, ANSWERS.noCumple, ANSWERS.noAplica] as const).map((value) => ({
  value,
  label: ANSWER_LABELS[value],
  colour: LIGHT_HEX[answerColour(value)],
}));

/** What a statement row may do; one object for the whole list, so rows stay memoized. */
export interface StatementActions {
  answer: (statementId: string, answer: Answer, observation: DraftObservation | undefined) => void;
  subanswer: (statementId: string, subquestionId: string, text: string) => unknown;
  updateObservation: (observationId: string, patch: ObservationPatch) => void;
  me: SignedInPerson;
}

interface StatementRowProps {
  statement: Enunciado;
  number: number;
  answer: Answer | undefined;
  subanswers: Readonly<Record<string, string>> | undefined;
  /** The statement's observation being written (answer 2). */
  observation: DraftObservation | undefined;
  fecha: string;
  problem?: string;
  textProblem?: string;
  responsibleProblem?: string;
  deadlineProblem?: string;
  readOnly: boolean;
  actions: StatementActions;
}

/**
 * One statement: its text and weight, three large answer buttons, its sub-questions, and the observation editor
 * when it does not comply. Memoized: the list passes each row only its own answer and observation, which keep
 * their identity while unchanged, so answering one statement re-renders that row alone.
 */
export const StatementRow = memo(function StatementRow(props: StatementRowProps) {
  const { statement, number, answer, observation, readOnly, actions } = props;
  const id = statement.IdEnunciado;
  const textId = `insp-enunciado-${id}-texto`;
  const errorId = `insp-enunciado-${id}-error`;

  return (
    <li className={`insp-statement insp-statement--${answer ? answerColour(answer) : 'pendiente'}${props.problem ? ' insp-statement--invalid' : ''}`}>
      <div id={`insp-enunciado-${id}`} className="insp-statement__body" role="group" aria-labelledby={textId} tabIndex={-1}>
        <div className="insp-statement__head">
          <p id={textId} className="insp-statement__text">
            <span className="insp-statement__number">{number}.</span> {statement.Texto}
          </p>
          <span className="insp-statement__weight">Ponderación {statement.Ponderacion}</span>
        </div>
        <ChoiceButtons
          label="Respuesta"
          choices={ANSWER_CHOICES}
          value={answer}
          disabled={readOnly}
          describedBy={props.problem ? errorId : undefined}
          onChoose={(value) => actions.answer(id, value, observation)}
        />
        {props.problem && (
          <p id={errorId} className="field-error insp-statement__error">
            {props.problem}
          </p>
        )}
        {statement.Subpreguntas.length > 0 && (
          <div className="insp-statement__subquestions">
            {statement.Subpreguntas.map((sub) => (
              <DraftTextInput
                key={sub.IdSubpregunta}
                className="draft-field--small"
                label={sub.Texto}
                stored={props.subanswers?.[sub.IdSubpregunta] ?? ''}
                onSave={(text) => actions.subanswer(id, sub.IdSubpregunta, text)}
                readOnly={readOnly}
              />
            ))}
          </div>
        )}
        {answer === ANSWERS.noCumple && observation && (
          <ObservationEditor
            observation={observation}
            title="Observación"
            photosLabel="Fotos de la observación"
            fecha={props.fecha}
            textProblem={props.textProblem}
            responsibleProblem={props.responsibleProblem}
            deadlineProblem={props.deadlineProblem}
            readOnly={readOnly}
            me={actions.me}
            onChange={actions.updateObservation}
          />
        )}
      </div>
    </li>
  );
});

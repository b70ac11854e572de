import type { Answer } from '#sync/domain/traffic-light.ts';
import type { Enunciado, Item } from '#sync/schemas/formularios.schema.ts';
import type { DraftObservation, InspectionDraft } from '#app/db/inspection-rows.ts';
import type { ItemProgress } from './fill-progress-bar.tsx';
import { type StatementActions, StatementRow } from './statement-row.tsx';
import './section-head.css';
import './fill-item-section.css';

interface FillItemSectionProps {
  item: Item;
  index: number;
  progress: ItemProgress | undefined;
  draft: InspectionDraft;
  numbers: ReadonlyMap<string, number>;
  answerOf: (statementId: string) => Answer | undefined;
  /** The observation being written under each statement, by IdEnunciado. */
  observations: ReadonlyMap<string, DraftObservation>;
  problems: ReadonlyMap<string, string>;
  readOnly: boolean;
  actions: StatementActions;
}

/** One item of the checklist: its name, how many of its statements are answered, and the statements. */
export function FillItemSection({
  item,
  index,
  progress,
  draft,
  numbers,
  answerOf,
  observations,
  problems,
  readOnly,
  actions,
}: FillItemSectionProps) {
  const row = (statement: Enunciado) => {
    const statementId = statement.IdEnunciado;
    const observation = observations.get(statementId);
    const observationId = observation?.IdObservacion ?? '';
    return (
      <StatementRow
        key={statementId}
        statement={statement}
        number={numbers.get(statementId) ?? 0}
        answer={answerOf(statementId)}
        subanswers={draft.respuestas[statementId]?.Subrespuestas ?? draft.subrespuestasPendientes?.[statementId]}
        observation={observation}
        fecha={draft.Fecha}
        problem={problems.get(`insp-enunciado-${statementId}`)}
        textProblem={problems.get(`insp-obs-${observationId}-Observacion`)}
        responsibleProblem={problems.get(`insp-obs-${observationId}-Responsable`)}
        deadlineProblem={problems.get(`insp-obs-${observationId}-Plazo`)}
        readOnly={readOnly}
        actions={actions}
      />
    );
  };

  return (
    <section className="insp-item" aria-labelledby={`insp-item-${item.IdItem}`}>
      <div className="insp-item__head">
        <h2 id={`insp-item-${item.IdItem}`} tabIndex={-1}>
          {index + 1}. {item.Nombre}
        </h2>
        <span className="insp-item__count">
          {progress?.answered} de {progress?.total}
        </span>
      </div>
      <ol className="insp-statements">{item.Enunciados.map((statement) => row(statement))}</ol>
    </section>
  );
}

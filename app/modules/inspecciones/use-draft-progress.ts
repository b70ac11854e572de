import { computeCompliance } from '#sync/domain/compliance.ts';
import type { Answer } from '#sync/domain/traffic-light.ts';
import { type ContenidoFormulario, statementsOf } from '#sync/schemas/formularios.schema.ts';
import { useCallback, useMemo } from 'react';
import type { ItemProgress } from './fill-progress-bar.tsx';
import { focusAnchor } from './focus-anchor.ts';

/**
 * How far the checklist is: each statement's number, the live compliance and grade (computeCompliance, the
 * server's own rule), the answered statements of each item, and the jumps of the progress bar.
 */
export function useDraftProgress(content: ContenidoFormulario | undefined, answerOf: (statementId: string) => Answer | undefined) {
  const numbers = useMemo(
    () => new Map(content ? statementsOf(content).map((statement, index) => [statement.IdEnunciado, index + 1]) : []),
    [content],
  );
  const compliance = useMemo(
    () =>
      computeCompliance(
        content ?? { Items: [], Rangos: [] },
        [...numbers.keys()].flatMap((statementId) => {
          const answer = answerOf(statementId);
          return answer ? [{ IdEnunciado: statementId, Respuesta: answer }] : [];
        }),
      ),
    [content, numbers, answerOf],
  );
  const itemProgress: ItemProgress[] = useMemo(
    () =>
      (content?.Items ?? []).map((item, index) => ({
        id: item.IdItem,
        label: `${index + 1}. ${item.Nombre}`,
        answered: item.Enunciados.filter((statement) => answerOf(statement.IdEnunciado)).length,
        total: item.Enunciados.length,
      })),
    [content, answerOf],
  );

  const jumpToItem = useCallback((itemId: string) => focusAnchor(`insp-item-${itemId}`), []);
  const nextUnanswered = () => {
    const next = content ? statementsOf(content).find((statement) => !answerOf(statement.IdEnunciado)) : undefined;
    focusAnchor(next ? `insp-enunciado-${next.IdEnunciado}` : 'insp-finalizar');
  };

  return { numbers, compliance, itemProgress, jumpToItem, nextUnanswered };
}

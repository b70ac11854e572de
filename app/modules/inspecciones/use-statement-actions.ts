import type { Answer } from '#sync/domain/traffic-light.ts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AppDb } from '#app/db/app-db.ts';
import type { DraftObservation, InspectionDraft } from '#app/db/inspection-rows.ts';
import { fullName } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { setAnswer, setSubanswer, updateObservation } from './draft-store.ts';
import type { StatementActions } from './statement-row.tsx';
import type { DraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { trackDraftWrite } from '#app/ui/drafts/use-draft-text.ts';

interface StatementActionsOptions extends DraftWrite {
  db: AppDb | undefined;
  id: string | undefined;
  draft: InspectionDraft | null | undefined;
}

function hasContent(observation: DraftObservation | undefined): boolean {
  return Boolean(
    observation && (observation.Observacion.trim() || observation.Archivos.length || observation.Responsable.trim() || observation.Plazo),
  );
}

/**
 * What a statement row does (answer, sub-answers, its observation), and each statement's answer as shown: a new
 * answer shows at once, before the draft read back from the database has it.
 */
export function useStatementActions({ db, id, draft, reportError, write }: StatementActionsOptions) {
  const session = useRequiredSession();
  const confirm = useConfirm();
  const userName = fullName(session);
  const userId = session.usuario.IdUsuario;
  const me = useMemo(() => ({ id: userId, name: userName }), [userId, userName]);
  const [pending, setPending] = useState<Readonly<Record<string, Answer>>>({});

  const actions: StatementActions = useMemo(
    () => ({
      answer: (statementId, answer, observation) => {
        if (!db || !id) return;
        const apply = () => {
          // Shown at once; the draft read back from the database takes over as soon as it has the same answer.
          setPending((current) => ({ ...current, [statementId]: answer }));
          void trackDraftWrite(setAnswer(db, id, statementId, answer)).catch((error: unknown) => {
            setPending(({ [statementId]: _dropped, ...rest }) => rest);
            reportError(error);
          });
        };
        if (answer !== 2 && hasContent(observation)) {
          void confirm({
            header: 'Cambiar la respuesta',
            message: 'Este enunciado tiene una observación con datos. Si cambias la respuesta, la observación se descartará.',
            confirmText: 'Cambiar respuesta',
          }).then((confirmed) => confirmed && apply());
        } else apply();
      },
      subanswer: (statementId, subquestionId, text) =>
        db && id ? write(setSubanswer(db, id, statementId, subquestionId, text)) : undefined,
      updateObservation: (observationId, patch) => {
        if (db && id) void write(updateObservation(db, id, observationId, patch));
      },
      me,
    }),
    [db, id, me, confirm, reportError, write],
  );

  // An optimistic answer gives way once the draft read back from the database has it.
  useEffect(() => {
    if (!draft) return;
    setPending((current) => {
      const left = Object.entries(current).filter(([statementId, answer]) => draft.respuestas[statementId]?.Respuesta !== answer);
      return left.length === Object.keys(current).length ? current : Object.fromEntries(left);
    });
  }, [draft]);

  const respuestas = draft?.respuestas;
  const answerOf = useCallback(
    (statementId: string): Answer | undefined => pending[statementId] ?? respuestas?.[statementId]?.Respuesta,
    [pending, respuestas],
  );

  return { actions, answerOf };
}

import type { InspectionProblem } from '#sync/domain/inspection-rules.ts';
import { INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AppDb } from '#app/db/app-db.ts';
import { paths } from '#app/navigation/paths.ts';
import { fullName } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { problemAnchor } from './draft-fields.tsx';
import { draftProblems, finishDraft } from './draft-finish.ts';
import { UNSAVED_SIGNATURE } from './draft-problem-lines.ts';
import { focusAnchor } from './focus-anchor.ts';
import type { DraftProblems } from './use-draft-problems.ts';
import { settleDraftWrites } from '#app/ui/drafts/use-draft-text.ts';

interface FinishDraftOptions {
  db: AppDb | undefined;
  id: string | undefined;
  problems: Pick<DraftProblems, 'unsavedSignature' | 'setShowProblems' | 'setExtraProblems'>;
  /** Opens the header form, where a problem of the header is corrected. */
  openHeader: () => void;
}

/**
 * "Finalizar inspección": once every write has settled, the problems of the draft as saved are shown (the first
 * one focused) or, after a confirmation, the draft is finished into the outbox and the inspection opens.
 */
export function useFinishDraft({ db, id, problems, openHeader }: FinishDraftOptions) {
  const userName = fullName(useRequiredSession());
  const navigate = useNavigate();
  const confirm = useConfirm();
  const showSaved = useSavedToast();
  // Checking and asking come before finishing: a second press meanwhile is ignored, and the button says
  // "Finalizando…" only once the person confirmed.
  const busy = useRef(false);
  const [finishing, setFinishing] = useState(false);
  const { unsavedSignature, setShowProblems, setExtraProblems } = problems;

  const showFirstProblem = (found: InspectionProblem[]) => {
    const first = found[0];
    if (!first) return;
    if (first.target.kind === 'encabezado' || first.target.kind === 'campo') openHeader();
    // After the header form (if it was closed) is on screen.
    requestAnimationFrame(() => focusAnchor(problemAnchor(first.target)));
  };

  const finish = async () => {
    if (!db || !id || busy.current) return;
    busy.current = true;
    try {
      await settleDraftWrites();
      const fresh = await db.borradores.get(id);
      if (!fresh) return;
      const found = [...draftProblems(fresh), ...(unsavedSignature ? [UNSAVED_SIGNATURE] : [])];
      setExtraProblems([]);
      if (found.length > 0) {
        setShowProblems(true);
        showFirstProblem(found);
        return;
      }
      const confirmed = await confirm({
        header: 'Finalizar inspección',
        message: 'Una vez finalizada no se puede modificar. Queda guardada en este dispositivo y se envía al servidor en cuanto haya conexión.',
        confirmText: 'Finalizar',
      });
      if (!confirmed) return;
      setFinishing(true);
      const result = await finishDraft(id, { userName });
      if (!result.ok) {
        setShowProblems(true);
        setExtraProblems(result.problems.filter((problem) => problem.target.kind === 'general'));
        showFirstProblem(result.problems);
        return;
      }
      showSaved(INSPECCIONES_MESSAGES.created);
      navigate(paths.inspecciones.detalles.href(id), { replace: true });
    } catch (error) {
      setShowProblems(true);
      setExtraProblems([{ target: { kind: 'general' }, message: error instanceof Error ? error.message : 'No fue posible finalizar la inspección' }]);
      requestAnimationFrame(() => focusAnchor('insp-finalizar'));
    } finally {
      busy.current = false;
      setFinishing(false);
    }
  };

  return { finishing, finish, showFirstProblem };
}

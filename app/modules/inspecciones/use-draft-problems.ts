import { headerProblems, type InspectionProblem } from '#sync/domain/inspection-rules.ts';
import { useCallback, useMemo, useState } from 'react';
import type { InspectionDraft } from '#app/db/inspection-rows.ts';
import { problemsByAnchor } from './draft-fields.tsx';
import { draftProblems } from './draft-finish.ts';
import { problemSummary, UNSAVED_SIGNATURE } from './draft-problem-lines.ts';

/**
 * What stops the draft from finishing, once a finish was tried: checked live from then on, each message beside
 * its place (by problemAnchor) and listed in the finish section. Once the header form was checked (closing it),
 * the header's own problems show beside their fields the same way, before any finish.
 */
export function useDraftProblems(draft: InspectionDraft | null | undefined, numbers: ReadonlyMap<string, number>) {
  const [showProblems, setShowProblems] = useState(false);
  const [headerChecked, setHeaderChecked] = useState(false);
  const [extraProblems, setExtraProblems] = useState<InspectionProblem[]>([]);
  const [unsavedSignature, setUnsavedSignature] = useState(false);
  const readOnly = draft?.estado !== 'abierta';

  const liveProblems = useMemo(() => (draft && showProblems && !readOnly ? draftProblems(draft) : []), [draft, showProblems, readOnly]);
  const problems = useMemo(
    () => (showProblems ? [...liveProblems, ...extraProblems, ...(unsavedSignature ? [UNSAVED_SIGNATURE] : [])] : []),
    [showProblems, liveProblems, extraProblems, unsavedSignature],
  );
  const headerOnly = useMemo(
    () => (draft && headerChecked && !showProblems && !readOnly ? headerProblems(draft, draft.formulario.Contenido) : []),
    [draft, headerChecked, showProblems, readOnly],
  );
  const byAnchor = useMemo(() => problemsByAnchor([...problems, ...headerOnly]), [problems, headerOnly]);
  const extraTextProblems = useMemo(
    () =>
      new Map(
        problems.flatMap((problem) => (problem.target.kind === 'observacion' ? [[problem.target.id, problem.message] as const] : [])),
      ),
    [problems],
  );
  const headerHasProblems = [...problems, ...headerOnly].some(
    (problem) => problem.target.kind === 'encabezado' || problem.target.kind === 'campo',
  );

  const observations = draft?.observaciones;
  const observationStatement = useMemo(
    () => new Map((observations ?? []).map((obs) => [obs.IdObservacion, obs.IdEnunciado ?? ''])),
    [observations],
  );
  const summary = useMemo(() => problemSummary(problems, numbers, observationStatement), [problems, numbers, observationStatement]);

  /** Checks the header as saved (`fresh`): from then on its problems show beside their fields. */
  const checkHeader = useCallback((fresh: InspectionDraft) => {
    setHeaderChecked(true);
    return headerProblems(fresh, fresh.formulario.Contenido);
  }, []);

  return {
    summary,
    byAnchor,
    extraTextProblems,
    headerHasProblems,
    unsavedSignature,
    setUnsavedSignature,
    setShowProblems,
    setExtraProblems,
    checkHeader,
  };
}

export type DraftProblems = ReturnType<typeof useDraftProblems>;

import type { InspectionProblem } from '#sync/domain/inspection-rules.ts';
import { useMemo, useState } from 'react';
import type { InspectionDraft } from '#app/db/inspection-rows.ts';
import { problemAnchor } from './draft-fields.tsx';
import { draftProblems } from './draft-finish.ts';
import { problemSummary, UNSAVED_SIGNATURE } from './draft-problem-lines.ts';

/**
 * What stops the draft from finishing, once a finish was tried: checked live from then on, each message beside
 * its place (by problemAnchor) and listed in the finish section.
 */
export function useDraftProblems(draft: InspectionDraft | null | undefined, numbers: ReadonlyMap<string, number>) {
  const [showProblems, setShowProblems] = useState(false);
  const [extraProblems, setExtraProblems] = useState<InspectionProblem[]>([]);
  const [unsavedSignature, setUnsavedSignature] = useState(false);
  const readOnly = draft?.estado !== 'abierta';

  const liveProblems = useMemo(() => (draft && showProblems && !readOnly ? draftProblems(draft) : []), [draft, showProblems, readOnly]);
  const problems = useMemo(
    () => (showProblems ? [...liveProblems, ...extraProblems, ...(unsavedSignature ? [UNSAVED_SIGNATURE] : [])] : []),
    [showProblems, liveProblems, extraProblems, unsavedSignature],
  );
  const byAnchor = useMemo(() => {
    const map = new Map<string, string>();
    for (const problem of problems) {
      const anchor = problemAnchor(problem.target);
      map.set(anchor, map.has(anchor) ? `${map.get(anchor)} ${problem.message}` : problem.message);
    }
    return map;
  }, [problems]);
  const extraTextProblems = useMemo(
    () => new Map(problems.flatMap((problem) => (problem.target.kind === 'observacion' ? [[problem.target.id, problem.message] as const] : []))),
    [problems],
  );
  const headerHasProblems = problems.some((problem) => problem.target.kind === 'encabezado' || problem.target.kind === 'campo');

  const observations = draft?.observaciones;
  const observationStatement = useMemo(() => new Map((observations ?? []).map((obs) => [obs.IdObservacion, obs.IdEnunciado ?? ''])), [observations]);
  const summary = useMemo(() => problemSummary(problems, numbers, observationStatement), [problems, numbers, observationStatement]);

  return { summary, byAnchor, extraTextProblems, headerHasProblems, unsavedSignature, setUnsavedSignature, setShowProblems, setExtraProblems };
}

export type DraftProblems = ReturnType<typeof useDraftProblems>;

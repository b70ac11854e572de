import type { InspectionProblem, ProblemTarget } from '#sync/domain/inspection-rules.ts';

/** The element id of the place a problem points at: the screen scrolls there and focuses it. */
export function problemAnchor(target: ProblemTarget): string {
  switch (target.kind) {
    case 'encabezado':
      return `insp-encabezado-${target.field}`;
    case 'campo':
      return `insp-campo-${target.id}`;
    case 'enunciado':
      return `insp-enunciado-${target.id}`;
    case 'observacion':
      return `insp-obs-${target.id}-${target.field}`;
    case 'firmas':
      return 'insp-firmas';
    case 'general':
      return 'insp-finalizar';
  }
}

/** Messages by the place they belong to; two problems at one place read as one text. */
export function problemsByAnchor(problems: readonly InspectionProblem[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const problem of problems) {
    const anchor = problemAnchor(problem.target);
    map.set(anchor, map.has(anchor) ? `${map.get(anchor)} ${problem.message}` : problem.message);
  }
  return map;
}

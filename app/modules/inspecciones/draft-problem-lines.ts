import { type InspectionProblem, UNANSWERED_STATEMENT } from '#sync/domain/inspection-rules.ts';
import { INSPECCIONES_MESSAGES } from '#sync/schemas/inspecciones.schema.ts';

export const UNSAVED_SIGNATURE: InspectionProblem = {
  target: { kind: 'firmas' },
  message: 'Hay una firma dibujada sin guardar: pulsa «Guardar firma» o límpiala',
};

export interface ProblemLine {
  text: string;
  problem: InspectionProblem;
}

function describeProblem(
  problem: InspectionProblem,
  numbers: ReadonlyMap<string, number>,
  observationStatement: ReadonlyMap<string, string>,
): string {
  const { target } = problem;
  if (target.kind === 'enunciado') return `Enunciado ${numbers.get(target.id) ?? ''}: ${problem.message}`;
  if (target.kind === 'observacion') {
    const statement = observationStatement.get(target.id);
    return statement ? `Observación del enunciado ${numbers.get(statement) ?? ''}: ${problem.message}` : problem.message;
  }
  if (target.kind === 'encabezado' || target.kind === 'campo') return `Encabezado: ${problem.message}`;
  return problem.message;
}

/** The problems as the finish section lists them: statements without an answer are one line, pointing at the first. */
export function problemSummary(
  problems: InspectionProblem[],
  numbers: ReadonlyMap<string, number>,
  observationStatement: ReadonlyMap<string, string>,
): ProblemLine[] {
  const unanswered = problems.filter((problem) => problem.target.kind === 'enunciado' && problem.message === UNANSWERED_STATEMENT);
  const lines: ProblemLine[] = [];
  for (const problem of problems) {
    if (problem === unanswered[0] && unanswered.length > 1) {
      const first = problem.target.kind === 'enunciado' ? numbers.get(problem.target.id) : undefined;
      lines.push({
        problem,
        text: `${INSPECCIONES_MESSAGES.answersIncomplete}: faltan ${unanswered.length}, desde el enunciado ${first ?? ''}`,
      });
    } else if (!unanswered.includes(problem) || unanswered.length === 1) {
      lines.push({ problem, text: describeProblem(problem, numbers, observationStatement) });
    }
  }
  return lines;
}

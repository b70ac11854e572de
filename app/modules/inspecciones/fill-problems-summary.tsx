import type { InspectionProblem } from '#sync/domain/inspection-rules.ts';
import type { ProblemLine } from './draft-problem-lines.ts';
import './link-button.css';
import './fill-problems-summary.css';

const MAX_LISTED_PROBLEMS = 8;

interface FillProblemsSummaryProps {
  lines: ProblemLine[];
  onShow: (problem: InspectionProblem) => void;
}

/** "No se puede finalizar todavía": the first problems, each a button to its place, announced as they change. */
export function FillProblemsSummary({ lines, onShow }: FillProblemsSummaryProps) {
  const listed = lines.slice(0, MAX_LISTED_PROBLEMS);
  return (
    <div role="alert">
      {lines.length > 0 && (
        <div className="notice notice--error insp-problems">
          <p>No se puede finalizar todavía:</p>
          <ul>
            {listed.map((line, index) => (
              <li key={index}>
                <button type="button" className="insp-link-button" onClick={() => onShow(line.problem)}>
                  {line.text}
                </button>
              </li>
            ))}
          </ul>
          {lines.length > listed.length && <p>y {lines.length - listed.length} más, marcadas en la inspección.</p>}
        </div>
      )}
    </div>
  );
}

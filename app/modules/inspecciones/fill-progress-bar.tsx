import { type Compliance, complianceLabels } from '#sync/domain/compliance.ts';
import './draft-progress-track.css';
import './fill-progress-bar.css';

export interface ItemProgress {
  id: string;
  label: string;
  answered: number;
  total: number;
}

interface FillProgressBarProps {
  compliance: Compliance;
  items: ItemProgress[];
  readOnly: boolean;
  onJumpToItem: (itemId: string) => void;
  onNextUnanswered: () => void;
}

/**
 * Always in view above the checklist: answered statements, the live compliance and grade (computeCompliance, the
 * server's own rule), a jump to any item and to the next statement without an answer.
 */
export function FillProgressBar({ compliance, items, readOnly, onJumpToItem, onNextUnanswered }: FillProgressBarProps) {
  const labels = complianceLabels(compliance);
  const share = compliance.Total === 0 ? 0 : (100 * compliance.Respondidos) / compliance.Total;
  const complete = compliance.Respondidos === compliance.Total;

  return (
    <div className="insp-progress" role="region" aria-label="Avance de la inspección">
      <div className="insp-progress__counts">
        <p className="insp-progress__answered" aria-live="polite" aria-atomic="true">
          {`${compliance.Respondidos} de ${compliance.Total} respondidas`}
        </p>
        <div className="insp-progress__track" aria-hidden="true">
          <div className="insp-progress__fill" style={{ width: `${share}%` }} />
        </div>
      </div>
      <p className="insp-progress__metric">
        Cumplimiento <strong className="insp-progress__value">{labels.porcentaje}</strong>
      </p>
      <p className="insp-progress__metric">
        Nota <strong className="insp-progress__value">{labels.nota}</strong>
      </p>
      <div className="insp-progress__nav">
        {items.length > 1 && (
          <select
            aria-label="Ir al ítem"
            className="insp-progress__select"
            value=""
            onChange={(event) => {
              if (event.target.value) onJumpToItem(event.target.value);
            }}
          >
            <option value="">Ir al ítem…</option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {`${item.label} (${item.answered}/${item.total})`}
              </option>
            ))}
          </select>
        )}
        {!readOnly && (
          <button type="button" className="insp-progress__next" onClick={onNextUnanswered}>
            {complete ? 'Ir a finalizar' : 'Siguiente sin responder'}
          </button>
        )}
      </div>
    </div>
  );
}

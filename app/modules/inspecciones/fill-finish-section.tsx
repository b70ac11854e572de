import { type Compliance, complianceLabels } from '#sync/domain/compliance.ts';
import type { InspectionProblem } from '#sync/domain/inspection-rules.ts';
import { IonButton } from '@ionic/react';
import type { ProblemLine } from './draft-problem-lines.ts';
import { FillProblemsSummary } from './fill-problems-summary.tsx';
import './fill-finish-section.css';

interface FillFinishSectionProps {
  compliance: Compliance;
  problems: ProblemLine[];
  finishing: boolean;
  onShowProblem: (problem: InspectionProblem) => void;
  onFinish: () => void;
  onRemove: () => void;
}

/** The end of the checklist: the counts, compliance and grade, what is still missing, and the finish button. */
export function FillFinishSection({ compliance, problems, finishing, onShowProblem, onFinish, onRemove }: FillFinishSectionProps) {
  const labels = complianceLabels(compliance);
  return (
    <section id="insp-finalizar" className="card insp-section insp-finish" aria-labelledby="insp-finalizar-title" tabIndex={-1}>
      <h2 id="insp-finalizar-title">Finalizar inspección</h2>
      <p>
        {compliance.Respondidos} de {compliance.Total} respondidas · Cumple {compliance.Cumple} · No cumple {compliance.NoCumple} · No
        aplica {compliance.NoAplica}
      </p>
      <p className="insp-finish__grade">
        Cumplimiento <strong>{labels.porcentaje}</strong> · Nota <strong>{labels.nota}</strong>
      </p>
      <FillProblemsSummary lines={problems} onShow={onShowProblem} />
      <IonButton expand="block" size="large" className="insp-finish__button" disabled={finishing} onClick={onFinish}>
        {finishing ? 'Finalizando…' : 'Finalizar inspección'}
      </IonButton>
      <div className="button-row insp-finish__secondary">
        <IonButton fill="outline" color="danger" size="small" onClick={onRemove}>
          Eliminar inspección en curso
        </IonButton>
      </div>
    </section>
  );
}

import { OBSERVATION_STATE_LABELS, type ObservationState } from '#sync/domain/observation-state.ts';
import { IonIcon } from '@ionic/react';
import { alertCircle, arrowUndoOutline, chatbubbleEllipsesOutline, checkmarkCircle, ellipseOutline } from 'ionicons/icons';
import './observation-state-chip.css';

const STATE_ICONS: Record<ObservationState, string> = {
  abierta: ellipseOutline,
  respondida: chatbubbleEllipsesOutline,
  rechazada: arrowUndoOutline,
  vencida: alertCircle,
  aprobada: checkmarkCircle,
};

/** An observation's state (SPEC OV5), shown beside its traffic light: a green light alone does not mean closed. */
export function ObservationStateChip({ state }: { state: ObservationState }) {
  return (
    <span className={`observation-state observation-state--${state}`}>
      <IonIcon className="observation-state__icon" icon={STATE_ICONS[state]} aria-hidden="true" />
      <span className="visually-hidden">Estado: </span>
      {OBSERVATION_STATE_LABELS[state]}
    </span>
  );
}

import { REVIEW_STATE_LABELS, type ReviewState } from '#sync/domain/review-state.ts';
import { IonIcon } from '@ionic/react';
import { alertCircle, arrowUndoOutline, chatbubbleEllipsesOutline, checkmarkCircle, ellipseOutline } from 'ionicons/icons';
import './review-state-chip.css';

const STATE_ICONS: Record<ReviewState, string> = {
  abierta: ellipseOutline,
  respondida: chatbubbleEllipsesOutline,
  rechazada: arrowUndoOutline,
  vencida: alertCircle,
  aprobada: checkmarkCircle,
};

/**
 * Where a record of the review cycle stands (SPEC OV5: an observation, a control measure), shown beside its traffic
 * light: a green light alone does not mean closed.
 */
export function ReviewStateChip({ state }: { state: ReviewState }) {
  return (
    <span className={`review-state review-state--${state}`}>
      <IonIcon className="review-state__icon" icon={STATE_ICONS[state]} aria-hidden="true" />
      <span className="visually-hidden">Estado: </span>
      {REVIEW_STATE_LABELS[state]}
    </span>
  );
}

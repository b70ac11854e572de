import { REVIEW_STATE_LABELS, reviewState, type ReviewStateFields } from './review-state.ts';

/** A day before every deadline: the cycle's state without the overdue rule, which says nothing of who acted. */
const NO_DEADLINE = '';

/**
 * Why the answer an observation came from no longer takes corrections: the observation moved past Abierta in the
 * answer-approve-reject cycle (SPEC OV5), as «aprobada», «respondida» or «rechazada». An overdue observation nobody
 * acted on is still open; one that was answered at some point stays locked. Null while it can be corrected.
 */
export function correctionLock(observation: ReviewStateFields): string | null {
  const state = reviewState(observation, NO_DEADLINE);
  if (state !== 'abierta') return REVIEW_STATE_LABELS[state].toLocaleLowerCase('es');
  return observation.Respuestas.length > 0 ? REVIEW_STATE_LABELS.respondida.toLocaleLowerCase('es') : null;
}

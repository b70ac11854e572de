/**
 * Where a record of the answer-approve-reject cycle stands (SPEC OV5): an observation of an inspection, a control
 * measure of an incident. Shown beside its traffic light; in the cycle's order.
 */
export const REVIEW_STATES = ['abierta', 'respondida', 'rechazada', 'vencida', 'aprobada'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Both records of the cycle are feminine in Spanish (la observación, la medida de control). */
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  abierta: 'Abierta',
  respondida: 'Respondida',
  rechazada: 'Rechazada',
  vencida: 'Vencida',
  aprobada: 'Aprobada',
};

export type ReviewStepKind = 'respuesta' | 'aprobacion' | 'rechazo';

/** What the state is read from: the cycle's flags, the deadline and the steps taken. */
export interface ReviewStateFields {
  /** 0 deleted; any other value is a live record. */
  Estado: number;
  Aprobada: 0 | 1;
  Respondida: 0 | 1;
  /** YYYY-MM-DD, or null when the record has no deadline. */
  Plazo: string | null;
  Respuestas: readonly { Tipo: ReviewStepKind }[];
}

/** Active, not approved, and its `Plazo` (YYYY-MM-DD) is before `today` in America/Santiago (SPEC OV1). */
export function isOverdue(record: Pick<ReviewStateFields, 'Estado' | 'Aprobada' | 'Plazo'>, today: string): boolean {
  return record.Estado === 1 && record.Aprobada === 0 && record.Plazo !== null && record.Plazo < today;
}

/**
 * SPEC OV5, first that holds: aprobada, vencida, respondida (an answer waits for review), rechazada (the last step
 * is a rejection), abierta. `today` is the Chile date (`toWireDate`), the same day the overdue rule compares with.
 */
export function reviewState(record: ReviewStateFields, today: string): ReviewState {
  if (record.Aprobada === 1) return 'aprobada';
  if (isOverdue(record, today)) return 'vencida';
  if (record.Respondida === 1) return 'respondida';
  if (record.Respuestas.at(-1)?.Tipo === 'rechazo') return 'rechazada';
  return 'abierta';
}

/**
 * A live record whose answer waits for someone to approve or reject it: OV5's Respondida, the state the lists'
 * Estado filter calls so. What a reviewer's inbox counts (observations, control measures).
 */
export function awaitsReview(record: ReviewStateFields, today: string): boolean {
  return record.Estado === 1 && reviewState(record, today) === 'respondida';
}

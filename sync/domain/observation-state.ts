import type { Observacion, RespuestaObservacion } from '../schemas/observaciones.schema.ts';

/** Where an observation stands in its cycle (SPEC OV5), shown beside its traffic light; in the cycle's order. */
export const OBSERVATION_STATES = ['abierta', 'respondida', 'rechazada', 'vencida', 'aprobada'] as const;
export type ObservationState = (typeof OBSERVATION_STATES)[number];

export const OBSERVATION_STATE_LABELS: Record<ObservationState, string> = {
  abierta: 'Abierta',
  respondida: 'Respondida',
  rechazada: 'Rechazada',
  vencida: 'Vencida',
  aprobada: 'Aprobada',
};

/** What the state is read from: the cycle's flags, the deadline and the steps taken. */
export type ObservationStateFields = Pick<Observacion, 'Estado' | 'Aprobada' | 'Respondida' | 'Plazo'> & { Respuestas: readonly Pick<RespuestaObservacion, 'Tipo'>[] };

/** Active, not approved, and its `Plazo` (YYYY-MM-DD) is before `today` in America/Santiago (SPEC OV1). */
export function isOverdue(observation: Pick<Observacion, 'Estado' | 'Aprobada' | 'Plazo'>, today: string): boolean {
  return observation.Estado === 1 && observation.Aprobada === 0 && observation.Plazo !== null && observation.Plazo < today;
}

/**
 * SPEC OV5, first that holds: aprobada, vencida, respondida (an answer waits for review), rechazada (the last step
 * is a rejection), abierta. `today` is the Chile date (`toWireDate`), the same day the overdue rule compares with.
 */
export function observationState(observation: ObservationStateFields, today: string): ObservationState {
  if (observation.Aprobada === 1) return 'aprobada';
  if (isOverdue(observation, today)) return 'vencida';
  if (observation.Respondida === 1) return 'respondida';
  if (observation.Respuestas.at(-1)?.Tipo === 'rechazo') return 'rechazada';
  return 'abierta';
}

import { isOverdue } from './review-state.ts';

/** Spec part 1 section 9: answers, observation traffic light and severity each map to three colours. */
export type LightColour = 'verde' | 'amarillo' | 'rojo' | 'neutro';

/** Statement answers: 1 Cumple, 2 No cumple, any other No aplica (3 is what the app sends). */
export const ANSWERS = { cumple: 1, noCumple: 2, noAplica: 3 } as const;
export type Answer = (typeof ANSWERS)[keyof typeof ANSWERS];
export const ANSWER_LABELS: Record<Answer, string> = { 1: 'Cumple', 2: 'No cumple', 3: 'No aplica' };

export function answerColour(answer: number | null | undefined): LightColour {
  return answer === 1 ? 'verde' : answer === 2 ? 'rojo' : 'neutro';
}

export const SEMAFOROS = [1, 2, 3] as const;
export type Semaforo = (typeof SEMAFOROS)[number];
export const SEMAFORO_LABELS: Record<Semaforo, string> = { 1: 'Verde', 2: 'Amarillo', 3: 'Rojo' };

export function semaforoColour(semaforo: number | null | undefined): LightColour {
  return semaforo === 1 ? 'verde' : semaforo === 2 ? 'amarillo' : 'rojo';
}

export const SEVERITIES = ['Baja', 'Media', 'Alta'] as const;
export type Severidad = (typeof SEVERITIES)[number];

export function severityColour(severity: string | null | undefined): LightColour {
  return severity === 'Baja' ? 'verde' : severity === 'Alta' ? 'rojo' : 'amarillo';
}

/** Hex colours for screens and reports, so the PDF and the tablet show the same lights. */
export const LIGHT_HEX: Record<LightColour, string> = { verde: '#2e9e44', amarillo: '#f2b705', rojo: '#d93025', neutro: '#8a8f98' };

/** What the traffic-light rule reads of a record of the review cycle (an observation, a control measure). */
export interface ReviewLightState {
  Estado: number;
  Aprobada: 0 | 1;
  Plazo: string | null;
}

/**
 * The server's overdue rule (SPEC OV1), for any record of the review cycle: an active one that is not approved and
 * whose Plazo (YYYY-MM-DD) is before today in America/Santiago is red (3). Approved ones are green (1). Anything
 * else keeps its stored light.
 */
export function lightOnDay(record: ReviewLightState, stored: Semaforo, today: string): Semaforo {
  if (record.Aprobada === 1) return 1;
  if (isOverdue(record, today)) return 3;
  return stored;
}

/** The state of an observation that the traffic-light rule reads. */
export interface ObservationLightState extends ReviewLightState {
  SemaforoObs: Semaforo;
}

/** SPEC OV1 for an observation, whose light is `SemaforoObs`. */
export function semaforoOnDay(observation: ObservationLightState, today: string): Semaforo {
  return lightOnDay(observation, observation.SemaforoObs, today);
}

/** A rejected observation re-opens with its new Plazo as yellow (SPEC OV2), unless that date already passed. */
export function semaforoAfterRejection(newPlazo: string, today: string): Semaforo {
  return newPlazo < today ? 3 : 2;
}

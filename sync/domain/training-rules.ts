import { GRADE_MESSAGES, isGrade, passes } from './grades.ts';
import { expiryDate, VALIDITY_LABELS, validityState, type ValidityState } from './validity.ts';

/**
 * SPEC TR3: what a session must hold to be realised, ONE function for the device (before it marks it, beside each
 * person) and the server (which refuses with the first message). Attended means signed; an evaluated training
 * grades every attendee and only them; at least one presenter signs.
 */
export const REALISATION_MESSAGES = {
  attendeesRequired: 'Registra al menos un asistente con su firma para marcar la capacitación como realizada',
  signatureRequired: 'Cada asistente debe firmar su asistencia',
  gradeRequired: 'Cada asistente de una capacitación evaluada necesita su nota',
  gradeInvalid: GRADE_MESSAGES.invalid,
  gradeNotEvaluated: 'Esta capacitación no se evalúa: sus asistentes no llevan nota',
  gradeWithoutAttendance: 'Solo los asistentes llevan nota',
  presenterSignatureRequired: 'El relator debe firmar para marcar la capacitación como realizada',
} as const;

export interface RealisationCandidate {
  Evaluada: 0 | 1;
  Participantes: readonly { Id: string; Asistio: 0 | 1; Nota: number | null; Firma: unknown; Estado: 0 | 1 }[];
  Relatores: readonly { Id: string; Firma: unknown; Estado: 0 | 1 }[];
}

export interface RealisationProblem {
  /** The participant or presenter the problem is about; null for the session as a whole. */
  id: string | null;
  message: string;
}

export function realisationProblems(session: RealisationCandidate): RealisationProblem[] {
  const problems: RealisationProblem[] = [];
  const active = session.Participantes.filter((participant) => participant.Estado === 1);
  for (const participant of active) {
    const problem = participantProblem(session.Evaluada, participant);
    if (problem) problems.push({ id: participant.Id, message: problem });
  }
  if (!active.some((participant) => participant.Asistio === 1))
    problems.unshift({ id: null, message: REALISATION_MESSAGES.attendeesRequired });
  if (!session.Relatores.some((relator) => relator.Estado === 1 && relator.Firma))
    problems.push({ id: null, message: REALISATION_MESSAGES.presenterSignatureRequired });
  return problems;
}

function participantProblem(evaluated: 0 | 1, participant: RealisationCandidate['Participantes'][number]): string | null {
  if (participant.Asistio === 1 && !participant.Firma) return REALISATION_MESSAGES.signatureRequired;
  if (participant.Nota !== null && !isGrade(participant.Nota)) return REALISATION_MESSAGES.gradeInvalid;
  if (evaluated === 0) return participant.Nota === null ? null : REALISATION_MESSAGES.gradeNotEvaluated;
  if (participant.Asistio === 0) return participant.Nota === null ? null : REALISATION_MESSAGES.gradeWithoutAttendance;
  return participant.Nota === null ? REALISATION_MESSAGES.gradeRequired : null;
}

/**
 * SPEC TR4: the expiry of an attendance, fixed when the session is realised: the realisation date plus the type's
 * vigencia in months, clamped to the month's last day; null when indefinite (0 months), when the person did not
 * attend, or failed an evaluated training (no validity to hold).
 */
export function attendanceExpiry(
  realisedOn: string,
  months: number,
  attendance: { Asistio: 0 | 1; Nota: number | null },
  evaluated: 0 | 1,
): string | null {
  if (!gainsValidity(attendance, evaluated)) return null;
  return expiryDate(realisedOn, months);
}

function gainsValidity(attendance: { Asistio: 0 | 1; Nota: number | null }, evaluated: 0 | 1): boolean {
  return attendance.Asistio === 1 && (evaluated === 0 || (attendance.Nota !== null && passes(attendance.Nota)));
}

export type TrainingState = ValidityState | 'reprobada';

export const TRAINING_STATE_LABELS: Record<TrainingState, string> = { ...VALIDITY_LABELS, reprobada: 'Reprobada' };

/** A worker's training on `today`: vigente, por vencer (30 days), vencida, or reprobada (evaluated, below 4,0). */
export function trainingState(
  attendance: { Asistio: 0 | 1; Nota: number | null; FechaVencimiento: string | null },
  evaluated: 0 | 1,
  today: string,
): TrainingState {
  if (!gainsValidity(attendance, evaluated)) return 'reprobada';
  return validityState(attendance.FechaVencimiento, today);
}

import type { FileRef } from '#sync/records/record-fields.ts';
import type { ReviewStepRow } from '#sync/records/review-step.ts';
import type { AppDb } from '#app/db/app-db.ts';
import type { LocalFile } from './local-write.ts';

/**
 * The answer-approve-reject cycle on the device (SPEC OV2), for every record that has it (an observation, a control
 * measure): each step as the device shows it until the server's row arrives with the next pull and replaces it.
 */

/** Who takes a step, as the history shows it. */
export interface CycleUser {
  IdUsuario: number;
  Usuario: string;
}

/** What a record of the cycle carries on the device. */
export interface ReviewableRow {
  Respondida: 0 | 1;
  Aprobada: 0 | 1;
  Respuestas: ReviewStepRow[];
  Version: number;
}

export const MISSING_PHOTO = 'Una foto ya no está en este dispositivo: quítala y agrégala de nuevo';

/** One step as the history shows it: the body the device sends, its author and its time. */
export function stepOf(Tipo: ReviewStepRow['Tipo'], body: { IdRespuesta: string; Texto?: string; Archivos?: FileRef[]; Plazo?: string }, user: CycleUser, now: Date): ReviewStepRow {
  return {
    IdRespuesta: body.IdRespuesta,
    Tipo,
    Texto: body.Texto ?? '',
    Archivos: body.Archivos ?? [],
    IdUsuario: user.IdUsuario,
    Usuario: user.Usuario,
    Fecha: now.toISOString(),
    Plazo: body.Plazo ?? null,
  };
}

/** The record after a step: the step appended, what the step sets (its flags, light, deadline), the next Version. */
export function withStep<Row extends ReviewableRow>(current: Row, step: ReviewStepRow, state: Partial<Row>): Row {
  return { ...current, ...state, Respuestas: [...current.Respuestas, step], Version: current.Version + 1 };
}

/** An answer: the step appended and Respondida 1. */
export function answeredRow<Row extends ReviewableRow>(current: Row, step: ReviewStepRow): Row {
  return withStep(current, step, { Respondida: 1 } as Partial<Row>);
}

/** A review (approval or rejection): Respondida back to 0, plus what the decision sets. */
export function reviewedRow<Row extends ReviewableRow>(current: Row, step: ReviewStepRow, state: Partial<Row>): Row {
  return withStep(current, step, { Respondida: 0, ...state } as Partial<Row>);
}

/** The bytes of photos taken on this device, for the outbox to upload before the write (SPEC FL1, FL3). */
export async function photoFiles(db: AppDb, refs: readonly FileRef[]): Promise<LocalFile[]> {
  const files = await db.archivosDispositivo.bulkGet(refs.map((ref) => ref.Sha256));
  return files.map((file) => {
    if (!file) throw new Error(MISSING_PHOTO);
    return { sha256: file.sha256, type: file.type, bytes: file.bytes };
  });
}

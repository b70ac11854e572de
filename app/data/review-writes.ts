import type { FileRef } from '#sync/records/record-fields.ts';
import type { ReviewStepRow } from '#sync/records/review-step.ts';
import type { ReviewWorkflow, StepBody } from '#sync/records/review-workflow.ts';
import type { Transition } from '#sync/records/workflow.ts';
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

/**
 * The record after a step of its workflow, as the device shows it: the description's own `apply` (the server stores
 * the same) and the next Version.
 */
export function steppedRow<Row extends ReviewableRow>(
  workflow: ReviewWorkflow,
  name: 'responder' | 'aprobar' | 'rechazar',
  current: Row,
  body: StepBody,
  user: CycleUser,
  now: Date,
  today?: string,
): Row {
  const step = workflow.transitions[name] as unknown as Transition<Row, StepBody>;
  const who = { user: user.IdUsuario, userName: user.Usuario, now, today };
  return { ...step.apply(current, body, who), Version: current.Version + 1 };
}

/** The bytes of photos taken on this device, for the outbox to upload before the write (SPEC FL1, FL3). */
export async function photoFiles(db: AppDb, refs: readonly FileRef[]): Promise<LocalFile[]> {
  const files = await db.archivosDispositivo.bulkGet(refs.map((ref) => ref.Sha256));
  return files.map((file) => {
    if (!file) throw new Error(MISSING_PHOTO);
    return { sha256: file.sha256, type: file.type, bytes: file.bytes };
  });
}

import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { BaseVersionSchema, FileRefSchema, RecordIdSchema } from './record-fields.ts';

/**
 * The answer-approve-reject cycle as it travels (SPEC OV2): its steps and the bodies of its three calls, shared by
 * every record that has the cycle (an observation of an inspection, a control measure of an incident).
 */
export const REVIEW_MESSAGES = {
  responseText: 'El texto de la respuesta es requerido',
  newDeadlineRequired: 'El nuevo plazo es requerido',
  newDeadlineTooEarly: 'El nuevo plazo no puede ser anterior a hoy',
} as const;

export const REVIEW_STEP_KINDS = ['respuesta', 'aprobacion', 'rechazo'] as const;

/** One step: an answer of the responsible person, an approval or a rejection (with its new deadline). */
export const ReviewStepSchema = v.object({
  IdRespuesta: v.string(),
  Tipo: v.picklist(REVIEW_STEP_KINDS),
  Texto: v.string(),
  Archivos: v.array(FileRefSchema),
  IdUsuario: v.number(),
  Usuario: v.string(),
  Fecha: v.string(),
  /** The new deadline a rejection set. */
  Plazo: v.nullable(v.string()),
});
export type ReviewStepRow = v.InferOutput<typeof ReviewStepSchema>;

const StepText = (max: number) =>
  v.pipe(v.string(REVIEW_MESSAGES.responseText), v.trim(), v.nonEmpty(REVIEW_MESSAGES.responseText), v.maxLength(max));
const StepFiles = v.optional(v.pipe(v.array(FileRefSchema), v.maxLength(20)), []);

/** The responsible person's answer, with its files (Respondida 1). */
export const RespondBodyEntries = {
  IdRespuesta: RecordIdSchema,
  Texto: StepText(2000),
  Archivos: StepFiles,
};

/** An approval; `Version` is what the reviewer saw (a stale one is a conflict, CF4). */
export const ApproveBodyEntries = {
  IdRespuesta: RecordIdSchema,
  Texto: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000)), ''),
  Version: v.optional(BaseVersionSchema),
};

/** A rejection: the reason and the new deadline (not before today: the server checks it against its own day). */
export const RejectBodyEntries = {
  IdRespuesta: RecordIdSchema,
  Texto: StepText(2000),
  Plazo: v.pipe(v.string(REVIEW_MESSAGES.newDeadlineRequired), v.trim(), v.check(isWireDate, REVIEW_MESSAGES.newDeadlineRequired)),
  Archivos: StepFiles,
  Version: v.optional(BaseVersionSchema),
};

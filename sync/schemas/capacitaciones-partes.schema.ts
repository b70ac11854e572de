import * as v from 'valibot';
import { GRADE_MESSAGES, isGrade } from '../domain/grades.ts';
import { FileRefSchema, OptionalRutSchema, RecordIdSchema } from '../records/record-fields.ts';

/**
 * Who takes part in a session (spec "Training session created": participants by position or person, presenters by
 * position or user). Each is a child row with its own Id (spec: "Detail rows have an Id"), append-only (SPEC CF5):
 * sending a known Id changes only the fields it carries; Estado 0 takes it out. The participant's Id is the
 * attendance row a certificate names (`/pdf/capacitacion/{empresa}/{id}`).
 */
export const PARTES_MESSAGES = {
  participantRequired: 'Indica el trabajador del participante',
  participantInvalid: 'Un participante indicado no es un trabajador activo',
  participantRepeated: 'El trabajador ya es participante de la capacitación',
  participantNotFound: 'Participante no encontrado',
  presenterRequired: 'Indica el usuario, el cargo, el trabajador o el nombre del relator',
  presenterInvalid: 'El relator indicado no existe',
  presenterNotFound: 'Relator no encontrado',
  signedAtInvalid: 'La hora de la firma no es válida',
} as const;

const StateSchema = v.picklist([0, 1]);
const InstantSchema = v.pipe(v.string(PARTES_MESSAGES.signedAtInvalid), v.isoTimestamp(PARTES_MESSAGES.signedAtInvalid));
export const GradeSchema = v.pipe(v.number(GRADE_MESSAGES.invalid), v.check(isGrade, GRADE_MESSAGES.invalid));

/** A participant as stored and pulled: the worker's RUT, name, contractor and levels are copied when added. */
export const ParticipanteSchema = v.object({
  Id: RecordIdSchema,
  IdPersona: v.string(),
  /**
   * The position the worker attends as: the one that brought them in (participants by cargo), or their first
   * position when added by person; null when they hold none. Reports add hours by it.
   */
  IdCargo: v.nullable(v.string()),
  RunPersona: v.string(),
  Nombre: v.string(),
  RutContratista: v.nullable(v.string()),
  IdNivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
  /** 1 once the worker signed the attendance. */
  Asistio: StateSchema,
  /** 1,0 to 7,0 when the training is evaluated; null otherwise. */
  Nota: v.nullable(v.number()),
  Firma: v.nullable(FileRefSchema),
  FirmadoEn: v.nullable(v.string()),
  /** Fixed when the session is realised: the realisation date plus the type's vigencia (null: indefinite or none). */
  FechaVencimiento: v.nullable(v.string()),
  Estado: StateSchema,
});
export type Participante = v.InferOutput<typeof ParticipanteSchema>;

export const ParticipanteBodySchema = v.object({
  Id: RecordIdSchema,
  IdPersona: v.optional(RecordIdSchema),
  IdCargo: v.optional(v.nullable(RecordIdSchema)),
  Asistio: v.optional(StateSchema),
  Nota: v.optional(v.nullable(GradeSchema)),
  Firma: v.optional(v.nullable(FileRefSchema)),
  FirmadoEn: v.optional(v.nullable(InstantSchema)),
  Estado: v.optional(StateSchema),
});
export type ParticipanteBody = v.InferOutput<typeof ParticipanteBodySchema>;

/**
 * A presenter (relator): a user of the company, a position, or a person who signs at the worksite (a worker
 * without an account, or someone from outside, named and with RUT).
 */
export const RelatorSchema = v.object({
  Id: RecordIdSchema,
  IdUsuario: v.nullable(v.number()),
  IdCargo: v.nullable(v.string()),
  IdPersona: v.nullable(v.string()),
  Nombre: v.string(),
  Rut: v.string(),
  Firma: v.nullable(FileRefSchema),
  FirmadoEn: v.nullable(v.string()),
  Estado: StateSchema,
});
export type Relator = v.InferOutput<typeof RelatorSchema>;

export const RelatorBodySchema = v.object({
  Id: RecordIdSchema,
  IdUsuario: v.optional(v.nullable(v.pipe(v.number(PARTES_MESSAGES.presenterInvalid), v.integer(PARTES_MESSAGES.presenterInvalid)))),
  IdCargo: v.optional(v.nullable(RecordIdSchema)),
  IdPersona: v.optional(v.nullable(RecordIdSchema)),
  Nombre: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150))),
  Rut: v.optional(OptionalRutSchema),
  Firma: v.optional(v.nullable(FileRefSchema)),
  FirmadoEn: v.optional(v.nullable(InstantSchema)),
  Estado: v.optional(StateSchema),
});
export type RelatorBody = v.InferOutput<typeof RelatorBodySchema>;

/** Spec GET /TipoRelator: how a presenter is named. */
export const TIPOS_RELATOR = [
  { IdTipoRelator: 1, Nombre: 'Usuario' },
  { IdTipoRelator: 2, Nombre: 'Cargo' },
  { IdTipoRelator: 3, Nombre: 'Trabajador' },
  { IdTipoRelator: 4, Nombre: 'Externo' },
] as const;


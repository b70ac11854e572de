import * as v from 'valibot';
import {
  INSPECCIONES_MESSAGES,
  InspeccionSchema,
  ObservacionNuevaSchema,
  OptionalText,
  RespuestaEnunciadoSchema,
  TextSchema,
} from './inspecciones.schema.ts';
import { ObservacionSchema } from './observaciones.schema.ts';

/**
 * Correcting a finished inspection (spec: PUT observaciones-inspecciones/{IdEvaluacion}): an office user with the
 * edit permission fixes answers, header fields and the general observation. Only what the body names changes; the
 * grade is computed again by the shared rule (computeCompliance) and the previous values stay in its history.
 */
export const CORRECCION_MESSAGES = {
  corrected: 'Inspección corregida correctamente',
  unchanged: 'La corrección no cambia nada de la inspección',
  versionRequired: 'La versión de la inspección es requerida',
  newObservationNotChecklist: 'Solo se agregan observaciones de enunciados que no cumplen',
  answerLocked: (enunciado: string, reason: string) => `La respuesta de "${enunciado}" no se puede corregir: su observación ya fue ${reason}`,
  generalLocked: (reason: string) => `La observación general no se puede corregir: ya fue ${reason}`,
} as const;

export const CORRECCION_LOCKED_CODE = 'OBSERVACION_AVANZADA';

export const InspeccionCorreccionBodySchema = v.object({
  /** The inspection's Version the correction was made on: another one is a conflict (SPEC CF4). */
  Version: v.pipe(
    v.number(CORRECCION_MESSAGES.versionRequired),
    v.integer(CORRECCION_MESSAGES.versionRequired),
    v.minValue(1, CORRECCION_MESSAGES.versionRequired),
  ),
  Lugar: v.optional(TextSchema(INSPECCIONES_MESSAGES.placeRequired, 200)),
  Supervisor: v.optional(TextSchema(INSPECCIONES_MESSAGES.supervisorRequired, 150)),
  EquipoTrabajo: v.optional(OptionalText(150)),
  /** Template header fields to change, by IdCampo; the others keep their value. */
  Encabezado: v.optional(v.record(v.string(), v.pipe(v.string(), v.trim(), v.maxLength(300)))),
  /** Statements whose answer changes (Respuesta and sub-answers); the others keep theirs. */
  Respuestas: v.optional(v.array(RespuestaEnunciadoSchema)),
  /** New Checklist observations for statements corrected to 2 (No cumple), which need one (SPEC IN9). */
  Observaciones: v.optional(v.array(ObservacionNuevaSchema)),
  /** The text of the general observation (created when the inspection has none). */
  ObservacionGeneral: v.optional(TextSchema(INSPECCIONES_MESSAGES.observationText, 2000)),
});
export type InspeccionCorreccionBody = v.InferOutput<typeof InspeccionCorreccionBodySchema>;

/** One changed place: a header field, a statement or the general observation, with its values as printed. */
export const CambioCorreccionSchema = v.object({
  Tipo: v.picklist(['encabezado', 'enunciado', 'observacion']),
  /** The field's name, the IdCampo, the IdEnunciado or the IdObservacion. */
  Clave: v.string(),
  /** How it reads: "Lugar", the field's label, the statement's text, "Observación general". */
  Campo: v.string(),
  Antes: v.string(),
  Despues: v.string(),
});
export type CambioCorreccion = v.InferOutput<typeof CambioCorreccionSchema>;

/** A correction in the inspection's history: who, when, the Version it left and what changed. */
export const CorreccionSchema = v.object({
  Version: v.number(),
  Fecha: v.string(),
  IdUsuario: v.number(),
  Usuario: v.string(),
  Cambios: v.array(CambioCorreccionSchema),
});
export type Correccion = v.InferOutput<typeof CorreccionSchema>;

/** PUT observaciones-inspecciones/{IdEvaluacion}: the corrected inspection, its active observations and the correction. */
export const InspeccionCorregidaAnswer = v.object({
  statusCode: v.literal(200),
  message: v.string(),
  data: InspeccionSchema,
  observaciones: v.array(ObservacionSchema),
  correccion: v.nullable(CorreccionSchema),
});

import * as v from 'valibot';
import { FileRefSchema, RecordIdSchema } from '../records/record-fields.ts';
import { PARTES_MESSAGES } from './capacitaciones-partes.schema.ts';
import { PROGRAMA_MESSAGES, TIPOS_EVIDENCIA, WireDate } from './capacitaciones-programa.schema.ts';

/**
 * The spec's one-per-call changes of a session (creadas/cargos, creadas/participantes, detalles/newUsuarios,
 * guiasEvidencias, ...). The app sends a session and its lists as one write; these serve other clients and keep
 * the spec's contract.
 */

export const SesionCargoBodySchema = v.object({ IdCapacitacion: RecordIdSchema, IdCargo: RecordIdSchema });
export const SesionPersonaBodySchema = v.object({ IdCapacitacion: RecordIdSchema, IdPersona: RecordIdSchema });

/** A presenter by person: a user of the company (IdUsuario, a number) or a worker (IdPersona, a UUID). */
export const SesionRelatorBodySchema = v.object({
  IdCapacitacion: RecordIdSchema,
  IdPersona: v.union(
    [
      v.pipe(v.number(), v.integer(), v.minValue(1)),
      v.pipe(v.string(), v.trim(), v.regex(/^\d{1,12}$/), v.transform(Number)),
      RecordIdSchema,
    ],
    PARTES_MESSAGES.presenterInvalid,
  ),
});

/** POST /guiasEvidencias: a file already uploaded (content-addressed) and its name. */
export const GuiaEvidenciaBodySchema = v.object({
  IdCapacitacion: RecordIdSchema,
  /** A file name or the spec's path; the stored path is rebuilt from its last part (section 5). */
  Evidencia: v.pipe(
    v.string(PROGRAMA_MESSAGES.evidenceNameRequired),
    v.trim(),
    v.nonEmpty(PROGRAMA_MESSAGES.evidenceNameRequired),
    v.maxLength(300),
  ),
  TipoEvidencia: v.optional(v.picklist(TIPOS_EVIDENCIA, PROGRAMA_MESSAGES.evidenceTypeInvalid), 'Guía'),
  fecha: v.optional(WireDate(PROGRAMA_MESSAGES.dateInvalid)),
  Archivo: FileRefSchema,
});

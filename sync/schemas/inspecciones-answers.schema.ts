import * as v from 'valibot';
import { FileRefSchema } from '../records/record-fields.ts';
import { dataAnswer } from './answers.schema.ts';
import { RangoSchema } from './formularios.schema.ts';
import { CorreccionSchema } from './inspecciones-correccion.schema.ts';
import { InspeccionSchema, SemaforoSchema } from './inspecciones.schema.ts';
import { ObservacionSchema } from './observaciones.schema.ts';
import { TrabajadorSchema } from './trabajadores.schema.ts';

/**
 * What the inspections' calls answer beyond the kit's record answers (SPEC IN2, OV2, OV3): the saved inspection with
 * its observations, its detail, the reviews with their inspection's lights, and the form's lists. The handlers are
 * typed with them and /api/openapi.json documents them from the same schemas.
 */

/** POST observaciones-inspecciones: the inspection saved and the observations it raised. */
export const InspeccionSavedAnswer = v.object({
  statusCode: v.literal(200),
  message: v.string(),
  data: InspeccionSchema,
  observaciones: v.array(ObservacionSchema),
});

/** GET observaciones-inspecciones/{id}: the inspection, its observations by kind, its signatures and signed addresses. */
export const InspeccionDetailAnswer = v.object({
  statusCode: v.literal(200),
  data: InspeccionSchema,
  observaciones: v.array(ObservacionSchema),
  obsgenerales: v.array(ObservacionSchema),
  brechas: v.array(ObservacionSchema),
  lista_firmas: InspeccionSchema.entries.Firmas,
  Urls: v.record(v.string(), v.string()),
  /** The corrections made after it was finished, oldest first: who, when and what changed (before and after). */
  correcciones: v.array(CorreccionSchema),
});

/** The lights of an inspection's observations after a review. */
const LightsSchema = v.array(v.object({ IdObservacion: v.string(), SemaforoObs: SemaforoSchema }));

/** POST {IdObservacion}/aprobar: the observation approved and its inspection's lights. */
export const ObservacionApprovedAnswer = v.object({
  statusCode: v.literal(200),
  message: v.string(),
  data: ObservacionSchema,
  semaforos: LightsSchema,
});

/** POST {IdObservacion}/desaprobar: as approving, plus the rejection's id and its files with signed addresses. */
export const ObservacionRejectedAnswer = v.object({
  ...ObservacionApprovedAnswer.entries,
  idR: v.string(),
  respuestaArchivos: v.array(v.object({ ...FileRefSchema.entries, Url: v.string() })),
});

/** GET Rangos/{IdFormulario}: the grading scale of the form's current version. */
export const RangosAnswer = dataAnswer(v.array(RangoSchema));

/** GET lista_trabajadores/{company}: the workers who may be observed. */
export const InspectionWorkersAnswer = dataAnswer(
  v.array(v.pick(TrabajadorSchema, ['IdPersona', 'RunPersona', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno', 'IdNivel2', 'IdNivel3', 'RutContratista'])),
);

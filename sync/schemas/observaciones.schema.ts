import * as v from 'valibot';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { FileRefSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { ApproveBodyEntries, RejectBodyEntries, RespondBodyEntries, ReviewStepSchema } from '../records/review-step.ts';
import { INSPECCIONES_MESSAGES, SemaforoSchema, SeveridadSchema, TIPOS_OBSERVACION } from './inspecciones.schema.ts';

/**
 * Observations of the inspecciones module: written with their inspection (SPEC IN2), then followed through their
 * cycle (OV2): answer, approve, reject.
 */

/** One step of an observation's cycle: an answer of the responsible person, an approval or a rejection. */
export const RespuestaObservacionSchema = ReviewStepSchema;
export type RespuestaObservacion = v.InferOutput<typeof RespuestaObservacionSchema>;

/**
 * An observation as lists and devices see it (change-log table `observaciones`). `Enunciado` is the statement's
 * text, copied so lists and reports need not load the template. Spec 4.4: `Respondida` is 1 once the responsible
 * person answered, back to 0 on approval or rejection; `Aprobada` 1 once approved (closed). Fecha, levels,
 * contractor and client are copied from the inspection: they decide who may see the observation.
 */
export const ObservacionSchema = v.object({
  IdObservacion: RecordIdSchema,
  ...RecordMetaEntries,
  IdEvaluacion: v.string(),
  IdFormulario: v.string(),
  TipoObs: v.picklist(TIPOS_OBSERVACION),
  IdEnunciado: v.nullable(v.string()),
  Enunciado: v.nullable(v.string()),
  Observacion: v.string(),
  Responsable: v.string(),
  IdResponsable: v.nullable(v.number()),
  Plazo: v.nullable(v.string()),
  SemaforoObs: SemaforoSchema,
  Severidad: v.nullable(SeveridadSchema),
  Respondida: v.picklist([0, 1]),
  Aprobada: v.picklist([0, 1]),
  EmisorObs: v.string(),
  Archivos: v.array(FileRefSchema),
  Respuestas: v.array(RespuestaObservacionSchema),
  Fecha: v.string(),
  IdNivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
  RutContratista: v.nullable(v.string()),
  IdCliente: v.nullable(v.string()),
  CreadoEn: v.string(),
});
export type Observacion = v.InferOutput<typeof ObservacionSchema>;

/** POST /observaciones-inspecciones/{IdObservacion}: the responsible person's answer (Respondida 1). */
export const RespuestaCreateBodySchema = v.object(RespondBodyEntries);
export type RespuestaCreateBody = v.InferOutput<typeof RespuestaCreateBodySchema>;

/** POST /observaciones-inspecciones/{IdObservacion}/aprobar. */
export const AprobarBodySchema = v.object(ApproveBodyEntries);
export type AprobarBody = v.InferOutput<typeof AprobarBodySchema>;

/** POST /observaciones-inspecciones/{IdObservacion}/desaprobar: a reason and the new deadline. */
export const DesaprobarBodySchema = v.object(RejectBodyEntries);
export type DesaprobarBody = v.InferOutput<typeof DesaprobarBodySchema>;

const observationNoun = { one: 'observación', many: 'observaciones', feminine: true };
const CYCLE_VERBS: Record<string, string> = { aprobar: 'Aprobar', desaprobar: 'Rechazar' };

/** An observation, written with its inspection (IN2) and then through its cycle (OV2): answer, approve, reject. */
export const observacionEntity = defineEntity({
  table: 'observaciones',
  id: 'IdObservacion',
  schema: ObservacionSchema,
  fields: [],
  stateFields: ['Respondida', 'Aprobada', 'SemaforoObs', 'Plazo'],
  noun: observationNoun,
  messages: { ...recordMessages(observationNoun, { inUse: '' }), notFound: INSPECCIONES_MESSAGES.observationNotFound },
  displayName: (row) => (row.Observacion && row.Observacion.length > 60 ? `${row.Observacion.slice(0, 57)}…` : (row.Observacion ?? '')),
  // A POST on an existing observation is a step of its cycle.
  verb: (write) => (write.method === 'POST' ? (CYCLE_VERBS[write.path.split('/').at(-1) ?? ''] ?? 'Responder') : undefined),
  permission: '/observaciones',
  // An inspection's detail lists its observations.
  readBy: ['/inspecciones'],
  api: {
    base: '/api/inspecciones',
    list: '/observaciones-inspecciones/observaciones',
    detail: '/observaciones-inspecciones/observaciones/:IdObservacion',
    remove: '/observaciones-inspecciones/observaciones/:IdObservacion',
  },
  audience: 'partes',
  references: [{ field: 'IdEvaluacion', table: 'inspecciones', message: INSPECCIONES_MESSAGES.notFound, onDelete: 'keep' }],
  files: (row) => [...(row.Archivos ?? []), ...(row.Respuestas ?? []).flatMap((step) => step.Archivos)],
  // A field device holds the records of its worksites (SPEC PL13).
  worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
  pullOrder: 7,
  device: { 3: ['IdEvaluacion', 'Fecha', 'Plazo', '[SemaforoObs+Fecha]', '[TipoObs+Fecha]', 'IdResponsable'] },
});

import * as v from 'valibot';
import { isWireDate, toWireDate } from '../domain/dates.ts';
import { lightOnDay, SEMAFOROS } from '../domain/traffic-light.ts';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { FileRefSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { ApproveBodyEntries, RejectBodyEntries, RespondBodyEntries, REVIEW_MESSAGES, ReviewStepSchema } from '../records/review-step.ts';

/**
 * The control measures of an incident (stage 3, sections 10-11): written with their case, then followed through
 * the answer-approve-reject cycle (SPEC OV2, IC5) like an inspection's observations.
 */
export const MEDIDAS_MESSAGES = {
  notFound: 'Medida de control no encontrada',
  measureRequired: 'La medida de control es requerida',
  deadlineRequired: 'El plazo de la medida de control es requerido',
  responsibleRequired: 'El responsable de la medida de control es requerido',
  deadlineBeforeDate: 'El plazo no puede ser anterior a la fecha del accidente',
  elsewhere: 'La medida de control ya pertenece a otro accidente',
  responseCreated: 'Respuesta registrada correctamente',
  approved: 'Medida de control aprobada correctamente',
  rejected: 'Medida de control rechazada correctamente',
  notAnswered: 'La medida de control aún no tiene respuesta para revisar',
  alreadyClosed: 'La medida de control ya fue aprobada',
  caseClosed: 'El incidente está cerrado: ábrelo para seguir sus medidas de control',
  notResponsible: 'Solo el responsable o la empresa pueden responder esta medida de control',
  responsibleUnknown: 'El responsable indicado no es un usuario de la empresa',
  deadlineTooEarly: REVIEW_MESSAGES.newDeadlineTooEarly,
} as const;

const required = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max));

/** A measure as the form writes it (stage 3): what, by when and who. */
export const MedidaNuevaSchema = v.object({
  IdMedidaControl: RecordIdSchema,
  MedidaControl: required(MEDIDAS_MESSAGES.measureRequired, 2000),
  Plazo: v.pipe(v.string(MEDIDAS_MESSAGES.deadlineRequired), v.trim(), v.check(isWireDate, MEDIDAS_MESSAGES.deadlineRequired)),
  Responsable: required(MEDIDAS_MESSAGES.responsibleRequired, 150),
  /** The user who must answer it, when the responsible person has an account. */
  IdResponsable: v.nullish(v.pipe(v.number(), v.integer()), null),
});
export type MedidaNueva = v.InferOutput<typeof MedidaNuevaSchema>;

/** A measure as lists and devices see it (change-log table `medidas_control`). */
export const MedidaControlSchema = v.object({
  IdMedidaControl: RecordIdSchema,
  ...RecordMetaEntries,
  IdEvaluacion: v.string(),
  MedidaControl: v.string(),
  Plazo: v.nullable(v.string()),
  Responsable: v.string(),
  IdResponsable: v.nullable(v.number()),
  /** The traffic light: 1 green, 2 yellow (rejected, new deadline), 3 red (overdue, SPEC OV1). */
  Semaforo: v.picklist(SEMAFOROS),
  Respondida: v.picklist([0, 1]),
  Aprobada: v.picklist([0, 1]),
  Archivos: v.array(FileRefSchema),
  Respuestas: v.array(ReviewStepSchema),
  /** Copied from the case: they decide who may see the measure (SPEC OV4, IC6). */
  RutContratista: v.nullable(v.string()),
  IdCliente: v.nullable(v.string()),
  CreadoEn: v.string(),
});
export type MedidaControl = v.InferOutput<typeof MedidaControlSchema>;

/** What a new measure copies of its case: the case, and who may see it (SPEC OV4, IC6). */
export type MeasureCase = { IdEmpresa: string; IdEvaluacion: string; RutContratista: string | null; IdCliente: string | null };

/**
 * A measure written with its case, as the server stores it and the device shows it until the server answers: its
 * light starts green, or red when the deadline already passed on `createdAt`'s day (SPEC OV1).
 */
export function newMeasure(incident: MeasureCase, measure: MedidaNueva, createdAt: Date): MedidaControl {
  return {
    ...measure,
    IdEmpresa: incident.IdEmpresa,
    Estado: 1,
    Version: 1,
    IdEvaluacion: incident.IdEvaluacion,
    Semaforo: lightOnDay({ Estado: 1, Aprobada: 0, Plazo: measure.Plazo }, 1, toWireDate(createdAt)),
    Respondida: 0,
    Aprobada: 0,
    Archivos: [],
    Respuestas: [],
    RutContratista: incident.RutContratista,
    IdCliente: incident.IdCliente,
    CreadoEn: createdAt.toISOString(),
  };
}

/** POST /api/accidentes/registro-accidentes/{IdMedidaControl}/{company}: the responsible person's answer. */
export const MedidaRespuestaBodySchema = v.object(RespondBodyEntries);
export type MedidaRespuestaBody = v.InferOutput<typeof MedidaRespuestaBodySchema>;

/** POST aprobar/medida/control: the measure named in the body (spec). */
export const MedidaAprobarBodySchema = v.object({ IdMedidaControl: RecordIdSchema, ...ApproveBodyEntries });
export type MedidaAprobarBody = v.InferOutput<typeof MedidaAprobarBodySchema>;

/** POST desaprobar/medida/control: the reason and the new deadline. */
export const MedidaRechazarBodySchema = v.object({ IdMedidaControl: RecordIdSchema, ...RejectBodyEntries });
export type MedidaRechazarBody = v.InferOutput<typeof MedidaRechazarBodySchema>;

const noun = { one: 'medida de control', many: 'medidas de control', feminine: true };
const CYCLE_VERBS: Record<string, string> = { aprobar: 'Aprobar', desaprobar: 'Rechazar' };

export const medidaControlEntity = defineEntity({
  table: 'medidas_control',
  id: 'IdMedidaControl',
  schema: MedidaControlSchema,
  fields: [],
  stateFields: ['Respondida', 'Aprobada', 'Semaforo', 'Plazo'],
  noun,
  messages: { ...recordMessages(noun, { inUse: '' }), notFound: MEDIDAS_MESSAGES.notFound },
  displayName: (row) => (row.MedidaControl && row.MedidaControl.length > 60 ? `${row.MedidaControl.slice(0, 57)}…` : (row.MedidaControl ?? '')),
  // Every write of a measure is a POST of its cycle.
  verb: (write) => CYCLE_VERBS[write.path.split('/').at(-3) ?? ''] ?? (write.method === 'POST' ? 'Responder' : undefined),
  permission: '/incidentes',
  api: { base: '/api/accidentes', list: '/medidas-control/:company', detail: '/medidas-control/:IdMedidaControl/:company' },
  audience: 'partes',
  references: [{ field: 'IdEvaluacion', table: 'incidentes', message: MEDIDAS_MESSAGES.notFound, onDelete: 'keep' }],
  files: (row) => [...(row.Archivos ?? []), ...(row.Respuestas ?? []).flatMap((step) => step.Archivos)],
  pullOrder: 9,
  device: { 8: ['IdEvaluacion', 'IdResponsable', 'Plazo'] },
});

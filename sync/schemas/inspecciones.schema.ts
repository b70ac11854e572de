import * as v from 'valibot';
import type { ReportImage, ReportCompany } from '../records/record-fields.ts';
import { isWireDate } from '../domain/dates.ts';
import type { ReviewState } from '../domain/review-state.ts';
import { type Semaforo, SEMAFOROS, type Severidad, SEVERITIES } from '../domain/traffic-light.ts';
import { MESSAGES } from './common.schema.ts';
import { FORMULARIO_TYPES } from './formularios.schema.ts';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { REVIEW_MESSAGES } from '../records/review-step.ts';
import { FileRefSchema, OptionalRecordIdSchema, OptionalRutSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';

/** Inspections (evaluaciones), their observations and the observation cycle (spec 4.4, part 2 "Forms, inspections"). */
export const INSPECCIONES_MESSAGES = {
  created: 'Inspección guardada correctamente',
  deleted: 'Inspección eliminada correctamente',
  notFound: 'Inspección no encontrada',
  templateInvalid: 'El formulario o su versión no existe',
  dateRequired: 'La fecha es requerida',
  placeRequired: 'El lugar es requerido',
  supervisorRequired: 'El supervisor es requerido',
  observedRequired: 'Indica el trabajador o el equipo observado',
  headerFieldRequired: 'Falta un campo requerido del encabezado',
  answersIncomplete: 'Todos los enunciados deben tener respuesta para finalizar',
  answerUnknown: 'Una respuesta no corresponde a un enunciado del formulario',
  answerInvalid: 'La respuesta debe ser 1 (Cumple), 2 (No cumple) o 3 (No aplica)',
  observationMissing: 'Cada enunciado que no cumple necesita su observación',
  observationForCompliant: 'Solo los enunciados que no cumplen llevan observaciones',
  generalWithStatement: 'Las observaciones generales y las brechas no van asociadas a un enunciado',
  observationText: 'El texto de la observación es requerido',
  responsibleRequired: 'El responsable es requerido',
  deadlineRequired: 'El plazo es requerido',
  deadlineBeforeDate: 'El plazo no puede ser anterior a la fecha de la inspección',
  semaforoInvalid: 'El semáforo debe ser 1, 2 o 3',
  severityInvalid: 'La gravedad debe ser Baja, Media o Alta',
  signatureExecutor: 'La firma del ejecutor es requerida',
  signerName: 'El nombre de quien firma es requerido',
  levelInvalid: 'El nivel indicado no existe',
  workerInvalid: 'Un trabajador observado no existe',
  // Observation cycle
  observationNotFound: 'Observación no encontrada',
  observationDeleted: 'Observación eliminada correctamente',
  responseCreated: 'Respuesta registrada correctamente',
  responseText: REVIEW_MESSAGES.responseText,
  approved: 'Observación aprobada correctamente',
  rejected: 'Observación rechazada correctamente',
  notAnswered: 'La observación aún no tiene respuesta para revisar',
  alreadyClosed: 'La observación ya fue aprobada',
  newDeadlineRequired: REVIEW_MESSAGES.newDeadlineRequired,
  newDeadlineTooEarly: REVIEW_MESSAGES.newDeadlineTooEarly,
  notResponsible: 'Solo el responsable o la empresa pueden responder esta observación',
} as const;

export const WireDateSchema = (message: string) => v.pipe(v.string(message), v.trim(), v.check(isWireDate, message));
export const TextSchema = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max));
export const OptionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');
const InstantSchema = v.pipe(v.string(), v.isoTimestamp(MESSAGES.dateFormat));

export const TIPOS_OBSERVACION = ['Checklist', 'General', 'Brechas'] as const;
export type TipoObs = (typeof TIPOS_OBSERVACION)[number];

const AnswerSchema = v.picklist([1, 2, 3], INSPECCIONES_MESSAGES.answerInvalid);
export const SemaforoSchema = v.picklist(SEMAFOROS, INSPECCIONES_MESSAGES.semaforoInvalid);
export const SeveridadSchema = v.picklist(SEVERITIES, INSPECCIONES_MESSAGES.severityInvalid);
export const FilesSchema = v.pipe(v.array(FileRefSchema), v.maxLength(20));

export const RespuestaEnunciadoSchema = v.object({
  IdEnunciado: v.pipe(v.string(), v.trim(), v.nonEmpty(INSPECCIONES_MESSAGES.answerUnknown)),
  Respuesta: AnswerSchema,
  /** Written answers to the statement's sub-questions, by IdSubpregunta. */
  Subrespuestas: v.optional(v.record(v.string(), v.pipe(v.string(), v.trim(), v.maxLength(300))), {}),
});
export type RespuestaEnunciado = v.InferOutput<typeof RespuestaEnunciadoSchema>;

/**
 * An observation raised while filling. Checklist ones belong to a statement answered 2 and need a responsible
 * person and a deadline; General and Brechas belong to the whole inspection.
 */
export const ObservacionNuevaSchema = v.object({
  IdObservacion: RecordIdSchema,
  TipoObs: v.picklist(TIPOS_OBSERVACION),
  IdEnunciado: v.nullish(v.string(), null),
  Observacion: TextSchema(INSPECCIONES_MESSAGES.observationText, 2000),
  Responsable: OptionalText(150),
  /** The user who must answer it, when the responsible person has an account. */
  IdResponsable: v.nullish(v.pipe(v.number(), v.integer()), null),
  Plazo: v.nullish(WireDateSchema(INSPECCIONES_MESSAGES.deadlineRequired), null),
  SemaforoObs: v.optional(SemaforoSchema, 1),
  Severidad: v.nullish(SeveridadSchema, null),
  Archivos: v.optional(FilesSchema, []),
});
export type ObservacionNueva = v.InferOutput<typeof ObservacionNuevaSchema>;

export const FirmaSchema = v.object({
  IdFirma: RecordIdSchema,
  /** Ejecutor: who carried out the inspection; Firmante: each other person who must sign. */
  Rol: v.picklist(['Ejecutor', 'Firmante']),
  Nombre: TextSchema(INSPECCIONES_MESSAGES.signerName, 150),
  Rut: OptionalRutSchema,
  Cargo: OptionalText(120),
  Archivo: FileRefSchema,
  FirmadoEn: InstantSchema,
});
export type Firma = v.InferOutput<typeof FirmaSchema>;

/**
 * POST /api/inspecciones/observaciones-inspecciones: a FINISHED inspection, whole, in one write (the draft lives on
 * the device until then). The server checks it against the template version it names and computes its own grade.
 */
export const InspeccionCreateBodySchema = v.object({
  IdEvaluacion: RecordIdSchema,
  IdFormulario: RecordIdSchema,
  VersionFormulario: v.pipe(
    v.number(INSPECCIONES_MESSAGES.templateInvalid),
    v.integer(INSPECCIONES_MESSAGES.templateInvalid),
    v.minValue(1, INSPECCIONES_MESSAGES.templateInvalid),
  ),
  Fecha: WireDateSchema(INSPECCIONES_MESSAGES.dateRequired),
  Lugar: TextSchema(INSPECCIONES_MESSAGES.placeRequired, 200),
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
  Supervisor: TextSchema(INSPECCIONES_MESSAGES.supervisorRequired, 150),
  /** Workers observed (IdPersona) and/or the team's name; at least one of the two. */
  Observados: v.optional(v.array(RecordIdSchema), []),
  EquipoTrabajo: OptionalText(150),
  RutContratista: v.nullish(v.string(), null),
  IdCliente: v.nullish(v.string(), null),
  /** Values of the template's own header fields, by IdCampo. */
  Encabezado: v.optional(v.record(v.string(), v.pipe(v.string(), v.trim(), v.maxLength(300))), {}),
  Respuestas: v.array(RespuestaEnunciadoSchema),
  Observaciones: v.optional(v.array(ObservacionNuevaSchema), []),
  Firmas: v.array(FirmaSchema),
  IniciadaEn: InstantSchema,
  FinalizadaEn: InstantSchema,
});
export type InspeccionCreateBody = v.InferOutput<typeof InspeccionCreateBodySchema>;

/** An inspection as lists and devices see it (change-log table `inspecciones`); observations travel apart. */
export const InspeccionSchema = v.object({
  IdEvaluacion: RecordIdSchema,
  ...RecordMetaEntries,
  IdFormulario: v.string(),
  VersionFormulario: v.number(),
  NombreFormulario: v.string(),
  Tipo: v.picklist(FORMULARIO_TYPES),
  Fecha: v.string(),
  Lugar: v.string(),
  IdNivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
  IdSupervisor: v.number(),
  Supervisor: v.string(),
  Observados: v.array(v.string()),
  EquipoTrabajo: v.string(),
  RutContratista: v.nullable(v.string()),
  IdCliente: v.nullable(v.string()),
  Encabezado: v.record(v.string(), v.string()),
  Respuestas: v.array(RespuestaEnunciadoSchema),
  Firmas: v.array(FirmaSchema),
  Porcentaje: v.nullable(v.number()),
  Nota: v.nullable(v.number()),
  IniciadaEn: v.string(),
  FinalizadaEn: v.string(),
});
export type Inspeccion = v.InferOutput<typeof InspeccionSchema>;

const FilterText = v.optional(v.pipe(v.string(), v.trim()));
const FilterDate = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || isWireDate(value), MESSAGES.dateFormat),
  ),
);

/** Filters of both follow-up lists (query string). Contractor and client users are limited by the server anyway. */
export const SeguimientoQuerySchema = v.object({
  tipoEval: v.optional(v.picklist(FORMULARIO_TYPES)),
  IdFormulario: FilterText,
  desde: FilterDate,
  hasta: FilterDate,
  nv2: FilterText,
  nv3: FilterText,
  RutContratista: FilterText,
  semaforo: v.optional(v.picklist(['1', '2', '3'])),
  /** Observations: abierta (not answered), respondida (waiting review), aprobada. */
  estado: v.optional(v.picklist(['abierta', 'respondida', 'aprobada'])),
});
export type SeguimientoQuery = v.InferOutput<typeof SeguimientoQuerySchema>;

/** POST /api/inspecciones/recursos-app/pdf (spec "Report data"). */
export const ReportRequestSchema = v.object({
  IdObjeto: RecordIdSchema,
  Empresa: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  Tipo: v.picklist(FORMULARIO_TYPES),
});
export type ReportRequest = v.InferOutput<typeof ReportRequestSchema>;

/** An image of a report: where to load it from (a signed URL, a data: URL or an object URL on the device). */
export interface ReportObservation {
  Enunciado: string | null;
  Observacion: string;
  Responsable: string;
  Plazo: string | null;
  SemaforoObs: Semaforo;
  Severidad: Severidad | null;
  /** SPEC OV5, on the day the report was made; its look in the PDF. */
  Estado: ReviewState;
  /** The state's word, as printed: "Abierta", "Respondida", "Rechazada", "Vencida", "Aprobada". */
  EstadoTexto: string;
  Fotos: ReportImage[];
}

/**
 * The checklist report's data, in the spec's indexed sections. The server answers it from its database, the device
 * builds the same shape from what it holds; one @react-pdf document (app/reports) draws it on both sides.
 */
export interface ChecklistReportData {
  Empresa: ReportCompany;
  Titulo: string;
  Encabezado: { Columnas: 1 | 2; Filas: { Etiqueta: string; Valor: string }[] };
  Preguntas: {
    Item: string;
    Enunciados: { Numero: number; Texto: string; Respuesta: number | null; Subpreguntas: { Texto: string; Respuesta: string }[] }[];
  }[];
  Nota: { Porcentaje: number | null; Nota: number | null; Cumple: number; NoCumple: number; NoAplica: number };
  Firmas: { Rol: string; Nombre: string; Rut: string; Cargo: string; Imagen: ReportImage; FirmadoEn: string }[];
  Observaciones: ReportObservation[];
  ObservacionesG: ReportObservation[];
  ObservacionesB: ReportObservation[];
  /** Corrections after finishing (server only): the day in Chile (YYYY-MM-DD), who, and each change as printed. */
  Correcciones?: { Fecha: string; Usuario: string; Cambios: { Campo: string; Antes: string; Despues: string }[] }[];
}

const inspectionNoun = { one: 'inspección', many: 'inspecciones', feminine: true };

/** A finished inspection: created whole and never edited (SPEC IN2); deleting it sets Estado 0 (OV3). */
export const inspeccionEntity = defineEntity({
  table: 'inspecciones',
  id: 'IdEvaluacion',
  schema: InspeccionSchema,
  fields: [],
  createBody: InspeccionCreateBodySchema,
  noun: inspectionNoun,
  messages: { ...recordMessages(inspectionNoun, { inUse: '' }), created: INSPECCIONES_MESSAGES.created },
  displayName: (row) => (row.Lugar ? (row.Fecha ? `${row.Lugar} (${row.Fecha})` : row.Lugar) : ''),
  permission: '/inspecciones',
  api: {
    base: '/api/inspecciones',
    list: '/observaciones-inspecciones',
    detail: '/observaciones-inspecciones/one/:IdEvaluacion',
    create: '/observaciones-inspecciones',
    remove: '/observaciones-inspecciones/:IdEvaluacion',
  },
  audience: 'partes',
  // A finished inspection keeps its history: what it points at may be deleted or retired later.
  references: [
    { field: 'IdFormulario', table: 'formularios', message: INSPECCIONES_MESSAGES.templateInvalid, onDelete: 'keep' },
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: INSPECCIONES_MESSAGES.levelInvalid, onDelete: 'keep' },
    { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: INSPECCIONES_MESSAGES.levelInvalid, onDelete: 'keep' },
    { field: 'Observados', table: 'trabajadores', many: true, message: INSPECCIONES_MESSAGES.workerInvalid, onDelete: 'keep' },
  ],
  files: (row) => [...(row.Firmas ?? []).map((firma) => firma.Archivo)],
  // A field device holds the records of its worksites (SPEC PL13).
  worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
  pullOrder: 6,
  device: {
    3: ['Fecha', '[Tipo+Fecha]', '[IdFormulario+Fecha]', '[IdNivel2+Fecha]', '[IdNivel3+Fecha]', '[RutContratista+Fecha]'],
    // The home screen finds the person's own inspections by key instead of reading every inspection.
    5: ['Fecha', '[Tipo+Fecha]', '[IdFormulario+Fecha]', '[IdNivel2+Fecha]', '[IdNivel3+Fecha]', '[RutContratista+Fecha]', 'IdSupervisor'],
  },
});

import * as v from 'valibot';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { FileRefSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { WireDateSchema } from './common.schema.ts';
import { APLICACIONES } from './contratistas-requisitos.schema.ts';

export const DOCUMENTOS_MESSAGES = {
  notFound: 'Documento de requisito no encontrado',
  uploaded: 'Documento subido con éxito',
  sentToReview: 'Documento enviado a revisión',
  approved: 'Documento aprobado con éxito',
  rejected: 'Documento rechazado',
  commented: 'Comentario agregado',
  fileRequired: 'Adjunta el documento (PDF o imagen)',
  issueDateRequired: 'La fecha de emisión es requerida',
  issueDateFuture: 'La fecha de emisión no puede ser posterior a hoy',
  reasonInvalid: 'Indica el motivo del rechazo',
  commentRequired: 'El comentario es requerido',
  debtRequired: 'Indica si el certificado muestra deuda laboral o previsional',
  notUploaded: 'El documento aún no se ha subido',
  notInReview: 'El documento no está en revisión',
  alreadyDecided: 'El documento ya fue revisado',
} as const;

/** The reasons a document is rejected, by code (issue 37), and how the contractor reads them. */
export const MOTIVOS_RECHAZO = {
  formato: 'Formato incorrecto',
  datos: 'Los datos no corresponden a la empresa o al trabajador',
  incompleto: 'Documento incompleto',
  vencido: 'Documento vencido',
} as const;
export type MotivoRechazo = keyof typeof MOTIVOS_RECHAZO;

export const ESTADOS_DOCUMENTO = ['pendiente', 'subido', 'en_revision', 'aprobado', 'rechazado'] as const;
export type EstadoDocumento = (typeof ESTADOS_DOCUMENTO)[number];

/** A step of the document's history: who did what and when, with the reason or comment. */
export const PasoDocumentoSchema = v.object({
  Fecha: v.string(),
  IdUsuario: v.number(),
  Nombre: v.string(),
  Accion: v.picklist(['subido', 'renovacion', 'en_revision', 'aprobado', 'rechazado', 'comentario']),
  Motivo: v.optional(v.string()),
  Comentario: v.optional(v.string()),
});
export type PasoDocumento = v.InferOutput<typeof PasoDocumentoSchema>;

/** A document uploaded for a requirement: the file, its issue date, and its own review while a renewal. */
export const EnvioSchema = v.object({
  Archivo: FileRefSchema,
  FechaEmision: v.string(),
  Estado: v.picklist(['subido', 'en_revision', 'rechazado']),
  Motivo: v.optional(v.string(), ''),
});

/**
 * What a requirement asks of one company, contract, worker, vehicle or machine (spec "Requirement follow-up":
 * /gestion-requisitos): made by the server when a contract lists the requirement, one per month for a monthly one
 * (`Mes`). The document in force is `Archivo` with its dates; a renewal uploaded meanwhile waits in `Renovacion` until
 * it is approved.
 */
export const DocumentoRequisitoSchema = v.object({
  IdDocumento: v.string(),
  ...RecordMetaEntries,
  IdRequisito: v.string(),
  NombreRequisito: v.string(),
  Aplicacion: v.picklist(APLICACIONES),
  Obligatorio: v.picklist([0, 1]),
  ControlDeuda: v.picklist([0, 1]),
  PeriodoMeses: v.number(),
  /** The company the document is about (a worker's employer), and the companies above it in its contracts' chains. */
  RutContratista: v.string(),
  Superiores: v.array(v.string()),
  IdContrato: v.nullable(v.string()),
  IdPersona: v.nullable(v.string()),
  NombrePersona: v.string(),
  /** The vehicle or machine a requirement of that kind asks about, and its plate or code with its name. */
  IdActivo: v.nullable(v.string()),
  NombreActivo: v.string(),
  Mes: v.string(),
  EstadoDocumento: v.picklist(ESTADOS_DOCUMENTO),
  Archivo: v.nullable(FileRefSchema),
  FechaEmision: v.string(),
  FechaVencimiento: v.string(),
  Motivo: v.string(),
  ConDeuda: v.nullable(v.picklist([0, 1])),
  Renovacion: v.nullable(EnvioSchema),
  Historial: v.array(PasoDocumentoSchema),
});
export type DocumentoRequisito = v.InferOutput<typeof DocumentoRequisitoSchema>;

export const SubirDocumentoSchema = v.object({
  Archivo: v.object(FileRefSchema.entries, DOCUMENTOS_MESSAGES.fileRequired),
  FechaEmision: v.pipe(v.string(DOCUMENTOS_MESSAGES.issueDateRequired), v.nonEmpty(DOCUMENTOS_MESSAGES.issueDateRequired), WireDateSchema),
});
export type SubirDocumento = v.InferOutput<typeof SubirDocumentoSchema>;

export const AprobarDocumentoSchema = v.object({
  ConDeuda: v.optional(v.nullable(v.picklist([0, 1], DOCUMENTOS_MESSAGES.debtRequired)), null),
});
export type AprobarDocumento = v.InferOutput<typeof AprobarDocumentoSchema>;

const comment = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(500));
export const RechazarDocumentoSchema = v.object({
  Motivo: v.picklist(Object.keys(MOTIVOS_RECHAZO) as MotivoRechazo[], DOCUMENTOS_MESSAGES.reasonInvalid),
  Comentario: comment,
});
export type RechazarDocumento = v.InferOutput<typeof RechazarDocumentoSchema>;

export const ComentarDocumentoSchema = v.object({
  Comentario: v.pipe(
    v.string(DOCUMENTOS_MESSAGES.commentRequired),
    v.trim(),
    v.nonEmpty(DOCUMENTOS_MESSAGES.commentRequired),
    v.maxLength(500),
  ),
});
export type ComentarDocumento = v.InferOutput<typeof ComentarDocumentoSchema>;

const noun = { one: 'documento de requisito', many: 'documentos de requisitos' };

export const documentoRequisitoEntity = defineEntity({
  table: 'documentos_requisito',
  id: 'IdDocumento',
  schema: DocumentoRequisitoSchema,
  fields: [],
  noun,
  messages: { ...recordMessages(noun, { inUse: '' }), notFound: DOCUMENTOS_MESSAGES.notFound },
  displayName: (row) => [row.NombreRequisito, row.NombrePersona || row.NombreActivo].filter(Boolean).join(' · '),
  permission: '/seguimiento-requisitos',
  api: { base: '/api/gestion-contratista', list: '/gestion-requisitos/:company', detail: '/gestion-requisitos/:company/:IdDocumento' },
  audience: { contratista: 'RutContratista', superiores: 'Superiores' },
  references: [],
  files: (row) => [row.Archivo, row.Renovacion?.Archivo].filter((file): file is NonNullable<typeof file> => !!file),
  pullOrder: 7,
  device: { 11: ['EstadoDocumento', 'IdRequisito', 'IdPersona', 'RutContratista'] },
});

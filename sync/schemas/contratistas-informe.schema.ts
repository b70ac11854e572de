import * as v from 'valibot';
import { EXPIRY_WARNINGS } from '../domain/accreditation.ts';
import { REPORT_FILTER_MESSAGES, type ReportFilter, type ReportQuery, reportQuerySchema } from '../records/report-list.ts';

/**
 * GET /api/gestion-contratista/gestion-requisitos/informe/{company}: the documents that need someone now, a page at
 * a time: approved ones falling due within 30 days or already due, and rejected ones, soonest due first.
 */
export const INFORME_DOCUMENTOS_MESSAGES = {
  situationInvalid: 'La situación indicada no es válida',
  workerInvalid: 'El trabajador buscado no puede tener más de 60 caracteres',
  ...REPORT_FILTER_MESSAGES,
} as const;

/** The situations the filter offers, by number (the wire's), and how the list names them. */
export const SITUACIONES = { 1: 'Por vencer', 2: 'Vencido', 3: 'Rechazado' } as const;
export const WARNING_DAYS = Math.max(...EXPIRY_WARNINGS);

export const INFORME_DOCUMENTOS_FILTERS = [
  { kind: 'number', name: 'Situacion', label: 'Situación', message: INFORME_DOCUMENTOS_MESSAGES.situationInvalid, emptyLabel: 'Todas' },
  { kind: 'rut', name: 'RutContratista', label: 'Empresa contratista', emptyLabel: 'Todas', companyOnly: true },
  { kind: 'text', name: 'Trabajador', label: 'Trabajador, vehículo o equipo (nombre o patente)', max: 60, message: INFORME_DOCUMENTOS_MESSAGES.workerInvalid },
] as const satisfies readonly ReportFilter[];

export const InformeDocumentosQuerySchema = reportQuerySchema(INFORME_DOCUMENTOS_FILTERS);
export type InformeDocumentosQuery = ReportQuery<typeof INFORME_DOCUMENTOS_FILTERS>;

export const InformeDocumentoRowSchema = v.object({
  IdDocumento: v.string(),
  NombreRequisito: v.string(),
  RutContratista: v.string(),
  NombrePersona: v.string(),
  NombreActivo: v.string(),
  Mes: v.string(),
  Situacion: v.picklist([1, 2, 3]),
  FechaVencimiento: v.string(),
  Motivo: v.string(),
});
export type InformeDocumentoRow = v.InferOutput<typeof InformeDocumentoRowSchema>;

import * as v from 'valibot';
import { REPORT_FILTER_MESSAGES, type ReportFilter, type ReportQuery, reportQuerySchema } from '../records/report-list.ts';

/**
 * GET /api/perfil/accesos-fiscalizadores/{company}: what inspectors consulted of the company, newest first, a page
 * at a time, filtered by inspector, by worker (part of a name or a RUT) and by the days it happened (in Chile,
 * both included). Answered `{ statusCode, data, total, Pagina, PorPagina }`, as every list too big for a device.
 */
export const ACCESS_LOG_MESSAGES = {
  inspectorInvalid: 'El fiscalizador indicado no es válido',
  workerInvalid: 'El trabajador buscado no puede tener más de 60 caracteres',
  ...REPORT_FILTER_MESSAGES,
} as const;

export const ACCESS_LOG_FILTERS = [
  { kind: 'number', name: 'IdFiscalizador', label: 'Fiscalizador', message: ACCESS_LOG_MESSAGES.inspectorInvalid },
  /** Part of the worker's name or RUT, as the inspector saw them. */
  { kind: 'text', name: 'Trabajador', label: 'Trabajador (nombre o RUT)', max: 60, message: ACCESS_LOG_MESSAGES.workerInvalid },
  { kind: 'days', from: 'Desde', to: 'Hasta', labels: ['Desde', 'Hasta'] },
] as const satisfies readonly ReportFilter[];

export const AccessLogQuerySchema = reportQuerySchema(ACCESS_LOG_FILTERS);
export type AccessLogQuery = ReportQuery<typeof ACCESS_LOG_FILTERS>;

/** An inspector who consulted the company: the filter's choices. */
export const AccessLogInspectorSchema = v.object({ IdFiscalizador: v.number(), Correo: v.string() });
export type AccessLogInspector = v.InferOutput<typeof AccessLogInspectorSchema>;

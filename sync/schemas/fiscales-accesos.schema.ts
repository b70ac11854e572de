import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { ReportPageQueryEntries } from './report-list.schema.ts';

/**
 * GET /api/perfil/accesos-fiscalizadores/{company}: what inspectors consulted of the company, newest first, a page
 * at a time, filtered by inspector, by worker (part of a name or a RUT) and by the days it happened (in Chile,
 * both included). Answered `{ statusCode, data, total, Pagina, PorPagina }`, as every list too big for a device.
 */
export const ACCESS_LOG_MESSAGES = {
  inspectorInvalid: 'El fiscalizador indicado no es válido',
  workerInvalid: 'El trabajador buscado no puede tener más de 60 caracteres',
  dateInvalid: 'La fecha debe tener el formato AAAA-MM-DD',
  rangeReversed: 'Fecha inicial no puede ser mayor que Fecha final',
} as const;

const Day = v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || isWireDate(value), ACCESS_LOG_MESSAGES.dateInvalid)), '');

export const AccessLogQuerySchema = v.pipe(
  v.object({
    IdFiscalizador: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{0,12}$/, ACCESS_LOG_MESSAGES.inspectorInvalid)), ''),
    /** Part of the worker's name or RUT, as the inspector saw them. */
    Trabajador: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, ACCESS_LOG_MESSAGES.workerInvalid)), ''),
    Desde: Day,
    Hasta: Day,
    ...ReportPageQueryEntries,
  }),
  v.check((query) => !query.Desde || !query.Hasta || query.Desde <= query.Hasta, ACCESS_LOG_MESSAGES.rangeReversed),
);
export type AccessLogQuery = v.InferOutput<typeof AccessLogQuerySchema>;

/** An inspector who consulted the company: the filter's choices. */
export const AccessLogInspectorSchema = v.object({ IdFiscalizador: v.number(), Correo: v.string() });
export type AccessLogInspector = v.InferOutput<typeof AccessLogInspectorSchema>;

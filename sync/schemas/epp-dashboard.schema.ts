import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { MOTIVO_CODES } from '../domain/epp-delivery.ts';
import { DASHBOARD_MESSAGES, DashboardQuerySchema } from './dashboard-filters.schema.ts';
import { FORMULARIO_TYPES } from './formularios.schema.ts';
import { ReportPageEntries } from './report-list.schema.ts';

/** The permission route of the EPP dashboard (spec part 1, 2.3: dashboard/epp). */
export const EPP_DASHBOARD_ROUTE = '/dashboard/epp';

/**
 * Every indicator of the spec's EPP dashboard (part 2, "EPP", Dashboard: all with Cargo), by its name on the wire:
 * GET /api/epp/dashboard/<name>/{company}?nv2&nv3&start&end&month&RutContratista&RutCliente&IdCargo answers a
 * DashboardAnswer whose `formula` says how it is counted. The states (vencidos, pendientes, capacitados, cobertura)
 * are read on the range's last day (`end`, today by default); the findings and deliveries are those of the range.
 */
export const EPP_INDICATORS = ['vencidos', 'pendientes', 'no_uso', 'capacitados', 'cobertura', 'no_uso_linea', 'no_uso_grafico', 'motivo_entrega'] as const;
export type EppIndicator = (typeof EPP_INDICATORS)[number];

export const EPP_DASHBOARD_MESSAGES = {
  indicatorInvalid: 'El indicador indicado no existe',
  cargoInvalid: 'El cargo indicado no es válido',
  eppInvalid: 'El EPP indicado no es válido',
  typeInvalid: 'El tipo debe ser inspección, observación o varios',
  reasonInvalid: 'El motivo de entrega debe ser un número del 1 al 5',
  stateInvalid: 'El estado debe ser capacitado o sin_capacitar',
} as const;

const uuidOrEmpty = (message: string) => v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.check((value) => value === '' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value), message)));
const Day = v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || isWireDate(value), DASHBOARD_MESSAGES.dateInvalid)));

/** The dashboard's filters plus the spec's Cargo (IdCargo) and, for no_uso_grafico, the inspection's Tipo. */
export const EppDashboardQuerySchema = v.intersect([
  DashboardQuerySchema,
  v.object({
    IdCargo: uuidOrEmpty(EPP_DASHBOARD_MESSAGES.cargoInvalid),
    /** Only inspections of this kind of template (no_uso_grafico, and the records of the findings). */
    Tipo: v.optional(v.union([v.literal(''), v.picklist(FORMULARIO_TYPES)], EPP_DASHBOARD_MESSAGES.typeInvalid)),
  }),
]);
export type EppDashboardQuery = v.InferOutput<typeof EppDashboardQuerySchema>;

/**
 * GET /api/epp/dashboard/registros/{company}: the records behind a figure, a page at a time (Pagina, PorPagina).
 * The dashboard's filters, the indicator (without one, every delivery line of the period), and the point's own
 * `registros`: IdEpp, Mes (YYYY-MM), IdNivel (a level of the findings by level), Motivo (1–5), Capacitado (1 or 0).
 */
export const EppRecordsQuerySchema = v.intersect([
  EppDashboardQuerySchema,
  v.object({
    indicador: v.optional(v.union([v.literal(''), v.picklist(EPP_INDICATORS)], EPP_DASHBOARD_MESSAGES.indicatorInvalid)),
    IdEpp: uuidOrEmpty(EPP_DASHBOARD_MESSAGES.eppInvalid),
    IdNivel: uuidOrEmpty(DASHBOARD_MESSAGES.levelInvalid),
    Mes: v.optional(v.pipe(v.string(), v.trim(), v.check((value) => value === '' || /^\d{4}-(0[1-9]|1[0-2])$/.test(value), DASHBOARD_MESSAGES.monthInvalid))),
    Motivo: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check((value) => value === '' || (MOTIVO_CODES as readonly number[]).includes(Number(value)), EPP_DASHBOARD_MESSAGES.reasonInvalid),
      ),
    ),
    Capacitado: v.optional(v.picklist(['', '1', '0'], EPP_DASHBOARD_MESSAGES.stateInvalid)),
    /** The drill-down sends the range it was opened with; the dashboard's own start/end are the same. */
    desde: Day,
    hasta: Day,
    Pagina: v.optional(v.pipe(v.string(), v.transform(Number), ReportPageEntries.Pagina.wrapped)),
    PorPagina: v.optional(v.pipe(v.string(), v.transform(Number), ReportPageEntries.PorPagina.wrapped)),
  }),
]);
export type EppRecordsQuery = v.InferOutput<typeof EppRecordsQuerySchema>;

/**
 * What the date of a record is, by the figure it is behind: the column's name in the list. A state's date is the
 * expiry (or the training), a finding's the inspection's day, a delivery's the acta's.
 */
export const EPP_RECORD_DATE_HEADERS: Record<EppIndicator | 'entregas', string> = {
  vencidos: 'Venció el',
  pendientes: 'Venció el',
  cobertura: 'Vence el',
  capacitados: 'Capacitado el',
  no_uso: 'Inspeccionado el',
  no_uso_linea: 'Inspeccionado el',
  no_uso_grafico: 'Inspeccionado el',
  motivo_entrega: 'Entregado el',
  entregas: 'Entregado el',
};

/** One record behind a figure: a worker's item (a state), a finding of non-use, or a delivered line. */
export const EppDashboardRecordSchema = v.object({
  /** Unique in the answer. */
  Clave: v.string(),
  /**
   * The day the record speaks of (EPP_RECORD_DATE_HEADERS: the expiry, the training, the inspection, the delivery),
   * YYYY-MM-DD, or null.
   */
  Fecha: v.nullable(v.string()),
  IdPersona: v.nullable(v.string()),
  RunPersona: v.string(),
  NombreTrabajador: v.string(),
  Cargos: v.string(),
  Nivel2: v.string(),
  Nivel3: v.string(),
  IdEpp: v.string(),
  NombreEpp: v.string(),
  /** What the record says about the item ("Venció el 03/02/2026", "No cumple: Usa casco"). */
  Detalle: v.string(),
  /** Where the record can be opened: an acta or an inspection. */
  Enlace: v.nullable(v.object({ tipo: v.picklist(['entrega', 'inspeccion']), id: v.string() })),
});
export type EppDashboardRecord = v.InferOutput<typeof EppDashboardRecordSchema>;

/** GET dashboard/registros/{company}: a page of the records behind a figure, with what the figure is. */
export const EppRecordsAnswerSchema = v.object({
  statusCode: v.literal(200),
  /** What the figure is, e.g. "Trabajadores con EPP vencido: Casco de seguridad". */
  titulo: v.string(),
  formula: v.string(),
  data: v.array(EppDashboardRecordSchema),
  total: v.number(),
  Pagina: v.number(),
  PorPagina: v.number(),
});
export type EppRecordsAnswer = v.InferOutput<typeof EppRecordsAnswerSchema>;

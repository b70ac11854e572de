import * as v from 'valibot';
import { MOTIVO_CODES } from '../domain/epp-delivery.ts';
import { defineDashboard, indicatorNames } from '../records/indicator.ts';
import { DASHBOARD_MESSAGES, DashboardQuerySchema, RecordsRangeEntries, WorkerColumnEntries } from './dashboard-filters.schema.ts';
import { FORMULARIO_TYPES } from './formularios.schema.ts';
import { ReportPageEntries, reportListAnswer } from './report-list.schema.ts';

/** The permission route of the EPP dashboard (spec part 1, 2.3: dashboard/epp). */
export const EPP_DASHBOARD_ROUTE = '/dashboard/epp';

const NO_USE_RECORDS = 'Hallazgos de no uso';

/**
 * The spec's EPP dashboard (part 2, "EPP", Dashboard: all with Cargo), in the order a prevention expert reads it:
 * what is missing today, how much is covered, then what inspections found and what was delivered. Each indicator
 * answers a DashboardAnswer whose `formula` says how it is counted. The states (vencidos, pendientes, capacitados,
 * cobertura) are read on the range's last day (`end`, today by default); the findings and deliveries are those of
 * the range. Each point's `registros` select its records (GET .../dashboard/registros).
 */
export const EPP_DASHBOARD = defineDashboard({
  base: 'epp',
  title: 'Dashboard de EPP',
  permission: EPP_DASHBOARD_ROUTE,
  tag: 'dashboard epp',
  filtersNote:
    '?nv2 &nv3 &start &end (AAAA-MM-DD; por defecto del primer día del mes a hoy; los estados se leen el día end) &month &RutContratista ' +
    '&RutCliente &IdCargo',
  indicators: [
    {
      name: 'cobertura',
      title: 'Cobertura de EPP (%)',
      kind: 'barras-horizontales',
      summary: 'Porcentaje de pares trabajador–EPP exigidos con entrega vigente, por EPP',
      formula:
        'Pares trabajador–EPP exigidos por la asignación con una entrega vigente el día de corte × 100 / pares exigidos, por EPP; el total sobre ' +
        'todos los pares',
      records: { title: 'Cobertura de EPP', dateHeader: 'Vence el' },
    },
    {
      name: 'pendientes',
      title: 'Trabajadores con EPP pendiente de entrega',
      kind: 'barras-horizontales',
      summary: 'Trabajadores a los que les falta un EPP exigido por su asignación, por EPP',
      formula:
        'Trabajadores a los que su asignación (la de sus cargos más la propia) les exige el EPP y no tienen una entrega vigente de él el día de ' +
        'corte, por EPP; el total cuenta cada trabajador una vez',
      records: { title: 'EPP pendientes de entrega', dateHeader: 'Venció el' },
    },
    {
      name: 'vencidos',
      title: 'Trabajadores con EPP vencido',
      kind: 'barras-horizontales',
      summary: 'Trabajadores con al menos un EPP vencido, por EPP',
      formula:
        'Trabajadores que recibieron el EPP y no tienen ninguna entrega vigente de él (vencida antes del día de corte), por EPP; el total cuenta cada ' +
        'trabajador una vez. Las actas anuladas no cuentan; vida útil 0: no vence',
      records: { title: 'Trabajadores con EPP vencido', dateHeader: 'Venció el' },
    },
    {
      name: 'capacitados',
      title: 'Capacitados en el uso del EPP',
      kind: 'barras-horizontales',
      summary: 'Trabajadores capacitados en el uso de cada EPP (Valor) contra los que deben usarlo (Valor2)',
      formula:
        'Trabajadores capacitados en el uso del EPP (asistencia realizada y vigente el día de corte a una capacitación cuyo tipo enseña ese EPP) ' +
        'entre los que deben usarlo, por EPP; el total cuenta cada trabajador capacitado una vez',
      records: { title: 'Capacitación en el uso del EPP', dateHeader: 'Capacitado el' },
    },
    {
      name: 'no_uso',
      title: 'No uso de EPP por elemento',
      kind: 'barras-horizontales',
      summary: 'Hallazgos de no uso en inspecciones del período, por EPP',
      formula:
        'Hallazgos de no uso del período: respuestas No cumple, en inspecciones del período, a enunciados vinculados a un EPP; uno por inspección y ' +
        'enunciado, por EPP',
      records: { title: NO_USE_RECORDS, dateHeader: 'Inspeccionado el' },
    },
    {
      name: 'no_uso_linea',
      title: 'No uso de EPP por mes',
      kind: 'lineas',
      summary: 'Hallazgos de no uso por mes del período',
      formula: 'Hallazgos de no uso (No cumple en enunciados vinculados a un EPP) de cada mes del período',
      records: { title: NO_USE_RECORDS, dateHeader: 'Inspeccionado el' },
    },
    {
      name: 'no_uso_grafico',
      title: 'No uso de EPP por nivel',
      kind: 'torta',
      summary: 'Hallazgos de no uso por nivel; &Tipo (inspeccion, observacion, varios) limita el tipo de formulario',
      formula:
        'Hallazgos de no uso del período por nivel de la inspección (nivel 2, o nivel 3 si se eligió un nivel 2); con Tipo, solo las inspecciones ' +
        'de ese tipo de formulario',
      filters: ['Tipo'],
      records: { title: NO_USE_RECORDS, dateHeader: 'Inspeccionado el' },
    },
    {
      name: 'motivo_entrega',
      title: 'EPP entregados por motivo',
      kind: 'barras',
      summary: 'Líneas de EPP entregadas en el período por motivo de entrega',
      formula: 'Líneas de EPP entregadas en el período (actas no anuladas) por motivo de entrega',
      // The one figure that counts every acta line of its range: it grows with each year of actas, where the others
      // read the state of the workers or the period's inspections. Its whole months come from the summary rows.
      monthlySummary: 'epp.lineas',
      records: { title: 'EPP entregados', dateHeader: 'Entregado el' },
    },
  ],
});
export const EPP_INDICATORS = indicatorNames(EPP_DASHBOARD);
export type EppIndicator = (typeof EPP_INDICATORS)[number];

/** The records of no indicator: every delivered line of the period. */
export const EPP_ALL_LINES = { title: 'EPP entregados', dateHeader: 'Entregado el', formula: 'Líneas de EPP entregadas en el período (actas no anuladas)' };

export const EPP_DASHBOARD_MESSAGES = {
  indicatorInvalid: 'El indicador indicado no existe',
  cargoInvalid: 'El cargo indicado no es válido',
  eppInvalid: 'El EPP indicado no es válido',
  typeInvalid: 'El tipo debe ser inspección, observación o varios',
  reasonInvalid: 'El motivo de entrega debe ser un número del 1 al 5',
  stateInvalid: 'El estado debe ser capacitado o sin_capacitar',
} as const;

const uuidOrEmpty = (message: string) => v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.check((value) => value === '' || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value), message)));

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
    Mes: RecordsRangeEntries.Mes,
    Motivo: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check((value) => value === '' || (MOTIVO_CODES as readonly number[]).includes(Number(value)), EPP_DASHBOARD_MESSAGES.reasonInvalid),
      ),
    ),
    Capacitado: v.optional(v.picklist(['', '1', '0'], EPP_DASHBOARD_MESSAGES.stateInvalid)),
    /** The drill-down sends the range it was opened with; the dashboard's own start/end are the same. */
    desde: RecordsRangeEntries.desde,
    hasta: RecordsRangeEntries.hasta,
    Pagina: v.optional(v.pipe(v.string(), v.transform(Number), ReportPageEntries.Pagina.wrapped)),
    PorPagina: v.optional(v.pipe(v.string(), v.transform(Number), ReportPageEntries.PorPagina.wrapped)),
  }),
]);
export type EppRecordsQuery = v.InferOutput<typeof EppRecordsQuerySchema>;

/** One record behind a figure: a worker's item (a state), a finding of non-use, or a delivered line. */
export const EppDashboardRecordSchema = v.object({
  /** Unique in the answer. */
  Clave: v.string(),
  /**
   * The day the record speaks of (its indicator's `records.dateHeader`: the expiry, the training, the inspection, the delivery),
   * YYYY-MM-DD, or null.
   */
  Fecha: v.nullable(v.string()),
  IdPersona: v.nullable(v.string()),
  RunPersona: v.string(),
  NombreTrabajador: v.string(),
  ...WorkerColumnEntries,
  IdEpp: v.string(),
  NombreEpp: v.string(),
  /** What the record says about the item ("Venció el 03/02/2026", "No cumple: Usa casco"). */
  Detalle: v.string(),
  /** Where the record can be opened: an acta or an inspection. */
  Enlace: v.nullable(v.object({ tipo: v.picklist(['entrega', 'inspeccion']), id: v.string() })),
});
export type EppDashboardRecord = v.InferOutput<typeof EppDashboardRecordSchema>;

/** GET dashboard/registros/{company}: a page of the records behind a figure, with what the figure is. */
const { statusCode, ...page } = reportListAnswer(EppDashboardRecordSchema).entries;
export const EppRecordsAnswerSchema = v.object({
  statusCode,
  /** What the figure is, e.g. "Trabajadores con EPP vencido: Casco de seguridad". */
  titulo: v.string(),
  formula: v.string(),
  /** A page of the records (data, total, Pagina, PorPagina), as every report list answers it. */
  ...page,
});
export type EppRecordsAnswer = v.InferOutput<typeof EppRecordsAnswerSchema>;

import * as v from 'valibot';
import { defineDashboard, indicatorNames } from '../records/indicator.ts';
import { OptionalRutSchema } from '../records/record-fields.ts';
import { DashboardQuerySchema, RecordsRangeEntries } from './dashboard-filters.schema.ts';
import { ReportPageQueryEntries, reportListAnswer } from './report-list.schema.ts';

/** The permission route of the contractors' dashboard (issue 37, menu entry 67). */
export const CONTRATISTAS_DASHBOARD_ROUTE = '/dashboard/contratistas';

const RISK =
  'Respuestas No cumple × 100 / respuestas Cumple y No cumple de las inspecciones del período a una contratista (No aplica no cuenta)';
const INSPECTIONS = { title: 'Inspecciones a contratistas', dateHeader: 'Fecha' };

/**
 * The contractors' dashboard (issue 37): how each contractor company keeps its requirements, how its
 * nonconformities are closed, and the risk its inspections show by position and by operation (worksite). A
 * contractor user counts only its own company and the subcontractors of its contracts (server-enforced). Each
 * point's `registros` select its records (GET .../dashboard/registros).
 */
export const CONTRATISTAS_DASHBOARD = defineDashboard({
  base: 'gestion-contratista',
  title: 'Dashboard de contratistas',
  permission: CONTRATISTAS_DASHBOARD_ROUTE,
  tag: 'dashboard contratistas',
  filtersNote:
    '?nv2 &nv3 &start &end (AAAA-MM-DD; por defecto del primer día del mes a hoy; los documentos se leen el día end, o hoy si es antes) ' +
    '&month &RutContratista &RutCliente',
  indicators: [
    {
      name: 'cumplimiento',
      title: 'Cumplimiento de requisitos por contratista',
      kind: 'barras-horizontales',
      summary: 'Porcentaje de los documentos obligatorios pedidos a cada contratista que están vigentes el día de corte',
      formula:
        'Documentos obligatorios de requisitos vigentes el día de corte (aprobados y sin vencer) × 100 / documentos obligatorios pedidos a la ' +
        'empresa, por contratista; de un requisito mensual, solo el documento del mes de corte. Cuentan las contratistas con algún documento ' +
        'pedido; con un nivel 2, los documentos que piden los contratos de esa faena',
      records: { title: 'Documentos de requisitos', dateHeader: 'Vence' },
    },
    {
      name: 'gestion-inconformidades',
      title: 'Gestión de inconformidades',
      kind: 'barras',
      summary: 'Inconformidades del período cerradas (Valor) y abiertas (Valor2), por contratista',
      formula:
        'Observaciones de las inspecciones del período a una contratista: cerradas (aprobadas) y abiertas, por contratista; el total cuenta ' +
        'todas',
      records: { title: 'Inconformidades', dateHeader: 'Fecha' },
    },
    {
      name: 'nivel-riesgo-cargos',
      title: 'Nivel de riesgo por cargo',
      kind: 'barras-horizontales',
      summary: 'Porcentaje de respuestas No cumple de las inspecciones a contratistas, por cargo de los trabajadores observados',
      formula:
        `${RISK}, por cargo de los trabajadores observados (sus cargos de hoy; una inspección cuenta una vez en cada cargo); sin trabajador ` +
        'observado con cargo, «(sin cargo)». El total, sobre todas las inspecciones',
      records: INSPECTIONS,
    },
    {
      name: 'nivel-riesgo-operaciones',
      title: 'Nivel de riesgo por operación',
      kind: 'barras-horizontales',
      summary: 'Porcentaje de respuestas No cumple de las inspecciones a contratistas, por faena (nivel 2) de la inspección',
      formula: `${RISK}, por faena (nivel 2) de la inspección; sin faena, «(sin faena)». El total, sobre todas las inspecciones`,
      records: INSPECTIONS,
    },
  ],
});
export const CONTRATISTAS_INDICATORS = indicatorNames(CONTRATISTAS_DASHBOARD);
export type ContratistasIndicator = (typeof CONTRATISTAS_INDICATORS)[number];

/** The `registros` value of the bar without a position or without a worksite. */
export const NONE = 'ninguno';

export const CONTRATISTAS_DASHBOARD_MESSAGES = {
  indicatorInvalid: 'El indicador indicado no existe',
  cargoInvalid: 'El cargo indicado no es válido',
  worksiteInvalid: 'La faena indicada no es válida',
} as const;

const idOrNone = (message: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.check((value) => value === '' || value === NONE || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value), message),
    ),
  );

/**
 * GET /api/gestion-contratista/dashboard/registros/{company}: the records behind a figure, a page at a time. The
 * dashboard's filters, the indicator (without one, the period's nonconformities) and the point's own `registros`:
 * Contratista (its RUT), IdCargo, Faena (a level 2; `ninguno` for the bar without one).
 */
export const ContratistasRecordsQuerySchema = v.intersect([
  DashboardQuerySchema,
  v.object({
    indicador: v.optional(v.union([v.literal(''), v.picklist(CONTRATISTAS_INDICATORS)], CONTRATISTAS_DASHBOARD_MESSAGES.indicatorInvalid)),
    Contratista: OptionalRutSchema,
    IdCargo: idOrNone(CONTRATISTAS_DASHBOARD_MESSAGES.cargoInvalid),
    Faena: idOrNone(CONTRATISTAS_DASHBOARD_MESSAGES.worksiteInvalid),
    desde: RecordsRangeEntries.desde,
    hasta: RecordsRangeEntries.hasta,
    ...ReportPageQueryEntries,
  }),
]);
export type ContratistasRecordsQuery = v.InferOutput<typeof ContratistasRecordsQuerySchema>;

const company = { RutContratista: v.string(), Contratista: v.string() };

/** A requirement's document behind the compliance: its state on the cut-off day. */
export const DocumentoRecordSchema = v.object({
  Tipo: v.literal('documento'),
  Clave: v.string(),
  Requisito: v.string(),
  ...company,
  /** The worker, vehicle or machine it is about, '' for a company's or a contract's. */
  Trabajador: v.string(),
  /** Vigente, Vencido, or the follow-up's state (Pendiente, Subido, En revisión, Rechazado). */
  Estado: v.string(),
  /** YYYY-MM-DD, '' when it does not expire or was never approved. */
  Vence: v.string(),
});

/** A nonconformity: an observation of an inspection to a contractor. */
export const InconformidadRecordSchema = v.object({
  Tipo: v.literal('inconformidad'),
  Clave: v.string(),
  IdEvaluacion: v.string(),
  Fecha: v.string(),
  ...company,
  Observacion: v.string(),
  Responsable: v.string(),
  Plazo: v.nullable(v.string()),
  Estado: v.picklist(['Cerrada', 'Abierta', 'Vencida']),
});

/** An inspection to a contractor with its answers and its risk level. */
export const InspeccionRecordSchema = v.object({
  Tipo: v.literal('inspeccion'),
  Clave: v.string(),
  Fecha: v.string(),
  Formulario: v.string(),
  ...company,
  Cumple: v.number(),
  NoCumple: v.number(),
  /** No cumple × 100 / (Cumple + No cumple), one decimal. */
  NivelRiesgo: v.number(),
});

export const ContratistasDashboardRecordSchema = v.variant('Tipo', [DocumentoRecordSchema, InconformidadRecordSchema, InspeccionRecordSchema]);
export type DocumentoRecord = v.InferOutput<typeof DocumentoRecordSchema>;
export type InconformidadRecord = v.InferOutput<typeof InconformidadRecordSchema>;
export type InspeccionRecord = v.InferOutput<typeof InspeccionRecordSchema>;
export type ContratistasDashboardRecord = v.InferOutput<typeof ContratistasDashboardRecordSchema>;

const { statusCode, ...page } = reportListAnswer(ContratistasDashboardRecordSchema).entries;
export const ContratistasRecordsAnswerSchema = v.object({
  statusCode,
  /** What the figure is, e.g. "Inconformidades: Montajes Industriales del Sur SpA del 01/11/2026 al 21/11/2026". */
  titulo: v.string(),
  formula: v.string(),
  ...page,
});
export type ContratistasRecordsAnswer = v.InferOutput<typeof ContratistasRecordsAnswerSchema>;

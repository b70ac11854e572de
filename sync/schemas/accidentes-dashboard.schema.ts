import * as v from 'valibot';
import { DashboardQuerySchema, RecordsRangeEntries } from './dashboard-filters.schema.ts';

/** The permission route of the incidents dashboard (spec part 1, 2.3: dashboard/incidentes). */
export const ACCIDENTES_DASHBOARD_ROUTE = '/dashboard/incidentes';

/**
 * Every indicator of the spec's accident dashboard (part 2, "Accidents", Dashboard), by its name on the wire:
 * GET /api/accidentes/dashboard/<name>/{company}?nv2&nv3&start&end&month&RutContratista&RutCliente answers a
 * DashboardAnswer. The rates answer one point per month of the range: Valor the month's rate (null months are left
 * out and named in `avisos`), Valor2 the rolling 12 months ending that month; `total` is the rolling 12 months ending
 * at the range's last month, `formula` says how.
 */
export const ACCIDENT_INDICATORS = [
  'accidentes_acumulados',
  'tipo_evento',
  'riesgo_especifico',
  'tasa_accidentabilidad',
  'tasa_siniestralidad',
  'tasa_frecuencia',
  'tasa_gravedad',
  'dotacion',
  'horas_hombre',
  'dias_perdidos',
  'accion_subestandar',
  'condicion_subestandar',
  'factor_personal',
  'factor_trabajo',
  'falta_control',
  'tabla_evento',
] as const;
export type AccidentIndicator = (typeof ACCIDENT_INDICATORS)[number];

/** The four rates, whose records are the cases of the numerator and the months of the denominator. */
export const ACCIDENT_RATES = ['tasa_accidentabilidad', 'tasa_siniestralidad', 'tasa_frecuencia', 'tasa_gravedad'] as const;

export const ACCIDENTES_DASHBOARD_MESSAGES = {
  indicatorInvalid: 'El indicador indicado no existe',
} as const;

/**
 * GET /api/accidentes/dashboard/registros/{company}: the records behind a figure. The dashboard's filters, the
 * indicator, and the point's own `registros` (any of: desde, hasta — YYYY-MM-DD; Mes — YYYY-MM; Clasificacion;
 * TipoEvento; IdRiesgoEspecifico; IdActo; IdCondicion; IdFactor; IdFaltaControl). The monthly figures (rates,
 * dotacion, horas_hombre, dias_perdidos) name their month in `Mes`; a rate without `Mes` is the rolling twelve months
 * that end at the month of `hasta` (the dashboard's `total`).
 */
export const AccidentRecordsQuerySchema = v.intersect([
  DashboardQuerySchema,
  v.object({
    /** Without one, every case of the period (the records of tabla_evento). */
    indicador: v.optional(v.picklist(ACCIDENT_INDICATORS, ACCIDENTES_DASHBOARD_MESSAGES.indicatorInvalid), 'tabla_evento'),
    ...RecordsRangeEntries,
    Clasificacion: v.optional(v.string()),
    TipoEvento: v.optional(v.string()),
    IdRiesgoEspecifico: v.optional(v.string()),
    IdActo: v.optional(v.string()),
    IdCondicion: v.optional(v.string()),
    IdFactor: v.optional(v.string()),
    IdFaltaControl: v.optional(v.string()),
  }),
]);
export type AccidentRecordsQuery = v.InferOutput<typeof AccidentRecordsQuerySchema>;

/** One case behind a figure; `DiasEnPeriodo` are its lost days that fall in the period (to date while open). */
export const AccidentRecordCaseSchema = v.object({
  IdEvaluacion: v.string(),
  IdAccidente: v.string(),
  FechaOcurrencia: v.string(),
  Clasificacion: v.string(),
  NombreAccidentado: v.string(),
  Rut: v.string(),
  Nivel2: v.nullable(v.string()),
  Nivel3: v.nullable(v.string()),
  FechaAlta: v.string(),
  DiasEnPeriodo: v.nullable(v.number()),
  /** Whether the case counts in the figure's numerator (a trayecto case is listed and marked as excluded). */
  Cuenta: v.boolean(),
  /** Why a listed case does not count ("Trayecto: excluido de las tasas"). */
  Motivo: v.nullable(v.string()),
});
export type AccidentRecordCase = v.InferOutput<typeof AccidentRecordCaseSchema>;

/** One month of the denominator: its headcount and hours in the scope, or null when none was entered. */
export const AccidentRecordMonthSchema = v.object({
  Mes: v.string(),
  Dotacion: v.nullable(v.number()),
  HorasHombre: v.nullable(v.number()),
});
export type AccidentRecordMonth = v.InferOutput<typeof AccidentRecordMonthSchema>;

export const AccidentRecordsAnswerSchema = v.object({
  statusCode: v.literal(200),
  /** What the figure is, e.g. "Tasa de accidentabilidad 01/2026–12/2026". */
  titulo: v.string(),
  formula: v.nullable(v.string()),
  /** The numerator and denominator as computed, and the result (null: no denominator). */
  numerador: v.nullable(v.number()),
  denominador: v.nullable(v.number()),
  valor: v.nullable(v.number()),
  casos: v.array(AccidentRecordCaseSchema),
  meses: v.array(AccidentRecordMonthSchema),
});
export type AccidentRecordsAnswer = v.InferOutput<typeof AccidentRecordsAnswerSchema>;

import * as v from 'valibot';
import type { ReportColumn } from '../records/report-list-columns.ts';
import { REPORT_FILTER_MESSAGES, type ReportFilter, type ReportQuery, reportQuerySchema } from '../records/report-list.ts';

/**
 * GET /api/vehiculos/vencimientos/{company} (issue 38): what stops the fleet soon or now, a page at a time: the
 * certificates of vehicles, machines and installations about to expire or expired, the mandatory ones never
 * registered, and the licences and certifications their operators lack, soonest due first.
 */
export const VENCIMIENTOS_FLOTA_MESSAGES = {
  levelInvalid: 'La faena indicada no es válida',
  situationInvalid: 'La situación indicada no es válida',
  subjectInvalid: 'Indica si buscas documentos de activos o de operadores',
  ...REPORT_FILTER_MESSAGES,
} as const;

/** The situations the list shows, by their wire word, and how a person reads each. */
export const SITUACIONES_FLOTA = { 'por-vencer': 'Por vencer', vencida: 'Vencida', 'sin-registrar': 'Sin registrar' } as const;
export type SituacionFlota = keyof typeof SITUACIONES_FLOTA;

/** Whose document a row is: the asset's own certificate, or its operator's licence or certification. */
export const SUJETOS_FLOTA = { activo: 'Activo', operador: 'Operador' } as const;
export type SujetoFlota = keyof typeof SUJETOS_FLOTA;

const BASE_FILTERS = [
  { kind: 'level', name: 'nv2', level: 2, message: VENCIMIENTOS_FLOTA_MESSAGES.levelInvalid },
  { kind: 'rut', name: 'RutContratista', label: 'Empresa contratista', emptyLabel: 'Todas', companyOnly: true },
] as const satisfies readonly ReportFilter[];

/** The filters: the worksite, the contractor, the situation and whose document it is. */
export const VENCIMIENTOS_FLOTA_FILTERS = [
  ...BASE_FILTERS,
  { kind: 'choice', name: 'Situacion', label: 'Situación', choices: SITUACIONES_FLOTA, message: VENCIMIENTOS_FLOTA_MESSAGES.situationInvalid, emptyLabel: 'Todas' },
  { kind: 'choice', name: 'Sujeto', label: 'Documento de', choices: SUJETOS_FLOTA, message: VENCIMIENTOS_FLOTA_MESSAGES.subjectInvalid, emptyLabel: 'Todos' },
] as const satisfies readonly ReportFilter[];

export const VencimientosFlotaQuerySchema = reportQuerySchema(VENCIMIENTOS_FLOTA_FILTERS);
export type VencimientosFlotaQuery = ReportQuery<typeof VENCIMIENTOS_FLOTA_FILTERS>;

export const VencimientoFlotaRowSchema = v.object({
  /** The row's own key: whose document, of which asset, which document. */
  Clave: v.string(),
  Sujeto: v.picklist(['activo', 'operador']),
  /** The asset's table (vehiculos, equipos, instalaciones) and id. */
  Tabla: v.string(),
  IdActivo: v.string(),
  IdNivel2: v.string(),
  /** The worksite's (level 2) name. */
  Faena: v.string(),
  /** The asset's contractor; '' for the company's own. */
  RutContratista: v.string(),
  /** Its plate, code and name, or name. */
  Activo: v.string(),
  /** Its type's name; an installation has none. */
  TipoActivo: v.string(),
  /** The certification class, or the operator's licence or certification. */
  Documento: v.string(),
  /** The certificate counted, when there is one. */
  IdCertificacion: v.nullable(v.string()),
  IdPersona: v.nullable(v.string()),
  Operador: v.string(),
  /** Valid through this day; '' when not registered or due by meter alone. */
  FechaVencimiento: v.string(),
  /** The meter reading at which it falls due, when by meter. */
  LecturaVencimiento: v.nullable(v.number()),
  Situacion: v.picklist(['por-vencer', 'vencida', 'sin-registrar']),
});
export type VencimientoFlotaRow = v.InferOutput<typeof VencimientoFlotaRowSchema>;

/** The list's columns, the same on screen and in the CSV; a reading only where it falls due by meter. */
export const VENCIMIENTOS_FLOTA_COLUMNS: readonly ReportColumn<VencimientoFlotaRow>[] = [
  { header: { level: 2 }, value: (row) => row.Faena, wrap: true },
  { header: 'Contratista', value: (row) => row.RutContratista, format: 'rut', empty: 'Propio' },
  { header: 'Activo', value: (row) => row.Activo, wrap: true },
  { header: 'Tipo de activo', value: (row) => row.TipoActivo },
  { header: 'Documento', value: (row) => row.Documento, wrap: true },
  { header: 'Operador', value: (row) => row.Operador, empty: '—', wrap: true },
  { header: 'Vence', value: (row) => row.FechaVencimiento, format: 'date', empty: '—' },
  { header: 'Vence a la lectura', value: (row) => row.LecturaVencimiento, format: 'number', empty: '—' },
  { header: 'Situación', value: (row) => SITUACIONES_FLOTA[row.Situacion] },
];

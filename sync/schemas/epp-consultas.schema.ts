import * as v from 'valibot';
import { RUT_MESSAGES, rutError, cleanRut } from '../domain/rut.ts';
import { VALIDITY_LABELS, VALIDITY_STATES } from '../domain/validity.ts';
import type { ReportCompany } from '../records/record-fields.ts';
import type { ReportColumn } from '../records/report-list-columns.ts';
import { type ReportFilter, type ReportQuery, reportQuerySchema } from '../records/report-list.ts';

/**
 * The EPP "consultas" (spec 2.3: epp/consultas/asignados, entregados, vencidos, epp_vencidos, pendientes_entrega)
 * and the informe SAT (spec: GET informes/informe_sat/{rut}/{company}): lists asked to the server a page at a time.
 */
export const EPP_CONSULTAS = ['asignados', 'entregados', 'vencidos', 'epp_vencidos', 'pendientes_entrega'] as const;
export type EppConsulta = (typeof EPP_CONSULTAS)[number];

/** The consultas whose rows are deliveries: the date filter reads the delivery's date. The others ignore it. */
export const DATED_CONSULTAS: ReadonlySet<EppConsulta> = new Set(['entregados', 'vencidos', 'epp_vencidos']);

export const CONSULTAS_MESSAGES = {
  filterInvalid: 'Los filtros de la consulta no son válidos',
  workerNotFound: 'El RUT indicado no corresponde a un trabajador de la empresa',
} as const;

/** The filters of every consulta: levels 2 and 3 and the position of the worker, delivery dates, a contractor. */
export const CONSULTA_FILTERS = [
  { kind: 'level', name: 'nv2', level: 2, message: CONSULTAS_MESSAGES.filterInvalid },
  { kind: 'level', name: 'nv3', level: 3, parent: 'nv2', message: CONSULTAS_MESSAGES.filterInvalid },
  { kind: 'id', name: 'IdCargo', label: 'Cargo', message: CONSULTAS_MESSAGES.filterInvalid },
  /** The delivery's date, both included (entregados, vencidos, epp_vencidos). */
  { kind: 'days', from: 'FechaInicio', to: 'FechaTermino', labels: ['Entregado desde', 'Entregado hasta'] },
  /** A company user may narrow to one contractor's workers; a contractor user always sees only its own. */
  { kind: 'rut', name: 'RutContratista', label: 'Contratista', emptyLabel: 'Todas', companyOnly: true },
] as const satisfies readonly ReportFilter[];

export const ConsultaQuerySchema = reportQuerySchema(CONSULTA_FILTERS);
export type ConsultaQuery = ReportQuery<typeof CONSULTA_FILTERS>;

/** The informe SAT's path: a worker's RUT (dots allowed) and the company. */
export const InformeSatPathSchema = v.object({
  rut: v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => rutError(value) === null, RUT_MESSAGES.invalid),
    v.transform(cleanRut),
  ),
  company: v.string(),
});

/** Who a row is about: the worker as the company has them today. */
export const ConsultaTrabajadorSchema = v.object({
  IdPersona: v.string(),
  RunPersona: v.string(),
  Nombre: v.string(),
  /** Their positions' names, comma separated. */
  Cargos: v.string(),
  Nivel2: v.string(),
  Nivel3: v.string(),
  RutContratista: v.nullable(v.string()),
});
export type ConsultaTrabajador = v.InferOutput<typeof ConsultaTrabajadorSchema>;

/** What a list says of a delivered line: which line of which acta, the item given, until when it lasts and its state. */
const LineEntries = { IdLinea: v.string(), IdEntregadosEpp: v.string() };
const ItemEntries = { NombreEpp: v.string(), Talla: v.string(), Cantidad: v.number() };
/** VenceEl null: never expires (useful life 0). */
const ExpiryEntries = { VenceEl: v.nullable(v.string()), Estado: v.picklist(VALIDITY_STATES) };

/** asignados: one line per worker and EPP their positions' assignments plus their own require. */
export const AsignadoFilaSchema = v.object({
  ...ConsultaTrabajadorSchema.entries,
  IdEpp: v.string(),
  NombreEpp: v.string(),
  VidaUtilMeses: v.number(),
});
export type AsignadoFila = v.InferOutput<typeof AsignadoFilaSchema>;

/** A delivered line of a non-annulled acta (entregados; epp_vencidos when it is expired and not renewed). */
export const EntregadoFilaSchema = v.object({
  ...ConsultaTrabajadorSchema.entries,
  ...LineEntries,
  Fecha: v.string(),
  IdEpp: v.string(),
  ...ItemEntries,
  Motivo: v.string(),
  ...ExpiryEntries,
});
export type EntregadoFila = v.InferOutput<typeof EntregadoFilaSchema>;

/** vencidos: a worker holding at least one item past its useful life, not renewed since. */
export const VencidoFilaSchema = v.object({
  ...ConsultaTrabajadorSchema.entries,
  Vencidos: v.number(),
  /** The expired items' names, comma separated. */
  Epps: v.string(),
  /** The oldest expiry among them. */
  VencidoDesde: v.string(),
});
export type VencidoFila = v.InferOutput<typeof VencidoFilaSchema>;

/** pendientes_entrega: an item a worker must hold and holds no valid delivery of. */
export const PendienteFilaSchema = v.object({
  ...ConsultaTrabajadorSchema.entries,
  IdEpp: v.string(),
  NombreEpp: v.string(),
  /** The last valid delivery of the item, if any (then it expired on VencioEl). */
  UltimaEntrega: v.nullable(v.string()),
  VencioEl: v.nullable(v.string()),
});
export type PendienteFila = v.InferOutput<typeof PendienteFilaSchema>;

/** The row of each consulta, and the answer each sends (a page of them). */
export const CONSULTA_ROWS = {
  asignados: AsignadoFilaSchema,
  entregados: EntregadoFilaSchema,
  vencidos: VencidoFilaSchema,
  epp_vencidos: EntregadoFilaSchema,
  pendientes_entrega: PendienteFilaSchema,
} as const;
export type ConsultaFilaByKind = { [K in EppConsulta]: v.InferOutput<(typeof CONSULTA_ROWS)[K]> };

/** A line of the informe SAT: one delivered item, with the acta it was signed in. */
export const InformeSatLineaSchema = v.object({
  ...LineEntries,
  ...ItemEntries,
  Fecha: v.string(),
  ...ExpiryEntries,
  Motivo: v.string(),
  /** The acta's verification code (its seal). */
  Codigo: v.string(),
  Anulada: v.picklist([0, 1]),
});
export type InformeSatLinea = v.InferOutput<typeof InformeSatLineaSchema>;

/** A delivered line's columns, the same in the consultas and in the informe SAT (its screen and its PDF). */
export const LINE_COLUMNS = {
  epp: { header: 'EPP', value: (line) => line.NombreEpp },
  talla: { header: 'Talla', value: (line) => line.Talla },
  cantidad: { header: 'Cantidad', value: (line) => line.Cantidad, format: 'number' },
  entregado: { header: 'Entregado el', value: (line) => line.Fecha, format: 'date' },
  vence: { header: 'Vence el', value: (line) => line.VenceEl, format: 'date', empty: 'No vence' },
  estado: { header: 'Estado', value: (line) => VALIDITY_LABELS[line.Estado] },
} satisfies Record<string, ReportColumn<Pick<InformeSatLinea, 'NombreEpp' | 'Talla' | 'Cantidad' | 'Fecha' | 'VenceEl' | 'Estado'>>>;

/** The informe's lines: what the worker holds (`current`: its state) or held (its acta's), a line without size "Única". */
export const informeSatColumns = (current: boolean): ReportColumn<InformeSatLinea>[] => {
  const { epp, talla, cantidad, entregado, vence, estado } = LINE_COLUMNS;
  const acta: ReportColumn<InformeSatLinea> = { header: 'Acta', value: (line) => (line.Anulada ? 'Anulada' : 'Válida') };
  return [epp, { ...talla, empty: 'Única' }, cantidad, entregado, vence, current ? estado : acta];
};

/** Informe SAT: everything a worker holds today (the last valid delivery of each item) and every delivery before. */
export const InformeSatSchema = v.object({
  Empresa: v.object({ Nombre: v.string(), Rut: v.string() }),
  Trabajador: ConsultaTrabajadorSchema,
  /** Today in Chile, the day the states are read on. */
  Fecha: v.string(),
  Vigentes: v.array(InformeSatLineaSchema),
  Historial: v.array(InformeSatLineaSchema),
});
export type InformeSat = v.InferOutput<typeof InformeSatSchema>;

/** The printable informe SAT (app/reports): the server's data with the company's logo as the device has it. */
export interface InformeSatReportData extends Omit<InformeSat, 'Empresa'> {
  Empresa: ReportCompany;
}

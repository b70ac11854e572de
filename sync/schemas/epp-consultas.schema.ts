import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { RUT_MESSAGES, rutError, cleanRut } from '../domain/rut.ts';
import { VALIDITY_STATES } from '../domain/validity.ts';
import type { ReportCompany } from '../records/record-fields.ts';
import { ReportPageQueryEntries } from './report-list.schema.ts';

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
  dateInvalid: 'La fecha debe tener el formato AAAA-MM-DD',
  rangeReversed: 'Fecha inicial no puede ser mayor que Fecha final',
  workerNotFound: 'El RUT indicado no corresponde a un trabajador de la empresa',
} as const;

const Id = v.optional(
  v.pipe(
    v.string(CONSULTAS_MESSAGES.filterInvalid),
    v.trim(),
    v.toLowerCase(),
    v.check((value) => value === '' || /^[0-9a-f-]{36}$/.test(value), CONSULTAS_MESSAGES.filterInvalid),
  ),
  '',
);
const Day = v.optional(
  v.pipe(
    v.string(CONSULTAS_MESSAGES.dateInvalid),
    v.trim(),
    v.check((value) => value === '' || isWireDate(value), CONSULTAS_MESSAGES.dateInvalid),
  ),
  '',
);
const Rut = v.optional(
  v.pipe(
    v.string(RUT_MESSAGES.format),
    v.trim(),
    v.check((value) => value === '' || rutError(value) === null, RUT_MESSAGES.invalid),
    v.transform((value) => (value ? cleanRut(value) : '')),
  ),
  '',
);

/** The query string of every consulta: levels 2 and 3 and the position of the worker, delivery dates, a contractor, paging. */
export const ConsultaQuerySchema = v.pipe(
  v.object({
    nv2: Id,
    nv3: Id,
    IdCargo: Id,
    /** The delivery's date, both included (entregados, vencidos, epp_vencidos). */
    FechaInicio: Day,
    FechaTermino: Day,
    /** A company user may narrow to one contractor's workers; a contractor user always sees only its own. */
    RutContratista: Rut,
    ...ReportPageQueryEntries,
  }),
  v.check(
    (query) => !query.FechaInicio || !query.FechaTermino || query.FechaInicio <= query.FechaTermino,
    CONSULTAS_MESSAGES.rangeReversed,
  ),
);
export type ConsultaQuery = v.InferOutput<typeof ConsultaQuerySchema>;
/** The filters as a page sets them (texts, as they travel in the query string). */
export type ConsultaFilters = Partial<Record<'nv2' | 'nv3' | 'IdCargo' | 'FechaInicio' | 'FechaTermino' | 'RutContratista', string>>;

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

const StateSchema = v.picklist(VALIDITY_STATES);

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
  IdLinea: v.string(),
  IdEntregadosEpp: v.string(),
  Fecha: v.string(),
  IdEpp: v.string(),
  NombreEpp: v.string(),
  Talla: v.string(),
  Cantidad: v.number(),
  Motivo: v.string(),
  /** Null: never expires (useful life 0). */
  VenceEl: v.nullable(v.string()),
  Estado: StateSchema,
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
  IdLinea: v.string(),
  IdEntregadosEpp: v.string(),
  NombreEpp: v.string(),
  Talla: v.string(),
  Cantidad: v.number(),
  Fecha: v.string(),
  VenceEl: v.nullable(v.string()),
  Estado: StateSchema,
  Motivo: v.string(),
  /** The acta's verification code (its seal). */
  Codigo: v.string(),
  Anulada: v.picklist([0, 1]),
});
export type InformeSatLinea = v.InferOutput<typeof InformeSatLineaSchema>;

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

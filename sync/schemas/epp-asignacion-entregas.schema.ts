import * as v from 'valibot';
import type { ReportColumn } from '../records/report-list-columns.ts';
import { RecordIdSchema } from '../records/record-fields.ts';
import { MESSAGES, WireDateSchema } from './common.schema.ts';
import { EppEntregaCreateBodySchema, EppEntregaSchema } from './epp-entregas.schema.ts';

/**
 * Spec "Assignment": POST asignacion/entregados/{id}/{from}/{to} with Epps (delivering what an assignment requires,
 * expired between from and to) and POST asignacion/informe/{type} with Ids (the assignments' report).
 */
export const EPP_ASIGNACION_ENTREGAS_MESSAGES = {
  delivered: 'Entrega de EPP de la asignación registrada correctamente',
  notFound: 'Asignación de EPP no encontrada',
  eppsRequired: 'Elige al menos un EPP de la asignación',
  eppNotAssigned: 'Uno de los EPP indicados no es parte de esta asignación',
  workerNotAssigned: 'El trabajador del acta no tiene esta asignación de EPP',
  itemNotChosen: 'El acta entrega un EPP que no está entre los EPP indicados',
  actaRequired: 'Falta el acta firmada de la entrega',
  bodyRequired: 'Indica los EPP de la asignación y el acta firmada de la entrega',
  idsRequired: 'Elige al menos una asignación para el informe',
  idInvalid: 'Una de las asignaciones indicadas no es válida',
  typeInvalid: 'El tipo de informe debe ser pdf o csv',
} as const;
const M = EPP_ASIGNACION_ENTREGAS_MESSAGES;

const idText = v.pipe(v.string(), v.trim(), v.toLowerCase());

/** The path: the assignment and the window (both days included) in which what it requires expired. */
export const AsignacionEntregaPathSchema = v.pipe(
  v.object({ IdAsignacionEpp: idText, from: WireDateSchema, to: WireDateSchema }),
  v.check((path) => path.from <= path.to, MESSAGES.rangeReversed),
);

/**
 * The body: the assignment's EPP being delivered (`Epps`, as the assignment names them) and ONE worker's sealed
 * acta (SPEC EP2: an acta is one worker's, signed and sealed on the device), whose lines deliver only those EPP.
 */
export const AsignacionEntregaBodySchema = v.object({
  Epps: v.pipe(
    v.array(RecordIdSchema, M.eppNotAssigned),
    v.transform((ids) => [...new Set(ids)]),
    v.minLength(1, M.eppsRequired),
    v.maxLength(100, M.eppNotAssigned),
  ),
  // The acta's own schema, refusal messages included; a missing acta says so.
  Acta: v.pipe(v.looseObject({}, M.actaRequired), EppEntregaCreateBodySchema),
}, M.bodyRequired);
export type AsignacionEntregaBody = v.InferOutput<typeof AsignacionEntregaBodySchema>;

/** What a worker of the assignment still has expired in the window after the delivery: the screen's list, refreshed. */
export const AsignacionVencidoSchema = v.object({
  IdPersona: v.string(),
  RunPersona: v.string(),
  Nombre: v.string(),
  IdEpp: v.string(),
  /** The last day the worker's longest-lasting valid line of it covered. */
  VenceEl: v.string(),
});
export type AsignacionVencido = v.InferOutput<typeof AsignacionVencidoSchema>;

/** The delivery's answer: the stored acta, as POST entregados answers it, and what is still expired in the window. */
export const AsignacionEntregaAnswerSchema = v.object({
  statusCode: v.literal(200),
  message: v.string(),
  data: EppEntregaSchema,
  Vencidos: v.array(AsignacionVencidoSchema),
});

export const ASIGNACION_INFORME_TYPES = ['pdf', 'csv'] as const;
export const AsignacionInformePathSchema = v.object({ type: v.picklist(ASIGNACION_INFORME_TYPES, M.typeInvalid) });
const AssignmentId = v.pipe(v.string(M.idInvalid), v.trim(), v.toLowerCase(), v.minLength(1, M.idInvalid), v.maxLength(60, M.idInvalid));
export const AsignacionInformeBodySchema = v.object({
  Ids: v.pipe(
    v.array(AssignmentId, M.idsRequired),
    v.transform((ids) => [...new Set(ids)]),
    v.minLength(1, M.idsRequired),
    v.maxLength(1000, M.idInvalid),
  ),
}, M.idsRequired);

/** One line of the assignments' report: an assignment and one EPP it requires. */
export const AsignacionInformeFilaSchema = v.object({
  IdAsignacionEpp: v.string(),
  Asignacion: v.picklist(['Cargo', 'Trabajador']),
  /** The position's name, or the worker's. */
  Nombre: v.string(),
  /** The worker's RUT (an assignment of a worker); null for a position's. */
  RunPersona: v.nullable(v.string()),
  /** Active workers the viewer sees that the assignment covers. */
  Trabajadores: v.number(),
  IdEpp: v.string(),
  NombreEpp: v.string(),
  VidaUtilMeses: v.number(),
});
export type AsignacionInformeFila = v.InferOutput<typeof AsignacionInformeFilaSchema>;

/** The report's answer: the same lines for either type; the device writes the CSV or draws the PDF from them. */
export const AsignacionInformeAnswerSchema = v.object({
  statusCode: v.literal(200),
  Tipo: v.picklist(ASIGNACION_INFORME_TYPES),
  data: v.array(AsignacionInformeFilaSchema),
});

/** The report's columns: on the device's table, its CSV (report-list kit: Excel in Chile) and its PDF. */
export const ASIGNACION_INFORME_COLUMNS: readonly ReportColumn<AsignacionInformeFila>[] = [
  { header: 'Asignación', value: (row) => row.Asignacion },
  { header: 'Cargo o trabajador', value: (row) => row.Nombre, wrap: true },
  { header: 'RUT', value: (row) => row.RunPersona, format: 'rut' },
  { header: 'Trabajadores', value: (row) => row.Trabajadores, format: 'number' },
  { header: 'EPP', value: (row) => row.NombreEpp, wrap: true },
  { header: 'Vida útil (meses)', value: (row) => row.VidaUtilMeses || null, format: 'number', empty: 'No vence' },
];

import * as v from 'valibot';
import { formatRut } from '../domain/rut.ts';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { companyRecordApi } from '../records/entity-api.ts';
import { OptionalRecordIdSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { requiredText as Text, RutSchema, WireDateSchema as WireDate } from './common.schema.ts';
import { EntregaItemSchema } from './epp-entregas.schema.ts';

/** Spec part 2 "EPP request" and section 8 ("Solicitud editada correctamente."); the others follow the product's tone. */
export const EPP_SOLICITUDES_MESSAGES = {
  created: 'Solicitud de EPP registrada correctamente',
  updated: 'Solicitud editada correctamente.',
  deleted: 'Solicitud eliminada correctamente',
  dispatched: 'Solicitud despachada correctamente',
  dispatchedMany: 'Solicitudes despachadas correctamente',
  dispatchUndone: 'Despacho anulado: la solicitud vuelve a estar pendiente',
  linesRequired: 'La solicitud debe tener al menos un EPP para un trabajador',
  linesRepeated: 'Un trabajador tiene el mismo EPP dos veces en la solicitud',
  workerInvalid: 'Uno de los trabajadores de la solicitud no existe',
  workerName: 'El nombre del trabajador es requerido',
  workerRutMismatch: 'El RUT de una línea no es el del trabajador indicado',
  contractorsMixed: 'Los trabajadores de una solicitud deben ser de la misma empresa: haz una solicitud por empresa contratista',
  eppInvalid: 'Un EPP de la solicitud no existe en el catálogo',
  inspectionInvalid: 'La inspección indicada no existe',
  notPending: 'La solicitud ya fue despachada: no se puede editar ni eliminar',
  alreadyDispatched: 'La solicitud ya fue despachada',
  notDispatched: 'La solicitud no está despachada',
  alreadyDelivered: 'Uno de los trabajadores ya firmó la entrega de esta solicitud: el despacho no se puede anular',
  codeRequired: 'El código de despacho es requerido',
  dispatcherName: 'El nombre de quien despacha es requerido',
  dispatcherRut: 'El RUT de quien despacha no es válido',
  idsRequired: 'Elige al menos una solicitud para despachar',
} as const;

/** One worker × one item: what the worker needs, in which size (only one the catalogue offers) and how many. */
export const SolicitudLineaSchema = v.object({
  IdLinea: RecordIdSchema,
  IdPersona: RecordIdSchema,
  RunPersona: RutSchema,
  NombreTrabajador: Text(EPP_SOLICITUDES_MESSAGES.workerName, 200),
  IdEpp: RecordIdSchema,
  // An acta's item name and quantity, with the same words.
  NombreEpp: EntregaItemSchema.entries.NombreEpp,
  /** '' for a one-size item (checked against the catalogue with `deliveryItemProblem`). */
  Talla: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(20)),
  Cantidad: EntregaItemSchema.entries.Cantidad,
});
export type SolicitudLinea = v.InferOutput<typeof SolicitudLineaSchema>;
/** A worker as a request's lines name them. */
export type RequestWorker = Pick<SolicitudLinea, 'IdPersona' | 'RunPersona' | 'NombreTrabajador'>;

const LineasSchema = v.pipe(
  v.array(SolicitudLineaSchema, EPP_SOLICITUDES_MESSAGES.linesRequired),
  v.minLength(1, EPP_SOLICITUDES_MESSAGES.linesRequired),
  v.maxLength(500),
  v.check((lines) => new Set(lines.map((line) => line.IdLinea)).size === lines.length, EPP_SOLICITUDES_MESSAGES.linesRepeated),
  v.check(
    (lines) => new Set(lines.map((line) => `${line.IdPersona}|${line.IdEpp}`)).size === lines.length,
    EPP_SOLICITUDES_MESSAGES.linesRepeated,
  ),
);

/** A worker who signed the acta of this request (spec "Entregado": RunPersona, DvPersona, NombreCompleto). */
export const SolicitudEntregadoSchema = v.object({
  IdPersona: v.string(),
  /** The RUT's body, as the spec splits it: RunPersona 12345678, DvPersona '5'. */
  RunPersona: v.string(),
  DvPersona: v.string(),
  NombreCompleto: v.string(),
  IdEntregadosEpp: v.string(),
  Fecha: v.string(),
});

/**
 * An EPP request (spec "EPP request": IdEvaluacion, tallas, Despacho, Entregado). Estado 1 Pendiente, 2 Despachada
 * (waiting for the workers' signatures in the field), 3 Entregada (every worker signed), 0 deleted.
 */
export const EppSolicitudSchema = v.object({
  IdSolicitud: RecordIdSchema,
  ...RecordMetaEntries,
  Estado: v.picklist([0, 1, 2, 3]),
  /** The inspection it came from, when raised from one. */
  IdEvaluacion: OptionalRecordIdSchema,
  Fecha: WireDate,
  Lineas: LineasSchema,
  /** The workers' contractor (all of a request's workers are of one), or null: who else may read it. */
  RutContratista: v.nullable(v.string()),
  IdUsuario: v.number(),
  Solicitante: v.string(),
  CodigoDespacho: v.nullable(v.string()),
  FechaDespacho: v.nullable(v.string()),
  RutDespachador: v.nullable(v.string()),
  DvDespachador: v.nullable(v.string()),
  NombreDespachador: v.nullable(v.string()),
  DespachadoPor: v.nullable(v.number()),
  DespachadoEn: v.nullable(v.string()),
  Entregado: v.array(SolicitudEntregadoSchema),
});
export type EppSolicitud = v.InferOutput<typeof EppSolicitudSchema>;

/** POST /api/epp/solicitud/{company} (the spec omits the create; this is its list's path). */
export const EppSolicitudCreateBodySchema = v.pick(EppSolicitudSchema, ['IdSolicitud', 'IdEvaluacion', 'Fecha', 'Lineas']);
export type EppSolicitudCreateBody = v.InferOutput<typeof EppSolicitudCreateBodySchema>;

const FIELDS = ['Lineas'] as const;
const { updateBody } = recordBodies(EppSolicitudSchema, 'IdSolicitud', FIELDS);

/** A part of the dispatcher's RUT, as text or number (the spec sends either), matching `pattern` once upper-cased. */
const RutPart = (pattern: RegExp) =>
  v.pipe(
    v.union([v.string(), v.number()], EPP_SOLICITUDES_MESSAGES.dispatcherRut),
    v.transform(String),
    v.trim(),
    v.toUpperCase(),
    v.regex(pattern, EPP_SOLICITUDES_MESSAGES.dispatcherRut),
  );

/**
 * The dispatch (spec: FechaDespacho, CodigoDespacho, RutDespachador, DvDespachador, NombreDespachador, IdUsuario), as
 * query parameters or body. The RUT's check digit must match (checked with `transitionProblem` on the device).
 */
export const DespachoSchema = v.object({
  FechaDespacho: WireDate,
  CodigoDespacho: Text(EPP_SOLICITUDES_MESSAGES.codeRequired, 60),
  RutDespachador: RutPart(/^\d{7,8}$/),
  DvDespachador: RutPart(/^[\dK]$/),
  NombreDespachador: Text(EPP_SOLICITUDES_MESSAGES.dispatcherName, 150),
  /** Accepted as the spec sends it; the dispatcher on record is the token's user. */
  IdUsuario: v.optional(v.unknown()),
});
export type Despacho = v.InferOutput<typeof DespachoSchema>;

/** POST solicitud/despacho-masivo: the same fields and the requests' Ids, all dispatched or none. */
export const DespachoMasivoSchema = v.object({
  ...DespachoSchema.entries,
  Ids: v.pipe(
    v.array(RecordIdSchema, EPP_SOLICITUDES_MESSAGES.idsRequired),
    v.minLength(1, EPP_SOLICITUDES_MESSAGES.idsRequired),
    v.maxLength(500),
    v.transform((ids) => [...new Set(ids)]),
  ),
});

/** The workers of a request, once each, in the order they first appear. */
export function requestWorkers(row: Pick<EppSolicitud, 'Lineas'>): RequestWorker[] {
  const seen = new Map<string, RequestWorker>();
  for (const { IdPersona, RunPersona, NombreTrabajador } of row.Lineas)
    if (!seen.has(IdPersona)) seen.set(IdPersona, { IdPersona, RunPersona, NombreTrabajador });
  return [...seen.values()];
}

/** "3 trabajadores · 5 EPP" as lists name a request whose fields do not say it. */
function requestName(row: Partial<EppSolicitud>): string {
  const workers = row.Lineas ? requestWorkers({ Lineas: row.Lineas }) : [];
  if (workers.length === 1) return `Solicitud de EPP para ${workers[0]!.NombreTrabajador} (${formatRut(workers[0]!.RunPersona)})`;
  return workers.length > 0 ? `Solicitud de EPP para ${workers.length} trabajadores` : 'Solicitud de EPP';
}

const noun = { one: 'solicitud de EPP', many: 'solicitudes de EPP', feminine: true };

/** A request not (or no longer) dispatched: no dispatch fields; a dispatch undone clears them back to this. */
export const NO_DISPATCH = {
  CodigoDespacho: null,
  FechaDespacho: null,
  RutDespachador: null,
  DvDespachador: null,
  NombreDespachador: null,
  DespachadoPor: null,
  DespachadoEn: null,
} as const;

/**
 * A request as it is first stored, pending and undispatched: the device's row shown at once, and the server's row
 * (which fills the workers' contractor and who raised it from its own records).
 */
export function pendingRequest(
  body: EppSolicitudCreateBody,
  owner: { IdEmpresa: string; RutContratista: string | null; IdUsuario: number; Solicitante: string },
): EppSolicitud {
  return {
    ...body,
    IdEvaluacion: body.IdEvaluacion ?? null,
    ...owner,
    Estado: 1,
    Version: 1,
    ...NO_DISPATCH,
    Entregado: [],
  };
}

export const eppSolicitudEntity = defineEntity({
  table: 'epp_solicitudes',
  id: 'IdSolicitud',
  schema: EppSolicitudSchema,
  fields: FIELDS,
  createBody: EppSolicitudCreateBodySchema,
  updateBody,
  noun,
  messages: {
    ...recordMessages(noun, { inUse: '' }),
    created: EPP_SOLICITUDES_MESSAGES.created,
    updated: EPP_SOLICITUDES_MESSAGES.updated,
    deleted: EPP_SOLICITUDES_MESSAGES.deleted,
    // notFound: the kit's words, "Solicitud de EPP no encontrada".
  },
  displayName: requestName,
  verb: (write) =>
    write.path.includes('/solicitud/despacho') ? 'Despachar' : write.path.includes('/solicituddespachada/') ? 'Anular despacho' : undefined,
  permission: '/epp/solicitudes',
  // Spec "Requests": GET solicitud/{company}; solicitud/{id}/{company}; PUT and DELETE solicitud/{id}/{company}; the
  // create, which the spec omits, is POST solicitud/{company}.
  api: companyRecordApi('/api/epp', '/solicitud', 'IdSolicitud'),
  audience: { contratista: 'RutContratista' },
  references: [{ field: 'IdEvaluacion', table: 'inspecciones', message: EPP_SOLICITUDES_MESSAGES.inspectionInvalid, onDelete: 'keep' }],
  // A request is at the worksite of its workers (SPEC PL16).
  worksite: { workers: (row) => (row.Lineas as { IdPersona: string }[]).map((line) => line.IdPersona) },
  pullOrder: 7,
  device: { 10: ['Estado', 'Fecha', 'IdEvaluacion'] },
});

import * as v from 'valibot';
import { ACTA_SEAL_VERSIONS, MOTIVO_CODES } from '../domain/epp-delivery.ts';
import { formatRut } from '../domain/rut.ts';
import { isSeal } from '../domain/seal.ts';
import { defineEntity, recordMessages } from '../records/entity.ts';
import {
  FileRefSchema,
  OptionalRecordIdSchema,
  RecordIdSchema,
  RecordMetaEntries,
  type ReportImage,
  type ReportCompany,
} from '../records/record-fields.ts';
import { requiredText as Text, RutSchema, WireDateSchema as WireDate } from './common.schema.ts';

/** Spec part 2 "EPP" (Delivered: IdEntregadosEpp) and section 8; the messages follow the product's tone. */
export const EPP_ENTREGAS_MESSAGES = {
  created: 'Entrega de EPP registrada correctamente',
  annulled: 'Entrega de EPP anulada correctamente',
  alreadyAnnulled: 'El acta ya está anulada',
  notFound: 'Entrega de EPP no encontrada',
  sealed:
    'Esta acta de entrega está sellada y no se puede editar. Para corregirla, anúlala y registra una nueva entrega que indique el acta que corrige.',
  sealMismatch: 'El sello del acta no coincide con su contenido: la entrega no se guardó',
  sealInvalid: 'El sello del acta no es válido',
  workerInvalid: 'El trabajador indicado no existe',
  workerName: 'El nombre del trabajador es requerido',
  workerRutMismatch: 'El RUT del acta no es el del trabajador indicado',
  workerNameMismatch: 'El nombre del acta no es el del trabajador indicado',
  itemsRequired: 'La entrega debe tener al menos un EPP',
  eppInvalid: 'Un EPP de la entrega no existe en el catálogo',
  eppName: 'El nombre del EPP es requerido',
  sizeInvalid: 'La talla indicada no es una de las del EPP',
  sizeRequired: 'Indica la talla de cada EPP que tiene tallas',
  quantityInvalid: 'La cantidad debe ser un número entero entre 1 y 99',
  linesRepeated: 'Una línea de la entrega está repetida',
  reasonInvalid:
    'El motivo de entrega debe ser 1 (Inducción), 2 (Reposición por daño), 3 (Reposición normal), 4 (Inicio de temporada) o 5 (Garantía)',
  delivererName: 'El nombre de quien entrega es requerido',
  delivererUnknown: 'Indica quién entrega: tú o un trabajador de la nómina',
  delivererNotUser: 'Quien entrega como usuario debe ser quien registra el acta',
  delivererUserMismatch: 'El nombre o el RUT de quien entrega no son los de tu cuenta',
  delivererWorkerInvalid: 'Quien entrega no es un trabajador de la empresa',
  delivererWorkerMismatch: 'El nombre o el RUT de quien entrega no son los del trabajador indicado',
  sealVersionInvalid: 'La versión del sello del acta no es válida',
  signedAtInvalid: 'La hora de la firma debe tener fecha, hora y zona horaria',
  correctedInvalid: 'El acta que se corrige no existe o es de otro trabajador',
  companyMismatch: 'El acta es de otra empresa',
  codeNotFound: 'No existe un acta de entrega con ese código',
} as const;

const Instant = v.pipe(
  v.string(EPP_ENTREGAS_MESSAGES.signedAtInvalid),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, EPP_ENTREGAS_MESSAGES.signedAtInvalid),
  v.check((value) => !Number.isNaN(Date.parse(value)), EPP_ENTREGAS_MESSAGES.signedAtInvalid),
);
const Seal = v.pipe(v.string(EPP_ENTREGAS_MESSAGES.sealInvalid), v.toLowerCase(), v.check(isSeal, EPP_ENTREGAS_MESSAGES.sealInvalid));
export const MotivoSchema = v.picklist(MOTIVO_CODES, EPP_ENTREGAS_MESSAGES.reasonInvalid);
export const SealVersionSchema = v.picklist(ACTA_SEAL_VERSIONS, EPP_ENTREGAS_MESSAGES.sealVersionInvalid);

/** Version 2 names the deliverer by exactly one of their account or their roster id; version 1 by neither. */
function delivererIdentified(body: {
  VersionSello?: number | undefined;
  Entregador: { IdUsuario?: number | undefined; IdPersona?: string | undefined };
}): boolean {
  const named = Number(body.Entregador.IdUsuario !== undefined) + Number(body.Entregador.IdPersona !== undefined);
  return body.VersionSello === 2 ? named === 1 : named === 0;
}

/** A line of an acta: what the worker received, in which size and how many. */
export const EntregaItemSchema = v.object({
  IdLinea: RecordIdSchema,
  IdEpp: RecordIdSchema,
  /** The catalogue's name at delivery, as the paper prints it. */
  NombreEpp: Text(EPP_ENTREGAS_MESSAGES.eppName, 120),
  /** '' for a one-size item. */
  Talla: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(20, EPP_ENTREGAS_MESSAGES.sizeInvalid)),
  Cantidad: v.pipe(
    v.number(EPP_ENTREGAS_MESSAGES.quantityInvalid),
    v.integer(EPP_ENTREGAS_MESSAGES.quantityInvalid),
    v.minValue(1, EPP_ENTREGAS_MESSAGES.quantityInvalid),
    v.maxValue(99, EPP_ENTREGAS_MESSAGES.quantityInvalid),
  ),
});
export type EntregaItem = v.InferOutput<typeof EntregaItemSchema>;

/**
 * Who hands the equipment over (SPEC EP7). From version 2 of the seal, exactly one of `IdUsuario` (the user who
 * registers the acta) or `IdPersona` (a worker of the company's roster) says who they are; the server checks the name
 * and RUT against that account or worker. An acta of an older app carries neither: a typed name and RUT.
 */
export const EntregadorSchema = v.object({
  Nombre: Text(EPP_ENTREGAS_MESSAGES.delivererName, 150),
  Rut: RutSchema,
  IdUsuario: v.optional(
    v.pipe(
      v.number(EPP_ENTREGAS_MESSAGES.delivererUnknown),
      v.integer(EPP_ENTREGAS_MESSAGES.delivererUnknown),
      v.minValue(1, EPP_ENTREGAS_MESSAGES.delivererUnknown),
    ),
  ),
  IdPersona: v.optional(RecordIdSchema),
  Firma: FileRefSchema,
});
export type Entregador = v.InferOutput<typeof EntregadorSchema>;

/**
 * POST /api/epp/entregados (spec "POST epp/entregados (IdEmpresa)"): ONE worker's acta, sealed on the device when
 * the worker signed (sync/domain/epp-delivery.ts). A crew delivery is one of these per worker, never one sheet.
 */
export const EppEntregaCreateBodySchema = v.pipe(
  v.object({
    /**
     * The version of the canonical form it was sealed under (SPEC EP6): 2 from this app on; absent from an older app,
     * whose queued actas are sealed under version 1.
     */
    VersionSello: v.optional(SealVersionSchema),
    IdEntregadosEpp: RecordIdSchema,
    /** The crew delivery it was part of (the device's draft): several actas share it. */
    IdEntrega: RecordIdSchema,
    /** Accepted as the spec sends it; it must be the token's company, which is what the seal covers. */
    IdEmpresa: v.optional(v.string()),
    IdPersona: RecordIdSchema,
    RunPersona: RutSchema,
    NombreTrabajador: Text(EPP_ENTREGAS_MESSAGES.workerName, 200),
    Motivo: MotivoSchema,
    /** The delivery's date (YYYY-MM-DD, Chile). */
    Fecha: WireDate,
    IdCliente: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(60)), null),
    Items: v.pipe(
      v.array(EntregaItemSchema, EPP_ENTREGAS_MESSAGES.itemsRequired),
      v.minLength(1, EPP_ENTREGAS_MESSAGES.itemsRequired),
      v.maxLength(50),
      v.check((items) => new Set(items.map((item) => item.IdLinea)).size === items.length, EPP_ENTREGAS_MESSAGES.linesRepeated),
    ),
    Entregador: EntregadorSchema,
    FirmaTrabajador: FileRefSchema,
    /** The device's time when the worker signed, with its zone. */
    FirmadoEn: Instant,
    /** The acta this one corrects (a correction is a new delivery, never an edit). */
    Corrige: OptionalRecordIdSchema,
    Sello: Seal,
    /**
     * The dispatched EPP request this acta delivers (epp-solicitudes): the server marks the worker delivered on it.
     * Outside the seal (EPP_ACTA_LAYOUTS name its fields): it links the acta, it is not part of what the worker signed.
     */
    IdSolicitud: v.optional(RecordIdSchema),
  }),
  v.check((body) => delivererIdentified(body), EPP_ENTREGAS_MESSAGES.delivererUnknown),
);
export type EppEntregaCreateBody = v.InferOutput<typeof EppEntregaCreateBodySchema>;

/** A stored line: the body's, plus the useful life the server's catalogue had and the day it expires (null: never). */
export const EntregaLineaSchema = v.object({
  ...EntregaItemSchema.entries,
  VidaUtilMeses: v.number(),
  VenceEl: v.nullable(v.string()),
});
export type EntregaLinea = v.InferOutput<typeof EntregaLineaSchema>;

/**
 * A delivery as lists and devices see it (change-log table `epp_entregas`). Sealed: its content never changes;
 * annulling it (the spec's DELETE) keeps it, marked `Anulada` with who and when.
 */
export const EppEntregaSchema = v.object({
  IdEntregadosEpp: RecordIdSchema,
  ...RecordMetaEntries,
  IdEntrega: v.string(),
  IdPersona: v.string(),
  RunPersona: v.string(),
  NombreTrabajador: v.string(),
  /** The worker's contractor at delivery (the server's worker record), or null: who else may read it. */
  RutContratista: v.nullable(v.string()),
  IdCliente: v.nullable(v.string()),
  Motivo: MotivoSchema,
  Fecha: v.string(),
  Items: v.array(EntregaLineaSchema),
  Entregador: EntregadorSchema,
  FirmaTrabajador: FileRefSchema,
  FirmadoEn: v.string(),
  Corrige: v.nullable(v.string()),
  Sello: v.string(),
  /** The version of the canonical form it was sealed under (SPEC EP6); the verification seals it again with it. */
  VersionSello: SealVersionSchema,
  /** When the server received it (ISO UTC); null on the device until it has. */
  RecibidoEn: v.nullable(v.string()),
  IdUsuario: v.number(),
  Anulada: v.picklist([0, 1]),
  AnuladaPor: v.nullable(v.string()),
  AnuladaEn: v.nullable(v.string()),
});
export type EppEntrega = v.InferOutput<typeof EppEntregaSchema>;

/** GET /api/epp/verificar/{codigo} (public): what the verification page may say, nothing personal beyond the paper. */
export interface EppVerification {
  Codigo: string;
  Empresa: string;
  Fecha: string;
  /** Items delivered (count of lines), as the paper shows them. */
  Lineas: number;
  /** The server recomputed the seal from what it stores, and it is the one on the paper. */
  SelloCoincide: boolean;
  /** The version of the canonical form the acta was sealed under (SPEC EP6): 1 names no one, 2 seals both names. */
  VersionSello: number;
  Anulada: boolean;
  AnuladaEn: string | null;
  RecibidoEn: string;
}

/** The acta's report (spec 2.4, `/pdf/epp/{empresa}/{id}`): the same shape from the device and from the server. */
export interface EppActaReportData {
  Empresa: ReportCompany;
  IdEntregadosEpp: string;
  Trabajador: { Nombre: string; Rut: string };
  Fecha: string;
  Motivo: string;
  Items: { NombreEpp: string; Talla: string; Cantidad: number; VenceEl: string | null }[];
  Entregador: { Nombre: string; Rut: string; Firma: ReportImage };
  FirmaTrabajador: ReportImage;
  FirmadoEn: string;
  Sello: string;
  /** The verification page's address (the server's base address setting + the code); the QR code holds it. */
  UrlVerificacion: string;
  RecibidoEn: string | null;
  Corrige: string | null;
  Anulada: { Por: string; En: string } | null;
}

const noun = { one: 'entrega de EPP', many: 'entregas de EPP', feminine: true };

/** "Juan Pérez (12.345.678-5) · 21/11/2026". */
function deliveryName(row: Partial<EppEntrega>): string {
  const who = row.NombreTrabajador ?? '';
  return row.RunPersona ? `${who} (${formatRut(row.RunPersona)})` : who;
}

export const eppEntregaEntity = defineEntity({
  table: 'epp_entregas',
  id: 'IdEntregadosEpp',
  schema: EppEntregaSchema,
  fields: [],
  createBody: EppEntregaCreateBodySchema,
  noun,
  messages: {
    ...recordMessages(noun, { inUse: '' }),
    created: EPP_ENTREGAS_MESSAGES.created,
    deleted: EPP_ENTREGAS_MESSAGES.annulled,
    notFound: EPP_ENTREGAS_MESSAGES.notFound,
  },
  displayName: deliveryName,
  verb: (write) => (write.method === 'DELETE' ? 'Anular' : write.method === 'POST' ? 'Registrar' : undefined),
  permission: '/epp/entregados',
  // Spec "Delivered": POST epp/entregados; GET, PUT and DELETE one/{company}/{id}. The list is the device's download.
  api: {
    base: '/api/epp',
    list: '/entregados/:company',
    detail: '/one/:company/:IdEntregadosEpp',
    create: '/entregados',
    remove: '/one/:company/:IdEntregadosEpp',
  },
  audience: 'partes',
  // A sealed acta keeps its history: the worker or the acta it corrects may change later.
  references: [
    { field: 'IdPersona', table: 'trabajadores', message: EPP_ENTREGAS_MESSAGES.workerInvalid, onDelete: 'keep' },
    { field: 'Corrige', table: 'epp_entregas', message: EPP_ENTREGAS_MESSAGES.correctedInvalid, onDelete: 'keep' },
  ],
  files: (row) => [...(row.Entregador ? [row.Entregador.Firma] : []), ...(row.FirmaTrabajador ? [row.FirmaTrabajador] : [])],
  // An acta is where its worker is, and follows them to another worksite (SPEC PL16).
  worksite: { workers: (row) => [String(row.IdPersona)], movesWith: 'IdPersona' },
  pullOrder: 6,
  device: { 7: ['Fecha', 'IdPersona', 'IdEntrega', 'Corrige'] },
});

/**
 * A line's size against its catalogue item (the device checks it before the worker signs, the server when the acta
 * arrives): an item with sizes needs one of them; a one-size item takes none.
 */
export function deliveryItemProblem(item: Pick<EntregaItem, 'Talla'>, tipo: { Tallas: readonly string[] } | undefined): string | null {
  if (!tipo) return EPP_ENTREGAS_MESSAGES.eppInvalid;
  const size = item.Talla.trim();
  if (tipo.Tallas.length === 0) return size === '' ? null : EPP_ENTREGAS_MESSAGES.sizeInvalid;
  if (size === '') return EPP_ENTREGAS_MESSAGES.sizeRequired;
  return tipo.Tallas.some((offered) => offered.toLocaleLowerCase('es') === size.toLocaleLowerCase('es'))
    ? null
    : EPP_ENTREGAS_MESSAGES.sizeInvalid;
}

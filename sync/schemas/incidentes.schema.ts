import * as v from 'valibot';
import { isWireDate } from '../domain/dates.ts';
import { CLASIFICACIONES } from '../domain/incident-form.ts';
import { REPORT_RULE_MESSAGES } from '../domain/incident-rules.ts';
import { CRITERIO_KEYS } from '../domain/legal-clock.ts';
import { defineEntity, recordMessages } from '../records/entity.ts';
import {
  BaseVersionSchema,
  FileRefSchema,
  OptionalRecordIdSchema,
  OptionalRutSchema,
  RecordIdSchema,
  RecordMetaEntries,
} from '../records/record-fields.ts';
import { MedidaNuevaSchema } from './medidas-control.schema.ts';

/** Spec part 2, section 8 (accident notices) and the messages of the accident form. */
export const INCIDENTES_MESSAGES = {
  created: 'Accidente creado correctamente',
  updated: 'Accidente editado correctamente',
  deleted: 'Accidente eliminado correctamente',
  deletedMany: 'Accidentes eliminados correctamente',
  deleteFailed: 'Error al eliminar el accidente',
  deleteManyFailed: 'Error al eliminar los accidentes',
  closed: 'Incidente cerrado correctamente',
  opened: 'Incidente abierto correctamente',
  notFound: 'Accidente no encontrado',
  closeRefused: 'No es posible cerrar el incidente: hay medidas de control sin aprobar',
  alreadyClosed: 'El incidente está cerrado: ábrelo para modificarlo',
  alreadyOpen: 'El incidente ya está abierto',
  ...REPORT_RULE_MESSAGES,
  ageInvalid: 'La edad debe ser un número entero entre 14 y 100',
  amountInvalid: 'El monto debe ser un número mayor o igual a 0',
  criterionInvalid: 'Un criterio de gravedad no es válido',
  levelInvalid: 'El nivel indicado no existe',
  workerInvalid: 'El trabajador accidentado no existe',
  catalogueInvalid: 'Un valor elegido ya no está en su catálogo',
  evidenceName: 'El nombre de la evidencia es requerido',
  declarationText: 'El texto de la declaración es requerido',
  declarantName: 'El nombre de quien declara es requerido',
  investigatorName: 'El nombre del investigador es requerido',
  instantInvalid: 'La fecha y hora no es válida',
  dischargeInvalid: 'La fecha de alta no es válida',
} as const;

const M = INCIDENTES_MESSAGES;

const text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');
const required = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max));
const OptionalDate = (message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check((value) => value === '' || isWireDate(value), message),
    ),
    '',
  );
const Instant = (message: string) => v.pipe(v.string(message), v.isoTimestamp(message));
const OptionalInstant = v.nullish(Instant(M.instantInvalid), null);
const Ids = v.optional(
  v.pipe(
    v.array(RecordIdSchema, M.catalogueInvalid),
    v.maxLength(60),
    v.transform((ids) => [...new Set(ids)]),
  ),
  [],
);
/** "08:30" or "08:30:00" in, "08:30:00" stored (spec: HoraOcurrencia as HH:mm:ss). */
const TimeSchema = v.pipe(
  v.string(M.timeRequired),
  v.trim(),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, M.timeRequired),
  v.transform((value) => (value.length === 5 ? `${value}:00` : value)),
);

export const EvidenciaSchema = v.object({
  IdEvidencia: RecordIdSchema,
  Nombre: required(M.evidenceName, 160),
  Archivo: FileRefSchema,
  Fecha: Instant(M.instantInvalid),
});
export type EvidenciaIncidente = v.InferOutput<typeof EvidenciaSchema>;

/** A statement of a witness or of the injured person, with an optional scanned page or photo. */
export const DeclaracionSchema = v.object({
  IdDeclaracion: RecordIdSchema,
  Nombre: required(M.declarantName, 150),
  Rut: OptionalRutSchema,
  Calidad: text(80),
  Texto: required(M.declarationText, 4000),
  Archivo: v.nullish(FileRefSchema, null),
  Fecha: Instant(M.instantInvalid),
});
export type Declaracion = v.InferOutput<typeof DeclaracionSchema>;

/** A member of the investigation team and their signature. */
export const InvestigadorSchema = v.object({
  IdInvestigador: RecordIdSchema,
  Nombre: required(M.investigatorName, 150),
  Rut: OptionalRutSchema,
  Cargo: text(120),
  Firma: FileRefSchema,
  FirmadoEn: Instant(M.instantInvalid),
});
export type Investigador = v.InferOutput<typeof InvestigadorSchema>;

/**
 * What a person writes of a case, in the spec's field names (the static form). Catalogue choices are ids of the
 * accident catalogues; the injured worker is picked from the roster (IdPersona) with name and RUT copied, or typed.
 */
export const IncidenteFieldEntries = {
  Clasificacion: v.picklist(CLASIFICACIONES, M.classificationRequired),
  CriteriosGravedad: v.optional(
    v.pipe(
      v.array(v.picklist(CRITERIO_KEYS, M.criterionInvalid)),
      v.transform((keys) => [...new Set(keys)]),
    ),
    [],
  ),
  FechaOcurrencia: v.pipe(v.string(M.dateRequired), v.trim(), v.check(isWireDate, M.dateRequired)),
  HoraOcurrencia: TimeSchema,
  FechaAlta: OptionalDate(M.dischargeInvalid),
  Lugar: required(M.placeRequired, 200),
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
  ProcesoFaena: text(150),
  EquipoTrabajo: text(150),
  FuenteEvento: OptionalRecordIdSchema,
  AgenteEvento: OptionalRecordIdSchema,
  TipoEvento: v.pipe(v.string(M.eventTypeRequired), v.trim(), v.toLowerCase(), v.uuid(M.eventTypeRequired)),
  IdPersona: OptionalRecordIdSchema,
  NombreAccidentado: text(150),
  Rut: OptionalRutSchema,
  Cargo: text(120),
  Edad: v.nullish(
    v.pipe(v.number(M.ageInvalid), v.integer(M.ageInvalid), v.minValue(14, M.ageInvalid), v.maxValue(100, M.ageInvalid)),
    null,
  ),
  AntiguedadCargo: text(60),
  RutContratista: v.nullish(OptionalRutSchema, ''),
  TipoLesion: OptionalRecordIdSchema,
  ParteCuerpo: OptionalRecordIdSchema,
  Equipo: OptionalRecordIdSchema,
  Proceso: text(150),
  Monto: v.nullish(v.pipe(v.number(M.amountInvalid), v.minValue(0, M.amountInvalid)), null),
  Descripcion: text(6000),
  ActosSubestandar: Ids,
  Factores: Ids,
  CondicionSubestandar: Ids,
  CausasBasicas: Ids,
  ItemCausasBasicas: Ids,
  FaltaControl: Ids,
  IdRiesgoEspecifico: OptionalRecordIdSchema,
  Probabilidad: v.nullish(v.number(M.weightingInvalid), null),
  Consecuencia: v.nullish(v.number(M.weightingInvalid), null),
  NombreInformador: required(M.reporterRequired, 150),
  RutEjecutor: text(10),
  DvEjecutor: text(1),
  FirmaInformador: v.nullish(FileRefSchema, null),
  FechaConocimiento: Instant(M.knownAtInvalid),
  MedioPrueba: text(500),
  DiatPresentadaEn: OptionalInstant,
  DiatPresentadaPor: text(150),
  DiatFolio: text(60),
  Mutualidad: text(80),
  SuspensionFaenaEn: OptionalInstant,
  AvisoInspeccionEn: OptionalInstant,
  AvisoSeremiEn: OptionalInstant,
  /** What the person typed into the DIAT draft where our data lacks it, by the draft's field. */
  DatosDiat: v.optional(v.record(v.string(), v.pipe(v.string(), v.trim(), v.maxLength(300))), {}),
};

/** Append-only children (SPEC CF5): evidence, statements and investigators are added by their own ids, never removed. */
export const IncidenteChildEntries = {
  Evidencias: v.optional(v.pipe(v.array(EvidenciaSchema), v.maxLength(40)), []),
  Declaraciones: v.optional(v.pipe(v.array(DeclaracionSchema), v.maxLength(40)), []),
  Investigadores: v.optional(v.pipe(v.array(InvestigadorSchema), v.maxLength(12)), []),
};

export const INCIDENT_FIELDS = Object.keys(IncidenteFieldEntries) as (keyof typeof IncidenteFieldEntries)[];

/** How the app names a live case's state (the list's and the detail's badge, the inspector portal's card). */
export const INCIDENTE_ESTADO_LABELS = { 1: 'Abierto', 2: 'Cerrado' } as const;

/** The case as lists, devices and reports see it (change-log table `incidentes`); control measures travel apart. */
export const IncidenteSchema = v.object({
  IdEvaluacion: RecordIdSchema,
  ...RecordMetaEntries,
  /** 1 open, 2 closed (spec), 0 deleted (the kit's tombstone). */
  Estado: v.picklist([0, 1, 2]),
  /** The display folio: when the report was made, YYYYMMDDHHmmss in Chile (spec: IdAccidente, a timestamp). */
  IdAccidente: v.string(),
  ...IncidenteFieldEntries,
  RutContratista: v.nullable(v.string()),
  ...IncidenteChildEntries,
  /** Computed by the server from the fields above (the device shows its own until the row comes back). */
  DiasPerdidos: v.nullable(v.number()),
  Gravedad: v.picklist(['fatal', 'grave', 'no_grave']),
  ValorRiesgo: v.nullable(v.number()),
  NivelRiesgo: v.string(),
  IdCliente: v.nullable(v.string()),
  /** Day of the report (spec FechaEvaluacion) and who made it. */
  FechaEvaluacion: v.string(),
  IdUsuario: v.number(),
  CreadoEn: v.string(),
  CerradoEn: v.nullable(v.string()),
});
export type Incidente = v.InferOutput<typeof IncidenteSchema>;

/**
 * POST /api/accidentes/registro-accidentes/nuevo/accidente/{company}: a report, whole, in one write (the draft lives
 * on the device until then). Stage 1 alone is a valid report; stages 2 and 3 may come with it or later.
 */
export const IncidenteCreateBodySchema = v.object({
  IdEvaluacion: RecordIdSchema,
  IdAccidente: v.pipe(v.string(), v.regex(/^\d{14}$/)),
  ...IncidenteFieldEntries,
  ...IncidenteChildEntries,
  MedidasControl: v.optional(v.pipe(v.array(MedidaNuevaSchema), v.maxLength(40)), []),
});
export type IncidenteCreateBody = v.InferOutput<typeof IncidenteCreateBodySchema>;

const optionalEntries = Object.fromEntries(Object.entries(IncidenteFieldEntries).map(([field, schema]) => [field, v.optional(schema)])) as {
  [K in keyof typeof IncidenteFieldEntries]: v.OptionalSchema<(typeof IncidenteFieldEntries)[K], undefined>;
};

/** PUT /api/accidentes/registro-accidentes/{id}/{company}: the fields that changed (CF2), new children and new measures. */
export const IncidenteUpdateBodySchema = v.object({
  IdEvaluacion: RecordIdSchema,
  Version: BaseVersionSchema,
  ...optionalEntries,
  Evidencias: v.optional(IncidenteChildEntries.Evidencias.wrapped),
  Declaraciones: v.optional(IncidenteChildEntries.Declaraciones.wrapped),
  Investigadores: v.optional(IncidenteChildEntries.Investigadores.wrapped),
  MedidasControl: v.optional(v.pipe(v.array(MedidaNuevaSchema), v.maxLength(40)), []),
});
export type IncidenteUpdateBody = v.InferOutput<typeof IncidenteUpdateBodySchema>;

/** POST cerrar/registro/{id} and abrir/registro/{id}: the Version the person saw (a stale one is a conflict). */
export const EstadoBodySchema = v.object({ Version: v.optional(BaseVersionSchema) });

const incidentNoun = { one: 'accidente', many: 'accidentes' };
const STATE_VERBS: Record<string, string> = { cerrar: 'Cerrar', abrir: 'Abrir' };

export const incidenteEntity = defineEntity({
  table: 'incidentes',
  id: 'IdEvaluacion',
  schema: IncidenteSchema,
  fields: INCIDENT_FIELDS,
  stateFields: [],
  createBody: IncidenteCreateBodySchema,
  updateBody: IncidenteUpdateBodySchema,
  noun: incidentNoun,
  messages: { ...recordMessages(incidentNoun, { inUse: '' }), ...INCIDENTES_MESSAGES },
  displayName: (row) => [row.IdAccidente ? `N° ${row.IdAccidente}` : '', row.Lugar ?? ''].filter(Boolean).join(' · '),
  verb: (write) => (write.method === 'POST' ? STATE_VERBS[write.path.split('/').at(-3) ?? ''] : undefined),
  permission: '/incidentes',
  api: {
    base: '/api/accidentes',
    list: '/registro-accidentes/:company',
    detail: '/registro-accidentes/:IdEvaluacion/:company',
    create: '/registro-accidentes/nuevo/accidente/:company',
    update: '/registro-accidentes/:IdEvaluacion/:company',
    remove: '/registro-accidentes/:IdEvaluacion/:company',
  },
  audience: 'partes',
  // A case keeps its history: the worker, levels and catalogue entries it names stay named when deleted later.
  references: [
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: M.levelInvalid, onDelete: 'keep' },
    { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: M.levelInvalid, onDelete: 'keep' },
    { field: 'IdPersona', table: 'trabajadores', message: M.workerInvalid, onDelete: 'keep' },
    { field: 'FuenteEvento', table: 'fuentes_evento', message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'AgenteEvento', table: 'agentes_evento', message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'TipoEvento', table: 'tipos_evento', message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'TipoLesion', table: 'tipos_lesion', message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'ParteCuerpo', table: 'partes_cuerpo', message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'Equipo', table: 'items_agente', message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'ActosSubestandar', table: 'actos_subestandares', many: true, message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'Factores', table: 'factores', many: true, message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'CondicionSubestandar', table: 'condiciones_subestandares', many: true, message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'CausasBasicas', table: 'causas_basicas', many: true, message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'ItemCausasBasicas', table: 'items_causas_basicas', many: true, message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'FaltaControl', table: 'faltas_control', many: true, message: M.catalogueInvalid, onDelete: 'keep' },
    { field: 'IdRiesgoEspecifico', table: 'riesgos_especificos', message: M.catalogueInvalid, onDelete: 'keep' },
  ],
  files: (row) => [
    ...(row.Evidencias ?? []).map((evidence) => evidence.Archivo),
    ...(row.Declaraciones ?? []).flatMap((declaration) => (declaration.Archivo ? [declaration.Archivo] : [])),
    ...(row.Investigadores ?? []).map((investigator) => investigator.Firma),
    ...(row.FirmaInformador ? [row.FirmaInformador] : []),
  ],
  // A field device holds the records of its worksites (SPEC PL13).
  worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
  pullOrder: 8,
  device: { 8: ['FechaOcurrencia', 'Estado'] },
});

import * as v from 'valibot';
import { formatDisplayDate } from '../domain/dates.ts';
import { defineEntity, recordMessages } from '../records/entity.ts';
import {
  BaseVersionSchema,
  type FileRef,
  OptionalRecordIdSchema,
  OptionalRutSchema,
  RecordIdSchema,
  RecordMetaEntries,
} from '../records/record-fields.ts';
import { ParticipanteBodySchema, ParticipanteSchema, RelatorBodySchema, RelatorSchema } from './capacitaciones-partes.schema.ts';
import { EvidenciaBodySchema, EvidenciaCapacitacionSchema, WireDate } from './capacitaciones-programa.schema.ts';
import { HoursSchema } from './capacitaciones-tipos.schema.ts';

/** Training sessions (spec "capacitaciones creadas" and "realizadas"): messages of the forms and the server. */
export const CAPACITACIONES_MESSAGES = {
  typeInvalid: 'El tipo de capacitación indicado no existe',
  programmeInvalid: 'El programa indicado no existe',
  dateRequired: 'La fecha es requerida',
  placeRequired: 'El lugar es requerido',
  topicRequired: 'El tema es requerido',
  timeInvalid: 'La hora debe tener el formato HH:mm',
  levelInvalid: 'El nivel indicado no existe',
  cargoInvalid: 'Uno de los cargos indicados no existe',
  realisationDateRequired: 'La fecha de realización es requerida',
  notRealised: 'La capacitación aún no se ha realizado',
  alreadyRealised: 'La capacitación ya fue realizada',
  /** Spec section 8: training writes that fail. */
  actionFailed: 'No fue posible realizar la acción',
  guideRemoved: 'Guía de evidencia eliminada correctamente',
  participantAdded: 'Participante agregado correctamente',
  participantRemoved: 'Participante eliminado correctamente',
  presenterAdded: 'Relator agregado correctamente',
  presenterRemoved: 'Relator eliminado correctamente',
  evidenceAdded: 'Evidencia agregada correctamente',
  realised: 'Capacitación realizada registrada correctamente',
  childIdTaken: 'Un participante, relator o evidencia indicado ya pertenece a otra capacitación',
} as const;

const TimeSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), CAPACITACIONES_MESSAGES.timeInvalid),
);
const CargoIdsSchema = v.pipe(
  v.array(RecordIdSchema, CAPACITACIONES_MESSAGES.cargoInvalid),
  v.maxLength(100),
  v.transform((ids) => [...new Set(ids)]),
);
const Text = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max));
const children = {
  Participantes: v.pipe(v.array(ParticipanteBodySchema), v.maxLength(500)),
  Relatores: v.pipe(v.array(RelatorBodySchema), v.maxLength(20)),
  Evidencias: v.pipe(v.array(EvidenciaBodySchema), v.maxLength(50)),
};

/**
 * A session as stored and pulled, whole: its participants, presenters and evidence travel inside it (one row on
 * the device, one write on the wire), while the server keeps each list in its own table for reports and
 * dashboards. `RutContratista` and `IdCliente` are the parties it was held for (who may see it, SPEC PL7); they
 * are set at creation and never change. `VigenciaMeses` and `Evaluada` are the type's, fixed when realised.
 */
export const CapacitacionSchema = v.object({
  IdCapacitacion: RecordIdSchema,
  ...RecordMetaEntries,
  IdTipoCapacitacion: v.string(),
  IdPrograma: v.nullable(v.string()),
  Tema: v.string(),
  Fecha: v.string(),
  HoraInicio: v.string(),
  Lugar: v.string(),
  DuracionHoras: v.number(),
  IdNivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
  RutContratista: v.nullable(v.string()),
  IdCliente: v.nullable(v.string()),
  /** Positions whose workers were added as participants (spec: participants by cargo). */
  CargosParticipantes: v.array(v.string()),
  Realizada: v.picklist([0, 1]),
  FechaRealizacion: v.nullable(v.string()),
  VigenciaMeses: v.nullable(v.number()),
  Evaluada: v.picklist([0, 1]),
  /** The user who created it. */
  IdUsuario: v.number(),
  Participantes: v.array(ParticipanteSchema),
  Relatores: v.array(RelatorSchema),
  Evidencias: v.array(EvidenciaCapacitacionSchema),
});
export type Capacitacion = v.InferOutput<typeof CapacitacionSchema>;

/** The fields an edit may change (each with its own version, SPEC CF3); the realisation sets the last two. */
export const CAPACITACION_FIELDS = [
  'IdTipoCapacitacion',
  'IdPrograma',
  'Tema',
  'Fecha',
  'HoraInicio',
  'Lugar',
  'DuracionHoras',
  'IdNivel2',
  'IdNivel3',
  'CargosParticipantes',
  'Realizada',
  'FechaRealizacion',
] as const;

/**
 * POST /creadas: a new session with its lists, in ONE write (the spec's one call per participant, presenter and
 * guide also exist, for other clients). A position in `CargosParticipantes` brings in every active worker holding
 * it that the list does not already name. `DuracionHoras` omitted: the type's.
 */
export const CapacitacionCreateBodySchema = v.object({
  IdCapacitacion: RecordIdSchema,
  IdTipoCapacitacion: RecordIdSchema,
  IdPrograma: OptionalRecordIdSchema,
  Tema: Text(CAPACITACIONES_MESSAGES.topicRequired, 200),
  Fecha: WireDate(CAPACITACIONES_MESSAGES.dateRequired),
  HoraInicio: TimeSchema,
  Lugar: Text(CAPACITACIONES_MESSAGES.placeRequired, 200),
  DuracionHoras: v.optional(HoursSchema),
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
  RutContratista: OptionalRutSchema,
  IdCliente: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''),
  CargosParticipantes: v.optional(CargoIdsSchema, []),
  Participantes: v.optional(children.Participantes, []),
  Relatores: v.optional(children.Relatores, []),
  Evidencias: v.optional(children.Evidencias, []),
});
export type CapacitacionCreateBody = v.InferOutput<typeof CapacitacionCreateBodySchema>;

/** PUT /creadas: the changed fields, the Version they were based on (CF2), and added or changed children (CF5). */
export const CapacitacionUpdateBodySchema = v.object({
  IdCapacitacion: RecordIdSchema,
  Version: BaseVersionSchema,
  IdTipoCapacitacion: v.optional(RecordIdSchema),
  IdPrograma: v.optional(v.nullable(RecordIdSchema)),
  Tema: v.optional(Text(CAPACITACIONES_MESSAGES.topicRequired, 200)),
  Fecha: v.optional(WireDate(CAPACITACIONES_MESSAGES.dateRequired)),
  HoraInicio: v.optional(TimeSchema),
  Lugar: v.optional(Text(CAPACITACIONES_MESSAGES.placeRequired, 200)),
  DuracionHoras: v.optional(HoursSchema),
  IdNivel2: v.optional(v.nullable(RecordIdSchema)),
  IdNivel3: v.optional(v.nullable(RecordIdSchema)),
  CargosParticipantes: v.optional(CargoIdsSchema),
  Participantes: v.optional(children.Participantes),
  Relatores: v.optional(children.Relatores),
  Evidencias: v.optional(children.Evidencias),
});
export type CapacitacionUpdateBody = v.InferOutput<typeof CapacitacionUpdateBodySchema>;

/**
 * PUT /detalles/realizadas: the attendance taken at the worksite, in ONE write (SPEC TR2): who attended (signed),
 * their grades, the presenters' signatures and the photos. Marks the session realised on `FechaRealizacion`; sent
 * again, it corrects grades or adds people ("rating saves replace the row with the same Id").
 */
export const RealizacionBodySchema = v.object({
  IdCapacitacion: RecordIdSchema,
  Version: BaseVersionSchema,
  FechaRealizacion: WireDate(CAPACITACIONES_MESSAGES.realisationDateRequired),
  Participantes: v.optional(children.Participantes, []),
  Relatores: v.optional(children.Relatores, []),
  Evidencias: v.optional(children.Evidencias, []),
});
export type RealizacionBody = v.InferOutput<typeof RealizacionBodySchema>;

/** Every file a session (or a body of it) points at: all are uploaded before it (SPEC FL3). */
export function sessionFiles(row: {
  Participantes?: { Firma?: FileRef | null }[];
  Relatores?: { Firma?: FileRef | null }[];
  Evidencias?: { Archivo?: FileRef }[];
}): FileRef[] {
  return [
    ...(row.Participantes ?? []).flatMap((child) => (child.Firma ? [child.Firma] : [])),
    ...(row.Relatores ?? []).flatMap((child) => (child.Firma ? [child.Firma] : [])),
    ...(row.Evidencias ?? []).flatMap((child) => (child.Archivo ? [child.Archivo] : [])),
  ];
}

const noun = { one: 'capacitación', many: 'capacitaciones', feminine: true };

export const capacitacionEntity = defineEntity({
  table: 'capacitaciones',
  id: 'IdCapacitacion',
  schema: CapacitacionSchema,
  fields: CAPACITACION_FIELDS,
  createBody: CapacitacionCreateBodySchema,
  updateBody: CapacitacionUpdateBodySchema,
  noun,
  messages: recordMessages(noun, { inUse: 'No se puede eliminar la capacitación' }),
  displayName: (row) => [row.Tema, row.Fecha ? formatDisplayDate(row.Fecha) : ''].filter(Boolean).join(' · '),
  verb: (write) => (write.method === 'PUT' && write.path.endsWith('/detalles/realizadas') ? 'Registrar asistencia' : undefined),
  permission: '/capacitaciones/creadas',
  // Held sessions are read from "Capacitaciones realizadas" too (a contractor's or client's users, SPEC PL10).
  readBy: ['/capacitaciones/realizadas'],
  api: {
    base: '/api/capacitaciones',
    list: '/creadas/:company',
    detail: '/creadas/:IdCapacitacion/:company',
    create: '/creadas',
    update: '/creadas',
    remove: '/creadas/:IdCapacitacion',
  },
  audience: 'partes',
  references: [
    { field: 'IdTipoCapacitacion', table: 'tipos_capacitacion', message: CAPACITACIONES_MESSAGES.typeInvalid },
    { field: 'IdPrograma', table: 'programas_capacitacion', message: CAPACITACIONES_MESSAGES.programmeInvalid },
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: CAPACITACIONES_MESSAGES.levelInvalid, onDelete: 'keep' },
    { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: CAPACITACIONES_MESSAGES.levelInvalid, onDelete: 'keep' },
    { field: 'CargosParticipantes', table: 'cargos', many: true, message: CAPACITACIONES_MESSAGES.cargoInvalid, onDelete: 'keep' },
  ],
  files: sessionFiles,
  // A field device holds the records of its worksites (SPEC PL13).
  worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
  pullOrder: 10,
  device: { 6: ['orden', 'Realizada', '*personas', '*asistencias', 'IdPrograma'] },
});

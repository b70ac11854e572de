import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { OptionalWireDateSchema, RutSchema } from './common.schema.ts';

/** The gate's words where the spec has none (its `control-acceso` screen is a stub). */
export const ACCESO_MESSAGES = {
  reasonRequired: 'Indica el motivo del pase provisorio',
  yearlyLimit: (limit: number) => `La persona ya recibió los ${limit} pases provisorios que permite el año`,
  gateRequired: 'Indica la portería',
  worksiteInvalid: 'La faena indicada no existe',
  dateInvalid: 'La fecha del movimiento no es válida',
  subjectMissing: 'Indica el RUT de la persona o el vehículo o equipo',
  notAccredited: 'La persona no está acreditada hoy en esa faena: no se le puede dar un pase del día',
  revocationReason: 'Indica el motivo de la revocación',
  shiftEndsInvalid: 'Los fines de turno se escriben HH:MM, por ejemplo 08:00 y 20:00',
  limitInvalid: 'El máximo de pases provisorios al año debe ser un número entre 0 y 365',
  settingsExist: 'La empresa ya tiene su configuración de control de acceso',
} as const;

const text = (max: number, required?: string) =>
  required
    ? v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max))
    : v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max));

/** The gate's worksite: a level 2 of the company (the kit refuses any other with this message). */
const worksiteReference = [
  { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: ACCESO_MESSAGES.worksiteInvalid, onDelete: 'keep' as const },
];

const instant = (message: string) => v.pipe(v.string(message), v.isoTimestamp(message));

/** Who did it, kept by the server from the session (absent on a row still queued on the tablet). */
const byUser = { IdUsuario: v.optional(v.number(), 0), NombreUsuario: v.optional(v.string(), '') };

/**
 * Who the guard let in or out, or refused, from which gate, on the tablet's clock, and why (SPEC GA-ENT). The server
 * adds its own clock on receipt, the guard and the person's contractor. A refused attempt is kept and moves nobody.
 */
export const MovimientoSchema = v.object({
  IdMovimiento: RecordIdSchema,
  ...RecordMetaEntries,
  Tipo: v.picklist(['entrada', 'salida']),
  Sujeto: v.picklist(['persona', 'vehiculo', 'equipo']),
  Rut: v.optional(v.string(), ''),
  IdActivo: v.optional(v.nullable(v.string()), null),
  Nombre: text(160),
  IdNivel2: RecordIdSchema,
  Puerta: text(80, ACCESO_MESSAGES.gateRequired),
  Permitido: v.picklist([0, 1]),
  Via: v.picklist(['', 'personal', 'acreditacion', 'pase', 'provisorio']),
  Motivos: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(300))), v.maxLength(20)), []),
  FechaDispositivo: instant(ACCESO_MESSAGES.dateInvalid),
  FechaServidor: v.optional(v.string(), ''),
  RutContratista: v.optional(v.string(), ''),
  ...byUser,
});
export type Movimiento = v.InferOutput<typeof MovimientoSchema>;

const MOVIMIENTO_FIELDS = ['Tipo', 'Sujeto', 'Rut', 'IdActivo', 'Nombre', 'IdNivel2', 'Puerta', 'Permitido', 'Via', 'Motivos', 'FechaDispositivo'] as const;
const movimientoNoun = { one: 'movimiento', many: 'movimientos' };

export const movimientoEntity = defineEntity({
  table: 'movimientos_acceso',
  id: 'IdMovimiento',
  schema: MovimientoSchema,
  fields: MOVIMIENTO_FIELDS,
  createBody: recordBodies(MovimientoSchema, 'IdMovimiento', MOVIMIENTO_FIELDS).createBody,
  noun: movimientoNoun,
  messages: recordMessages(movimientoNoun, { inUse: '' }),
  displayName: (row) => row.Nombre ?? '',
  permission: '/control-acceso',
  api: { base: '/api/control-acceso', list: '/movimientos/:company', detail: '/movimientos/:company/:IdMovimiento', create: '/movimientos' },
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2' },
  references: worksiteReference,
  pullOrder: 9,
  device: { 14: ['IdNivel2', 'Rut', 'IdActivo', 'FechaDispositivo'] },
});

/**
 * A day pass the server signs (SPEC GA-PAS): a person may enter a worksite until the day their accreditation there
 * ends. `Token` is what the product prints as a QR; a tablet verifies it offline with the company's public key.
 * Revoking it is an update of `Revocado`, a small change every tablet of the worksite pulls.
 */
export const PaseDiaSchema = v.object({
  IdPase: RecordIdSchema,
  ...RecordMetaEntries,
  Rut: RutSchema,
  Nombre: v.optional(v.string(), ''),
  IdNivel2: RecordIdSchema,
  Hasta: v.optional(OptionalWireDateSchema, ''),
  Emitido: v.optional(v.string(), ''),
  Token: v.optional(v.string(), ''),
  Revocado: v.optional(v.picklist([0, 1]), 0),
  MotivoRevocacion: text(300),
  RutContratista: v.optional(v.string(), ''),
  ...byUser,
});
export type PaseDia = v.InferOutput<typeof PaseDiaSchema>;

const paseDiaNoun = { one: 'pase del día', many: 'pases del día' };
const PASE_DIA_FIELDS = ['Rut', 'IdNivel2'] as const;

export const RevocarPaseBodySchema = v.object({
  IdPase: RecordIdSchema,
  Version: v.number(),
  Revocado: v.literal(1),
  MotivoRevocacion: text(300, ACCESO_MESSAGES.revocationReason),
});

export const paseDiaEntity = defineEntity({
  table: 'pases_dia',
  id: 'IdPase',
  schema: PaseDiaSchema,
  fields: ['Revocado', 'MotivoRevocacion'],
  stateFields: ['Revocado'],
  createBody: recordBodies(PaseDiaSchema, 'IdPase', PASE_DIA_FIELDS).createBody,
  updateBody: RevocarPaseBodySchema,
  noun: paseDiaNoun,
  messages: recordMessages(paseDiaNoun, { inUse: '' }),
  displayName: (row) => row.Nombre || row.Rut || '',
  verb: ({ method }) => (method === 'PUT' ? 'Revocar' : undefined),
  permission: '/control-acceso',
  api: { base: '/api/control-acceso', list: '/pases-dia/:company', detail: '/pases-dia/:company/:IdPase', create: '/pases-dia', update: '/pases-dia/:IdPase' },
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2' },
  references: worksiteReference,
  pullOrder: 9,
  device: { 14: ['Rut'] },
});

/**
 * A provisional pass (SPEC GA-PRV): given at the gate by a guard with the approve permission, with a reason, until
 * the end of the shift it was given in (`Hasta`, an instant the server fixes from the company's shift ends).
 */
export const PaseProvisorioSchema = v.object({
  IdPase: RecordIdSchema,
  ...RecordMetaEntries,
  Rut: RutSchema,
  Nombre: text(160),
  IdNivel2: RecordIdSchema,
  Puerta: text(80, ACCESO_MESSAGES.gateRequired),
  Motivo: text(300, ACCESO_MESSAGES.reasonRequired),
  FechaDispositivo: instant(ACCESO_MESSAGES.dateInvalid),
  Hasta: v.optional(v.string(), ''),
  RutContratista: v.optional(v.string(), ''),
  ...byUser,
});
export type PaseProvisorio = v.InferOutput<typeof PaseProvisorioSchema>;

const provisorioNoun = { one: 'pase provisorio', many: 'pases provisorios' };
const PROVISORIO_FIELDS = ['Rut', 'Nombre', 'IdNivel2', 'Puerta', 'Motivo', 'FechaDispositivo'] as const;

export const paseProvisorioEntity = defineEntity({
  table: 'pases_provisorios',
  id: 'IdPase',
  schema: PaseProvisorioSchema,
  fields: PROVISORIO_FIELDS,
  createBody: recordBodies(PaseProvisorioSchema, 'IdPase', PROVISORIO_FIELDS).createBody,
  noun: provisorioNoun,
  messages: recordMessages(provisorioNoun, { inUse: '' }),
  displayName: (row) => row.Nombre || row.Rut || '',
  permission: '/control-acceso',
  api: {
    base: '/api/control-acceso',
    list: '/pases-provisorios/:company',
    detail: '/pases-provisorios/:company/:IdPase',
    create: '/pases-provisorios',
  },
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2' },
  references: worksiteReference,
  pullOrder: 9,
  device: { 14: ['Rut'] },
});

const SHIFT_END = v.pipe(v.string(ACCESO_MESSAGES.shiftEndsInvalid), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, ACCESO_MESSAGES.shiftEndsInvalid));

/** The company's gate settings (SPEC GA-AJU): when shifts end, and how many provisional passes a person gets a year. */
export const AjustesAccesoSchema = v.object({
  IdAjuste: RecordIdSchema,
  ...RecordMetaEntries,
  FinesTurno: v.pipe(
    v.array(SHIFT_END, ACCESO_MESSAGES.shiftEndsInvalid),
    v.minLength(1, ACCESO_MESSAGES.shiftEndsInvalid),
    v.maxLength(6, ACCESO_MESSAGES.shiftEndsInvalid),
  ),
  MaxProvisoriosAnio: v.pipe(
    v.number(ACCESO_MESSAGES.limitInvalid),
    v.integer(ACCESO_MESSAGES.limitInvalid),
    v.minValue(0, ACCESO_MESSAGES.limitInvalid),
    v.maxValue(365, ACCESO_MESSAGES.limitInvalid),
  ),
});
export type AjustesAcceso = v.InferOutput<typeof AjustesAccesoSchema>;

const ajustesNoun = { one: 'configuración de control de acceso', many: 'configuraciones de control de acceso', feminine: true };
const AJUSTES_FIELDS = ['FinesTurno', 'MaxProvisoriosAnio'] as const;

export const ajustesAccesoEntity = defineEntity({
  table: 'ajustes_acceso',
  id: 'IdAjuste',
  schema: AjustesAccesoSchema,
  fields: AJUSTES_FIELDS,
  ...recordBodies(AjustesAccesoSchema, 'IdAjuste', AJUSTES_FIELDS),
  noun: ajustesNoun,
  messages: recordMessages(ajustesNoun, { updated: 'actualizado', inUse: '' }),
  displayName: () => 'Control de acceso',
  permission: '/control-acceso',
  api: { base: '/api/control-acceso', list: '/ajustes/:company', detail: '/ajustes/:company/:IdAjuste', create: '/ajustes', update: '/ajustes/:IdAjuste' },
  audience: 'todos',
  references: [],
  pullOrder: 9,
  device: { 14: [] },
});

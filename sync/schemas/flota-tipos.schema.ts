import * as v from 'valibot';
import { CLASES, CLASES_CERTIFICACION, type ClaseCertificacion } from '../domain/fleet-fitness.ts';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { recordIdsSchema, wholeNumberSchema } from '../records/value-fields.ts';

export const TIPOS_FLOTA_MESSAGES = {
  classInvalid: 'Elige la certificación',
  classRepeated: 'Cada certificación se indica una sola vez por tipo',
  validityInvalid: 'La vigencia debe ser un número entero de meses entre 0 y 120',
  intervalInvalid: 'El intervalo por lectura debe ser un número mayor que cero',
  intervalWithoutMeter: 'Un intervalo por lectura necesita que el tipo tenga medidor',
  meterInvalid: 'El medidor debe ser km, horas o ninguno',
  certificationInvalid: 'Una de las certificaciones de operador indicadas no existe',
  licenceTooLong: 'La clase de licencia es demasiado larga',
  nameDuplicate: 'Ya existe un tipo con ese nombre',
} as const;

/** What an asset's meter counts: an odometer (km), an hour meter (horas), or none. */
export const MEDIDORES = { km: 'Odómetro (km)', horas: 'Horómetro (horas)', '': 'Sin medidor' } as const;
export type Medidor = keyof typeof MEDIDORES;

/** What a type asks of one certification class (sync/domain/fleet-fitness.ts `RequisitoClase`). */
const RequisitoClaseSchema = v.object({
  Clase: v.picklist(CLASES, TIPOS_FLOTA_MESSAGES.classInvalid),
  VigenciaMeses: wholeNumberSchema(0, 120, TIPOS_FLOTA_MESSAGES.validityInvalid),
  Obligatoria: v.optional(v.picklist([0, 1]), 1),
  IntervaloLectura: v.optional(
    v.nullable(v.pipe(v.number(TIPOS_FLOTA_MESSAGES.intervalInvalid), v.minValue(1, TIPOS_FLOTA_MESSAGES.intervalInvalid))),
    null,
  ),
});

/** A type's requirements: each class once. */
export const RequisitosSchema = v.optional(
  v.pipe(
    v.array(RequisitoClaseSchema),
    v.maxLength(CLASES.length),
    v.check((rows) => new Set(rows.map((row) => row.Clase)).size === rows.length, TIPOS_FLOTA_MESSAGES.classRepeated),
  ),
  [],
);

/** Rules across a type's fields, the same on the form and the server. */
export function tipoFlotaProblem(row: { Medidor: string; Certificaciones: readonly { IntervaloLectura: number | null }[] }): string | null {
  if (row.Medidor === '' && row.Certificaciones.some((cert) => cert.IntervaloLectura !== null)) return TIPOS_FLOTA_MESSAGES.intervalWithoutMeter;
  return null;
}

const FIELDS = ['Nombre', 'Medidor', 'Certificaciones', 'ClaseLicencia', 'CertificacionesOperador'] as const;

/**
 * A vehicle or equipment type's fields (spec "Vehicle type: IdTipoVehiculo", "Equipment type: IdTipoEquipo"): its
 * name, its meter, the certifications it asks with their validity and whether they stop the asset (issue 38), and
 * what its operator must hold: a licence class and catalogue certifications (the psicosensotécnico, an internal
 * authorisation for that equipment).
 */
const tipoFlotaEntries = (noun: string) => ({
  ...RecordMetaEntries,
  Nombre: nameSchema(`El nombre del ${noun} es requerido`, 120),
  // A form's empty choice (null) is no meter.
  Medidor: v.nullish(v.picklist(['km', 'horas', ''] as const, TIPOS_FLOTA_MESSAGES.meterInvalid), ''),
  Certificaciones: RequisitosSchema,
  ClaseLicencia: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.maxLength(20, TIPOS_FLOTA_MESSAGES.licenceTooLong)),
  CertificacionesOperador: v.optional(recordIdsSchema(TIPOS_FLOTA_MESSAGES.certificationInvalid, 20), []),
});

const TipoVehiculoSchema = v.object({ IdTipoVehiculo: RecordIdSchema, ...tipoFlotaEntries('tipo de vehículo') });
const TipoEquipoSchema = v.object({ IdTipoEquipo: RecordIdSchema, ...tipoFlotaEntries('tipo de equipo') });
export type TipoVehiculo = v.InferOutput<typeof TipoVehiculoSchema>;
export type TipoEquipo = v.InferOutput<typeof TipoEquipoSchema>;
export type TipoFlota = Omit<TipoVehiculo, 'IdTipoVehiculo'>;

const typeNoun = (one: string) => ({ one, many: one.replace('tipo', 'tipos') });
const typeCalls = (base: `/api/${string}`, id: string) => ({ base, list: '/all/:company', detail: `/:${id}`, create: '', update: '', remove: `/:${id}` });
const typeCommon = (one: string) => ({
  fields: FIELDS,
  noun: typeNoun(one),
  messages: recordMessages(typeNoun(one), { inUse: `No se puede eliminar: hay activos de este ${one}` }),
  displayName: (row: { Nombre?: string }) => row.Nombre ?? '',
  readBy: ['/vehiculos', '/equipos'],
  audience: 'todos' as const,
  references: [{ field: 'CertificacionesOperador', table: 'certificaciones', many: true, message: TIPOS_FLOTA_MESSAGES.certificationInvalid }],
  pullOrder: 3,
  device: { 12: ['Nombre'] },
});

export const tipoVehiculoEntity = defineEntity({
  table: 'tipos_vehiculo',
  id: 'IdTipoVehiculo',
  schema: TipoVehiculoSchema,
  ...recordBodies(TipoVehiculoSchema, 'IdTipoVehiculo', FIELDS),
  ...typeCommon('tipo de vehículo'),
  permission: '/vehiculos/tipos',
  api: typeCalls('/api/tipos-vehiculo', 'IdTipoVehiculo'),
});

export const tipoEquipoEntity = defineEntity({
  table: 'tipos_equipo',
  id: 'IdTipoEquipo',
  schema: TipoEquipoSchema,
  ...recordBodies(TipoEquipoSchema, 'IdTipoEquipo', FIELDS),
  ...typeCommon('tipo de equipo'),
  permission: '/equipos/tipos',
  api: typeCalls('/api/tipos-equipo', 'IdTipoEquipo'),
});


export const claseLabel = (clase: string) => CLASES_CERTIFICACION[clase as ClaseCertificacion] ?? clase;

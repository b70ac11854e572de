import * as v from 'valibot';
import { CLASES } from '../domain/fleet-fitness.ts';
import { READING_MESSAGES } from '../domain/meter-readings.ts';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { FileRefSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { OptionalWireDateSchema, WireDateSchema } from './common.schema.ts';
import { TIPOS_FLOTA_MESSAGES } from './flota-tipos.schema.ts';

export const REGISTROS_FLOTA_MESSAGES = {
  assetInvalid: 'El activo indicado no existe',
  issuedRequired: 'La fecha de emisión es requerida',
  expiryBeforeIssue: 'La fecha de vencimiento no puede ser anterior a la de emisión',
  dueReadingInvalid: 'La lectura de vencimiento debe ser un número mayor que cero',
  noExpiry: 'Indica la fecha de vencimiento o la lectura de vencimiento',
  textTooLong: 'El texto es demasiado largo',
  noMeter: 'Este activo no tiene medidor',
  dateInvalid: 'La fecha de la lectura no es válida',
} as const;

/**
 * Where an asset is and whose it is: what the server copies onto its certificates and readings (and the device onto
 * the row it shows before the server answers), so they travel to the devices of the asset's worksite and of its
 * contractor (SPEC PL13, PL7) and move with it.
 */
export interface AssetPlace {
  IdNivel2: string;
  IdNivel3: string | null;
  RutContratista: string;
}

/** The copied place of a certificate or reading: absent on a row made offline until the server answers. */
const copiedFromAsset = {
  IdNivel2: v.optional(v.nullable(v.string()), null),
  IdNivel3: v.optional(v.nullable(v.string()), null),
  RutContratista: v.optional(v.string(), ''),
};

/**
 * A certificate of a vehicle, machine or installation (spec `Certificaciones`: id, fecha, Estado, files): its class,
 * its dates, the reading at which it falls due (a service by meter), who certified it and the photos or PDF of it.
 * The expiry is entered from the document; `FechaVencimiento` empty only when it falls due by meter alone.
 */
const CertificadoSchema = v.object({
  IdCertificacion: RecordIdSchema,
  ...RecordMetaEntries,
  IdActivo: RecordIdSchema,
  Clase: v.picklist(CLASES, TIPOS_FLOTA_MESSAGES.classInvalid),
  FechaEmision: v.pipe(
    v.string(REGISTROS_FLOTA_MESSAGES.issuedRequired),
    v.nonEmpty(REGISTROS_FLOTA_MESSAGES.issuedRequired),
    WireDateSchema,
  ),
  FechaVencimiento: v.optional(OptionalWireDateSchema, ''),
  LecturaVencimiento: v.optional(
    v.nullable(v.pipe(v.number(REGISTROS_FLOTA_MESSAGES.dueReadingInvalid), v.minValue(1, REGISTROS_FLOTA_MESSAGES.dueReadingInvalid))),
    null,
  ),
  /** The certifying body or workshop (a crane's certifier, the plant of the revisión técnica). */
  Certificador: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(160, REGISTROS_FLOTA_MESSAGES.textTooLong)),
  Observacion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(500, REGISTROS_FLOTA_MESSAGES.textTooLong)),
  Archivos: v.optional(v.pipe(v.array(FileRefSchema), v.maxLength(10)), []),
  ...copiedFromAsset,
});
export type CertificadoFlota = v.InferOutput<typeof CertificadoSchema>;

/** Rules across a certificate's fields, the same on the form and the server. */
export function certificadoProblem(row: Pick<CertificadoFlota, 'FechaEmision' | 'FechaVencimiento' | 'LecturaVencimiento'>): string | null {
  if (row.FechaVencimiento === '' && row.LecturaVencimiento === null) return REGISTROS_FLOTA_MESSAGES.noExpiry;
  if (row.FechaVencimiento !== '' && row.FechaVencimiento < row.FechaEmision) return REGISTROS_FLOTA_MESSAGES.expiryBeforeIssue;
  return null;
}

/**
 * A meter reading (odometer, hour meter) of a vehicle or machine: its value when it was taken and, when lower than
 * the one before it, why (a correction, sync/domain/meter-readings.ts). Who took it is kept by the server.
 */
const LecturaSchema = v.object({
  IdLectura: RecordIdSchema,
  ...RecordMetaEntries,
  IdActivo: RecordIdSchema,
  Fecha: v.pipe(v.string(REGISTROS_FLOTA_MESSAGES.dateInvalid), v.isoTimestamp(REGISTROS_FLOTA_MESSAGES.dateInvalid)),
  Valor: v.pipe(
    v.number(READING_MESSAGES.invalid),
    v.minValue(0, READING_MESSAGES.invalid),
    v.maxValue(99_999_999, READING_MESSAGES.invalid),
  ),
  Motivo: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(300, REGISTROS_FLOTA_MESSAGES.textTooLong)),
  IdUsuario: v.optional(v.number(), 0),
  NombreUsuario: v.optional(v.string(), ''),
  ...copiedFromAsset,
});
export type LecturaFlota = v.InferOutput<typeof LecturaSchema>;

const CERTIFICADO_FIELDS = ['IdActivo', 'Clase', 'FechaEmision', 'FechaVencimiento', 'LecturaVencimiento', 'Certificador', 'Observacion', 'Archivos'] as const;
const LECTURA_FIELDS = ['IdActivo', 'Fecha', 'Valor', 'Motivo'] as const;

type AssetOf = { table: 'vehiculos' | 'equipos' | 'instalaciones'; base: `/api/${string}`; permission: string; noun: string };

const certNoun = (asset: AssetOf) => ({ one: `certificación de ${asset.noun}`, many: `certificaciones de ${asset.noun}`, feminine: true });

function certificadoEntity<const Table extends string>(table: Table, asset: AssetOf) {
  return defineEntity({
    table,
    id: 'IdCertificacion',
    schema: CertificadoSchema,
    fields: CERTIFICADO_FIELDS,
    ...recordBodies(CertificadoSchema, 'IdCertificacion', CERTIFICADO_FIELDS),
    noun: certNoun(asset),
    messages: recordMessages(certNoun(asset), { inUse: '' }),
    displayName: (row) => row.Clase ?? '',
    permission: asset.permission,
    api: {
      base: asset.base,
      list: '/certificaciones/all/:company',
      detail: '/certificaciones/one/:IdCertificacion/:company',
      create: '/certificaciones',
      update: '/certificaciones/:IdCertificacion',
      remove: '/certificaciones/:IdCertificacion',
    },
    audience: { contratista: 'RutContratista' },
    worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
    references: [{ field: 'IdActivo', table: asset.table, message: REGISTROS_FLOTA_MESSAGES.assetInvalid, onDelete: 'keep' }],
    files: (row) => row.Archivos ?? [],
    pullOrder: 7,
    device: { 12: ['IdActivo', 'Clase'] },
  });
}

const readingNoun = (asset: AssetOf) => ({ one: `lectura de ${asset.noun}`, many: `lecturas de ${asset.noun}`, feminine: true });

function lecturaEntity<const Table extends string>(table: Table, asset: AssetOf) {
  const { createBody } = recordBodies(LecturaSchema, 'IdLectura', LECTURA_FIELDS);
  return defineEntity({
    table,
    id: 'IdLectura',
    schema: LecturaSchema,
    fields: LECTURA_FIELDS,
    createBody,
    noun: readingNoun(asset),
    messages: recordMessages(readingNoun(asset), { inUse: '' }),
    displayName: (row) => (row.Valor === undefined ? '' : String(row.Valor)),
    permission: asset.permission,
    api: { base: asset.base, list: '/lecturas/all/:company', detail: '/lecturas/one/:IdLectura/:company', create: '/lecturas' },
    audience: { contratista: 'RutContratista' },
    worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
    references: [{ field: 'IdActivo', table: asset.table, message: REGISTROS_FLOTA_MESSAGES.assetInvalid, onDelete: 'keep' }],
    pullOrder: 7,
    device: { 12: ['IdActivo', 'Fecha'] },
  });
}

const VEHICULO: AssetOf = { table: 'vehiculos', base: '/api/vehiculos', permission: '/vehiculos', noun: 'vehículo' };
const EQUIPO: AssetOf = { table: 'equipos', base: '/api/equipos', permission: '/equipos', noun: 'equipo' };
const INSTALACION: AssetOf = { table: 'instalaciones', base: '/api/instalaciones', permission: '/instalaciones', noun: 'instalación' };

export const certificadoVehiculoEntity = certificadoEntity('certificaciones_vehiculo', VEHICULO);
export const certificadoEquipoEntity = certificadoEntity('certificaciones_equipo', EQUIPO);
export const certificadoInstalacionEntity = certificadoEntity('certificaciones_instalacion', INSTALACION);
export const lecturaVehiculoEntity = lecturaEntity('lecturas_vehiculo', VEHICULO);
export const lecturaEquipoEntity = lecturaEntity('lecturas_equipo', EQUIPO);

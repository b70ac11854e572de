import * as v from 'valibot';
import { defineEntity, type Noun, recordBodies, recordMessages } from '../records/entity.ts';
import { OptionalRecordIdSchema, OptionalRutSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { recordIdsSchema } from '../records/value-fields.ts';
import { RequisitosSchema } from './flota-tipos.schema.ts';

export const ACTIVOS_MESSAGES = {
  plateRequired: 'La patente es requerida',
  plateInvalid: 'La patente solo admite letras y números (por ejemplo, KXBT21)',
  plateDuplicate: 'Ya existe un vehículo con esa patente',
  codeRequired: 'El código del equipo es requerido',
  codeDuplicate: 'Ya existe un equipo con ese código',
  nameRequired: 'El nombre de la instalación es requerido',
  typeInvalid: 'El tipo indicado no existe',
  levelInvalid: 'La faena indicada no existe',
  level3Invalid: 'El área indicada no existe',
  workerInvalid: 'Uno de los operadores indicados no existe',
  yearInvalid: 'El año debe estar entre 1950 y 2100',
  emailInvalid: 'El correo del responsable no tiene un formato válido',
  textTooLong: 'El texto es demasiado largo',
  contractorInvalid: 'La empresa contratista indicada no existe',
  contractorOnly: 'Solo puedes gestionar los activos de tu empresa contratista',
} as const;

const text = (max: number) => v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max, ACTIVOS_MESSAGES.textTooLong));

/** What every vehicle, machine and installation has: its worksite, its owner (a contractor's RUT, or none) and who answers for it. */
const activoEntries = {
  ...RecordMetaEntries,
  IdNivel2: RecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
  /** The contractor that brings it to the worksite; empty for the company's own. */
  RutContratista: OptionalRutSchema,
  /** Who receives the reminders of its certificates (30, 15 and 7 days before they expire). */
  CorreoResponsable: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.toLowerCase(),
    v.check((mail) => mail === '' || v.is(v.pipe(v.string(), v.email()), mail), ACTIVOS_MESSAGES.emailInvalid),
  ),
};

const YearSchema = v.pipe(
  v.number(ACTIVOS_MESSAGES.yearInvalid),
  v.integer(ACTIVOS_MESSAGES.yearInvalid),
  v.minValue(1950, ACTIVOS_MESSAGES.yearInvalid),
  v.maxValue(2100, ACTIVOS_MESSAGES.yearInvalid),
);

/** A vehicle or a machine also has its make, model, year and the workers who may operate it. */
const motorizadoEntries = {
  ...activoEntries,
  Marca: text(80),
  Modelo: text(80),
  Anio: v.optional(v.nullable(YearSchema), null),
  Operadores: v.optional(recordIdsSchema(ACTIVOS_MESSAGES.workerInvalid, 200), []),
};

/** A Chilean plate (placa patente): letters and digits, kept without dots, dashes or spaces, in capitals. */
const PatenteSchema = v.pipe(
  v.string(ACTIVOS_MESSAGES.plateRequired),
  v.transform((plate) => plate.replace(/[\s.·-]/g, '').toUpperCase()),
  v.nonEmpty(ACTIVOS_MESSAGES.plateRequired),
  v.regex(/^[A-Z0-9]{4,8}$/, ACTIVOS_MESSAGES.plateInvalid),
);

const VehiculoSchema = v.object({
  IdVehiculo: RecordIdSchema,
  Patente: PatenteSchema,
  IdTipoVehiculo: RecordIdSchema,
  ...motorizadoEntries,
});
export type Vehiculo = v.InferOutput<typeof VehiculoSchema>;

const EquipoSchema = v.object({
  IdEquipo: RecordIdSchema,
  Codigo: v.pipe(
    v.string(ACTIVOS_MESSAGES.codeRequired),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty(ACTIVOS_MESSAGES.codeRequired),
    v.maxLength(40),
  ),
  Nombre: text(120),
  IdTipoEquipo: RecordIdSchema,
  ...motorizadoEntries,
});
export type Equipo = v.InferOutput<typeof EquipoSchema>;

/** An installation has no type: it says itself which certifications it needs (an electrical plant, a fuel tank). */
const InstalacionSchema = v.object({
  IdInstalacion: RecordIdSchema,
  Nombre: v.pipe(v.string(ACTIVOS_MESSAGES.nameRequired), v.trim(), v.nonEmpty(ACTIVOS_MESSAGES.nameRequired), v.maxLength(120)),
  Descripcion: text(500),
  Certificaciones: RequisitosSchema,
  ...activoEntries,
});
export type Instalacion = v.InferOutput<typeof InstalacionSchema>;

const ACTIVO_FIELDS = ['IdNivel2', 'IdNivel3', 'RutContratista', 'CorreoResponsable'] as const;
const MOTORIZADO_FIELDS = [...ACTIVO_FIELDS, 'Marca', 'Modelo', 'Anio', 'Operadores'] as const;
const VEHICULO_FIELDS = ['Patente', 'IdTipoVehiculo', ...MOTORIZADO_FIELDS] as const;
const EQUIPO_FIELDS = ['Codigo', 'Nombre', 'IdTipoEquipo', ...MOTORIZADO_FIELDS] as const;
const INSTALACION_FIELDS = ['Nombre', 'Descripcion', 'Certificaciones', ...ACTIVO_FIELDS] as const;

const levelReferences = [
  { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: ACTIVOS_MESSAGES.levelInvalid },
  { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: ACTIVOS_MESSAGES.level3Invalid },
];
const operatorReference = { field: 'Operadores', table: 'trabajadores', many: true, message: ACTIVOS_MESSAGES.workerInvalid, onDelete: 'keep' as const };

/** The spec's calls of an asset: list/{company}, {id}/{company}, POST and PUT on the base, DELETE {id}. */
const assetCalls = (base: `/api/${string}`, id: string) => ({
  base,
  list: '/list/:company',
  detail: `/:${id}/:company`,
  create: '',
  update: '',
  remove: `/:${id}`,
});

const common = (noun: Noun) => ({
  noun,
  messages: recordMessages(noun, { inUse: '' }),
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2', nivel3: 'IdNivel3' },
  pullOrder: 6,
  device: { 12: ['IdNivel2', 'RutContratista'] },
});

export const vehiculoEntity = defineEntity({
  table: 'vehiculos',
  id: 'IdVehiculo',
  schema: VehiculoSchema,
  fields: VEHICULO_FIELDS,
  ...recordBodies(VehiculoSchema, 'IdVehiculo', VEHICULO_FIELDS),
  ...common({ one: 'vehículo', many: 'vehículos' }),
  displayName: (row) => row.Patente ?? '',
  permission: '/vehiculos',
  api: assetCalls('/api/vehiculos', 'IdVehiculo'),
  references: [
    { field: 'IdTipoVehiculo', table: 'tipos_vehiculo', message: ACTIVOS_MESSAGES.typeInvalid },
    ...levelReferences,
    operatorReference,
  ],
});

export const equipoEntity = defineEntity({
  table: 'equipos',
  id: 'IdEquipo',
  schema: EquipoSchema,
  fields: EQUIPO_FIELDS,
  ...recordBodies(EquipoSchema, 'IdEquipo', EQUIPO_FIELDS),
  ...common({ one: 'equipo', many: 'equipos' }),
  displayName: (row) => [row.Codigo, row.Nombre].filter(Boolean).join(' · '),
  permission: '/equipos',
  api: assetCalls('/api/equipos', 'IdEquipo'),
  references: [{ field: 'IdTipoEquipo', table: 'tipos_equipo', message: ACTIVOS_MESSAGES.typeInvalid }, ...levelReferences, operatorReference],
});

export const instalacionEntity = defineEntity({
  table: 'instalaciones',
  id: 'IdInstalacion',
  schema: InstalacionSchema,
  fields: INSTALACION_FIELDS,
  ...recordBodies(InstalacionSchema, 'IdInstalacion', INSTALACION_FIELDS),
  ...common({ one: 'instalación', many: 'instalaciones', feminine: true }),
  displayName: (row) => row.Nombre ?? '',
  permission: '/instalaciones',
  api: assetCalls('/api/instalaciones', 'IdInstalacion'),
  references: levelReferences,
});

/** The three kinds of asset, by table, with the field that names each and the permission route of their screens. */
export const ASSET_KINDS = {
  vehiculos: { entity: vehiculoEntity, id: 'IdVehiculo', type: 'IdTipoVehiculo', typeTable: 'tipos_vehiculo' },
  equipos: { entity: equipoEntity, id: 'IdEquipo', type: 'IdTipoEquipo', typeTable: 'tipos_equipo' },
  instalaciones: { entity: instalacionEntity, id: 'IdInstalacion', type: null, typeTable: null },
} as const;
export type AssetTable = keyof typeof ASSET_KINDS;

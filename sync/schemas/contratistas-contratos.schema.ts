import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, OptionalRecordIdSchema, OptionalRutSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { recordIdsSchema } from '../records/value-fields.ts';
import { ACTIVITY_MESSAGES, activitiesProblem, activityOf } from '../domain/contract-activities.ts';
import { chainProblem } from '../domain/subcontract-chains.ts';
import { RutSchema, WireDateSchema } from './common.schema.ts';

export const CONTRATOS_MESSAGES = {
  nameRequired: 'El nombre del contrato es requerido',
  contractorNotFound: 'La empresa contratista indicada no existe o está desactivada',
  subcontractorNotFound: 'Una de las empresas subcontratistas indicadas no existe o está desactivada',
  subcontractorIsContractor: 'La empresa contratista no puede ser subcontratista de su propio contrato',
  datesReversed: 'La fecha de término no puede ser anterior a la fecha de inicio',
  levelInvalid: 'La faena indicada no existe',
  processInvalid: 'El proceso indicado no existe',
  activityInvalid: 'Una de las actividades indicadas no existe',
  activityRequired: 'Elige la actividad',
  workerInvalid: 'Uno de los trabajadores indicados no existe',
  workerNotOfContract: 'Un trabajador del contrato debe ser de la empresa contratista o de una de sus subcontratistas',
  vehicleInvalid: 'Uno de los vehículos indicados no existe',
  vehicleNotOfContract: 'Un vehículo del contrato debe ser de la empresa contratista o de una de sus subcontratistas',
  equipmentInvalid: 'Uno de los equipos indicados no existe',
  equipmentNotOfContract: 'Un equipo del contrato debe ser de la empresa contratista o de una de sus subcontratistas',
  requirementInvalid: 'Uno de los requisitos indicados no existe',
  nameOptional: 'El nombre es demasiado largo',
} as const;

/** An activity of the contract where and by whom it is done (spec Actividades: IdActividad, IdNivel2, IdNivel3, Recursos). */
const ActividadContratoSchema = v.object({
  IdActividad: v.pipe(
    v.string(CONTRATOS_MESSAGES.activityRequired),
    v.trim(),
    v.toLowerCase(),
    // Checks after every transformation: a failed one keeps the item typed, so the union says this message, not its own.
    v.nonEmpty(CONTRATOS_MESSAGES.activityRequired),
    v.uuid(CONTRATOS_MESSAGES.activityInvalid),
  ),
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
  Recursos: v.optional(
    v.object({
      Trabajadores: v.optional(recordIdsSchema(CONTRATOS_MESSAGES.workerInvalid, 2000), []),
      Vehiculos: v.optional(recordIdsSchema(CONTRATOS_MESSAGES.vehicleInvalid, 500), []),
      Equipos: v.optional(recordIdsSchema(CONTRATOS_MESSAGES.equipmentInvalid, 500), []),
    }),
    { Trabajadores: [], Vehiculos: [], Equipos: [] },
  ),
});

/** The activities; an activity's bare id (what a device of the previous version sends) is done at the contract's worksite. */
const ActividadesSchema = v.optional(
  v.pipe(
    v.array(
      v.union(
        [v.pipe(RecordIdSchema, v.transform((id: string) => activityOf(id))), ActividadContratoSchema],
        CONTRATOS_MESSAGES.activityInvalid,
      ),
    ),
    v.maxLength(100),
  ),
  [],
);

const personName = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(160, CONTRATOS_MESSAGES.nameOptional));

/**
 * A contract with a contractor company (spec "Contract"): its worksite (level 2), dates, process and activities, the
 * mandante's administrator and the contractor's responsible, its subcontractors, the workers, vehicles and equipment
 * assigned to it and the requirements it asks. `RutContratista` is the contractor's RUT (what a contractor user's rows carry).
 */
export const ContratoSchema = v.object({
  IdContrato: RecordIdSchema,
  ...RecordMetaEntries,
  Nombre: nameSchema(CONTRATOS_MESSAGES.nameRequired, 160),
  RutContratista: RutSchema,
  FechaInicio: WireDateSchema,
  FechaTermino: WireDateSchema,
  IdNivel2: RecordIdSchema,
  IdProceso: OptionalRecordIdSchema,
  RutAdministrador: OptionalRutSchema,
  NombreAdministrador: personName,
  RutResponsable: OptionalRutSchema,
  NombreResponsable: personName,
  Subcontratistas: v.optional(v.pipe(v.array(RutSchema), v.maxLength(50), v.transform((ruts) => [...new Set(ruts)])), []),
  /** Whom each subcontractor works for (its RUT → the contractor's or another subcontractor's); absent, the contractor. */
  Ascendencias: v.optional(v.record(RutSchema, RutSchema), {}),
  Actividades: ActividadesSchema,
  Trabajadores: v.optional(recordIdsSchema(CONTRATOS_MESSAGES.workerInvalid, 2000), []),
  Vehiculos: v.optional(recordIdsSchema(CONTRATOS_MESSAGES.vehicleInvalid, 500), []),
  Equipos: v.optional(recordIdsSchema(CONTRATOS_MESSAGES.equipmentInvalid, 500), []),
  Requisitos: v.optional(recordIdsSchema(CONTRATOS_MESSAGES.requirementInvalid, 200), []),
});
export type Contrato = v.InferOutput<typeof ContratoSchema>;

/** Rules across fields, the same on the form and the server. */
export function contratoProblem(
  row: Pick<
    Contrato,
    'FechaInicio' | 'FechaTermino' | 'RutContratista' | 'Subcontratistas' | 'Ascendencias' | 'Trabajadores' | 'Vehiculos' | 'Equipos' | 'Actividades'
  >,
): string | null {
  if (row.FechaTermino < row.FechaInicio) return CONTRATOS_MESSAGES.datesReversed;
  if (row.Subcontratistas.includes(row.RutContratista)) return CONTRATOS_MESSAGES.subcontractorIsContractor;
  return chainProblem(row) ?? activitiesProblem(row);
}

const FIELDS = [
  'Nombre',
  'RutContratista',
  'FechaInicio',
  'FechaTermino',
  'IdNivel2',
  'IdProceso',
  'RutAdministrador',
  'NombreAdministrador',
  'RutResponsable',
  'NombreResponsable',
  'Subcontratistas',
  'Ascendencias',
  'Actividades',
  'Trabajadores',
  'Vehiculos',
  'Equipos',
  'Requisitos',
] as const;
const { createBody, updateBody } = recordBodies(ContratoSchema, 'IdContrato', FIELDS);

const noun = { one: 'contrato', many: 'contratos' };

export const contratoEntity = defineEntity({
  table: 'contratos',
  id: 'IdContrato',
  schema: ContratoSchema,
  fields: FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { updated: 'actualizado', inUse: '' }),
  displayName: (row) => row.Nombre ?? '',
  permission: '/contratos',
  // Spec: /contrato/{emp} (GET, POST); PUT /contrato/{ContratosIds}/{emp}; the one and the delete follow the PUT.
  api: {
    base: '/api/gestion-contratista',
    list: '/contrato/:company',
    detail: '/contrato/:IdContrato/:company',
    create: '/contrato/:company',
    update: '/contrato/:IdContrato/:company',
    remove: '/contrato/:IdContrato/:company',
  },
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2' },
  references: [
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: CONTRATOS_MESSAGES.levelInvalid },
    { field: 'IdProceso', table: 'procesos_faena', message: CONTRATOS_MESSAGES.processInvalid },
    { field: 'Actividades', key: 'IdActividad', table: 'actividades_contrato', many: true, message: CONTRATOS_MESSAGES.activityInvalid, onDelete: 'keep' },
    { field: 'Actividades', key: 'IdNivel2', table: 'niveles', many: true, where: { TipoNivel: 2 }, message: CONTRATOS_MESSAGES.levelInvalid },
    { field: 'Actividades', key: 'IdNivel3', table: 'niveles', many: true, where: { TipoNivel: 3 }, message: ACTIVITY_MESSAGES.level3Invalid },
    { field: 'Trabajadores', table: 'trabajadores', many: true, message: CONTRATOS_MESSAGES.workerInvalid, onDelete: 'keep' },
    { field: 'Vehiculos', table: 'vehiculos', many: true, message: CONTRATOS_MESSAGES.vehicleInvalid, onDelete: 'keep' },
    { field: 'Equipos', table: 'equipos', many: true, message: CONTRATOS_MESSAGES.equipmentInvalid, onDelete: 'keep' },
    { field: 'Requisitos', table: 'requisitos', many: true, message: CONTRATOS_MESSAGES.requirementInvalid },
  ],
  // After the fleet's assets (6), which its vehicles and machines name.
  pullOrder: 7,
  device: { 11: ['Nombre', 'RutContratista'] },
});

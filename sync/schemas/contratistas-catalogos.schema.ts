import * as v from 'valibot';
import { defineCatalogue } from '../records/catalogue-family.ts';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, OptionalRutSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';

/**
 * The catalogues contractor management reads (spec 2.3 configuration routes, part 2 "Contractors and companies"):
 * a contract's activities and processes, the classification of requirements, the work teams, and the providers.
 * Activities and classifications answer under the contractor base with `{id}/{emp}`; teams and processes under
 * their own base by id (the company is the token's; `?idEmpresa` is accepted and ignored).
 */
const CONTRACTOR_BASE = '/api/gestion-contratista' as const;
const byIdOnly = { list: '', detail: '/:Id', create: '', update: '/:Id', remove: '/:Id' };

export const actividadContratoEntity = defineCatalogue({
  table: 'actividades_contrato',
  noun: { one: 'actividad de contrato', many: 'actividades de contrato', feminine: true },
  route: '/actividades-contrato',
  base: CONTRACTOR_BASE,
  call: 'actividad',
  paths: { update: '/actividad/:Id/:company' },
  label: 'Actividad',
  pullOrder: 1,
  deviceSince: 11,
});

export const clasificacionContratoEntity = defineCatalogue({
  table: 'clasificaciones_contrato',
  noun: { one: 'clasificación', many: 'clasificaciones', feminine: true },
  route: '/clasificaciones',
  base: CONTRACTOR_BASE,
  call: 'clasificacion',
  paths: { update: '/clasificacion/:Id/:company' },
  label: 'Clasificación',
  pullOrder: 1,
  deviceSince: 11,
});

export const procesoFaenaEntity = defineCatalogue({
  table: 'procesos_faena',
  noun: { one: 'proceso de faena', many: 'procesos de faena' },
  route: '/proceso-faena',
  base: '/api/proceso-faena',
  call: 'proceso-faena',
  paths: byIdOnly,
  label: 'Proceso',
  pullOrder: 1,
  deviceSince: 11,
});

export const equipoTrabajoEntity = defineCatalogue({
  table: 'equipos_trabajo',
  noun: { one: 'equipo de trabajo', many: 'equipos de trabajo' },
  route: '/equipo-trabajo',
  base: '/api/equipo-trabajo',
  call: 'equipo-trabajo',
  paths: byIdOnly,
  label: 'Equipo de trabajo',
  pullOrder: 1,
  deviceSince: 11,
});

export const PROVEEDORES_MESSAGES = {
  nameRequired: 'El nombre del proveedor es requerido',
  duplicate: 'Ya existe un proveedor con ese RUT',
} as const;

/** A provider (spec: IdProveedor): who sells fuel, equipment or services; its RUT, when known, is unique. */
export const ProveedorSchema = v.object({
  IdProveedor: RecordIdSchema,
  ...RecordMetaEntries,
  Nombre: nameSchema(PROVEEDORES_MESSAGES.nameRequired, 160),
  RutCompleto: OptionalRutSchema,
  Rubro: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(120)),
});

const PROVEEDOR_FIELDS = ['Nombre', 'RutCompleto', 'Rubro'] as const;
const proveedorBodies = recordBodies(ProveedorSchema, 'IdProveedor', PROVEEDOR_FIELDS);
const proveedorNoun = { one: 'proveedor', many: 'proveedores' };

export const proveedorEntity = defineEntity({
  table: 'proveedores',
  id: 'IdProveedor',
  schema: ProveedorSchema,
  fields: PROVEEDOR_FIELDS,
  ...proveedorBodies,
  noun: proveedorNoun,
  messages: recordMessages(proveedorNoun, { inUse: '' }),
  displayName: (row) => row.Nombre ?? '',
  permission: '/proveedores',
  api: { base: '/api/proveedores', list: '/:company', detail: '/:IdProveedor/:company', create: '', update: '', remove: '/:IdProveedor' },
  audience: 'todos',
  references: [],
  pullOrder: 1,
  device: { 11: ['Nombre'] },
});

export const CONTRACTOR_CATALOGUES = {
  actividades_contrato: actividadContratoEntity,
  clasificaciones_contrato: clasificacionContratoEntity,
  procesos_faena: procesoFaenaEntity,
  equipos_trabajo: equipoTrabajoEntity,
} as const;
export type ContractorCatalogueTable = keyof typeof CONTRACTOR_CATALOGUES;

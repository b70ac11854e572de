import * as v from 'valibot';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { RecordMetaEntries } from '../records/record-fields.ts';

/**
 * One worker's accreditation for one contract at its worksite (issue 37): kept by the server in the transaction of
 * every write that changes it (a document's decision, the contract), so a device holds it to let people in (the gate).
 * It holds until `AcreditadoHasta` (accreditedOn in sync/domain/accreditation.ts).
 */
export const AcreditacionSchema = v.object({
  IdAcreditacion: v.string(),
  ...RecordMetaEntries,
  IdPersona: v.string(),
  NombrePersona: v.string(),
  RunPersona: v.string(),
  IdContrato: v.string(),
  IdNivel2: v.string(),
  RutContratista: v.string(),
  Acreditado: v.picklist([0, 1]),
  AcreditadoHasta: v.string(),
  Motivos: v.array(v.string()),
});
export type Acreditacion = v.InferOutput<typeof AcreditacionSchema>;

const noun = { one: 'acreditación', many: 'acreditaciones', feminine: true };

export const acreditacionEntity = defineEntity({
  table: 'acreditaciones',
  id: 'IdAcreditacion',
  schema: AcreditacionSchema,
  fields: [],
  noun,
  messages: recordMessages(noun, { inUse: '' }),
  displayName: (row) => row.NombrePersona ?? '',
  permission: '/contratos',
  // The gate decides from them (issue 39), not from every document.
  readBy: ['/seguimiento-requisitos', '/control-acceso'],
  api: { base: '/api/gestion-contratista', list: '/acreditacion/:company', detail: '/acreditacion/:company/:IdAcreditacion' },
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2' },
  references: [],
  pullOrder: 8,
  // v14: the gate finds a person's rows by the RUT it reads.
  device: { 11: ['IdPersona', 'IdContrato'], 14: ['IdPersona', 'IdContrato', 'RunPersona'] },
});

/** The kinds of asset a contract names and accredits, as a requirement's `Aplicacion` says them. */
export const CLASES_ACTIVO_ACREDITADO = ['vehiculo', 'equipo'] as const;

/**
 * One vehicle's or machine's accreditation for one contract at a worksite where it works: its own documents, its
 * owner's and the contract's, as for a worker. Whether it may operate (its certificates and its operator) is the
 * fleet's fitness, read beside it; the gate asks both.
 */
export const AcreditacionActivoSchema = v.object({
  IdAcreditacion: v.string(),
  ...RecordMetaEntries,
  IdActivo: v.string(),
  ClaseActivo: v.picklist(CLASES_ACTIVO_ACREDITADO),
  /** The plate of a vehicle, the code and name of a machine: what a guard reads. */
  NombreActivo: v.string(),
  IdContrato: v.string(),
  IdNivel2: v.string(),
  RutContratista: v.string(),
  Acreditado: v.picklist([0, 1]),
  AcreditadoHasta: v.string(),
  Motivos: v.array(v.string()),
});
export type AcreditacionActivo = v.InferOutput<typeof AcreditacionActivoSchema>;

const assetNoun = { one: 'acreditación de vehículo o equipo', many: 'acreditaciones de vehículos y equipos', feminine: true };

export const acreditacionActivoEntity = defineEntity({
  table: 'acreditaciones_activo',
  id: 'IdAcreditacion',
  schema: AcreditacionActivoSchema,
  fields: [],
  noun: assetNoun,
  messages: recordMessages(assetNoun, { inUse: '' }),
  displayName: (row) => row.NombreActivo ?? '',
  permission: '/contratos',
  // The gate decides from them (issue 39), not from every document.
  readBy: ['/seguimiento-requisitos', '/control-acceso'],
  api: {
    base: '/api/gestion-contratista',
    list: '/acreditacion-activos/:company',
    detail: '/acreditacion-activos/:company/:IdAcreditacion',
  },
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2' },
  references: [],
  pullOrder: 8,
  device: { 13: ['IdActivo', 'IdContrato'] },
});

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
  readBy: ['/seguimiento-requisitos'],
  api: { base: '/api/gestion-contratista', list: '/acreditacion/:company', detail: '/acreditacion/:company/:IdAcreditacion' },
  audience: { contratista: 'RutContratista' },
  worksite: { nivel2: 'IdNivel2' },
  references: [],
  pullOrder: 8,
  device: { 11: ['IdPersona', 'IdContrato'] },
});

import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { OptionalRecordIdSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';

/** Spec "EPP assignment": IdAsignacionEpp, IdPersona, IdCargo, Epps; the messages follow the product's tone. */
export const EPP_ASIGNACIONES_MESSAGES = {
  targetRequired: 'Indica el cargo o el trabajador de la asignación',
  targetBoth: 'Una asignación es de un cargo o de un trabajador, no de ambos',
  eppsRequired: 'Elige al menos un EPP',
  eppInvalid: 'Uno de los EPP indicados no existe en el catálogo',
  cargoInvalid: 'El cargo indicado no existe',
  workerInvalid: 'El trabajador indicado no existe',
  cargoTaken: 'Ese cargo ya tiene su asignación de EPP: edítala',
  workerTaken: 'Ese trabajador ya tiene su asignación de EPP: edítala',
} as const;

/** What one position, or one worker, must hold; a worker's required set is their positions' plus their own. */
export const EppAsignacionSchema = v.object({
  IdAsignacionEpp: RecordIdSchema,
  ...RecordMetaEntries,
  IdCargo: OptionalRecordIdSchema,
  IdPersona: OptionalRecordIdSchema,
  Epps: v.pipe(
    v.array(RecordIdSchema, EPP_ASIGNACIONES_MESSAGES.eppInvalid),
    v.transform((ids) => [...new Set(ids)]),
    v.minLength(1, EPP_ASIGNACIONES_MESSAGES.eppsRequired),
    v.maxLength(100),
  ),
});
export type EppAsignacion = v.InferOutput<typeof EppAsignacionSchema>;

const FIELDS = ['IdCargo', 'IdPersona', 'Epps'] as const;
const { createBody, updateBody } = recordBodies(EppAsignacionSchema, 'IdAsignacionEpp', FIELDS);

/** Exactly one of the two targets. */
export function assignmentTargetProblem(row: Pick<EppAsignacion, 'IdCargo' | 'IdPersona'>): string | null {
  if (row.IdCargo && row.IdPersona) return EPP_ASIGNACIONES_MESSAGES.targetBoth;
  if (!row.IdCargo && !row.IdPersona) return EPP_ASIGNACIONES_MESSAGES.targetRequired;
  return null;
}

const noun = { one: 'asignación de EPP', many: 'asignaciones de EPP', feminine: true };

export const eppAsignacionEntity = defineEntity({
  table: 'epp_asignaciones',
  id: 'IdAsignacionEpp',
  schema: EppAsignacionSchema,
  fields: FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { inUse: '' }),
  // The screens name it by its cargo or worker (other records): here only what the row itself says.
  displayName: (row) => `Asignación de ${row.Epps?.length ?? 0} EPP`,
  permission: '/epp/asignacion',
  // Spec: GET epp/asignacion/{company}; GET asignacion/datos/{id}/{company}; POST and PUT asignacion; DELETE asignacion/{id}.
  api: {
    base: '/api/epp',
    list: '/asignacion/:company',
    detail: '/asignacion/datos/:IdAsignacionEpp/:company',
    create: '/asignacion',
    update: '/asignacion',
    remove: '/asignacion/:IdAsignacionEpp',
  },
  audience: 'todos',
  references: [
    // A position or worker deleted later takes its assignment out of use; it does not block that delete.
    { field: 'IdCargo', table: 'cargos', message: EPP_ASIGNACIONES_MESSAGES.cargoInvalid, onDelete: 'keep' },
    { field: 'IdPersona', table: 'trabajadores', message: EPP_ASIGNACIONES_MESSAGES.workerInvalid, onDelete: 'keep' },
    { field: 'Epps', table: 'epp_tipos', many: true, message: EPP_ASIGNACIONES_MESSAGES.eppInvalid },
  ],
  pullOrder: 5,
  device: { 7: ['IdCargo', 'IdPersona'] },
});

import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';

/** The spec names only the id; the fields and messages follow the product's tone. */
export const ACTIVIDADES_MESSAGES = {
  codeInvalid: 'El código debe tener 6 dígitos (código de actividad del SII)',
  nameRequired: 'El nombre de la actividad es requerido',
  duplicate: 'Ya existe una actividad económica con ese código',
} as const;

/** An economic activity (spec catalogue "actividades-economicas"), by the SII's six-digit activity code. */
export const ActividadEconomicaSchema = v.object({
  IdActividadEconomica: RecordIdSchema,
  ...RecordMetaEntries,
  Codigo: v.pipe(v.string(ACTIVIDADES_MESSAGES.codeInvalid), v.trim(), v.regex(/^\d{6}$/, ACTIVIDADES_MESSAGES.codeInvalid)),
  Nombre: nameSchema(ACTIVIDADES_MESSAGES.nameRequired, 200),
});
export type ActividadEconomica = v.InferOutput<typeof ActividadEconomicaSchema>;

const FIELDS = ['Codigo', 'Nombre'] as const;
const { createBody, updateBody } = recordBodies(ActividadEconomicaSchema, 'IdActividadEconomica', FIELDS);

const noun = { one: 'actividad económica', many: 'actividades económicas', feminine: true };

export const actividadEconomicaEntity = defineEntity({
  table: 'actividades_economicas',
  id: 'IdActividadEconomica',
  schema: ActividadEconomicaSchema,
  fields: FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { inUse: '' }),
  displayName: (row) => (row.Codigo && row.Nombre ? `${row.Codigo} ${row.Nombre}` : (row.Nombre ?? '')),
  permission: '/actividades-economicas',
  api: { base: '/api/actividades-economicas', list: '', detail: '/:IdActividadEconomica', create: '', update: '', remove: '/:IdActividadEconomica' },
  audience: 'todos',
  references: [],
  pullOrder: 1,
  device: { 4: ['orden'] },
});

import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { recordIdsSchema, wholeNumberSchema } from '../records/value-fields.ts';

/** The spec names IdEpp, NombreEpp and actividades; the other fields and the messages follow the product's tone. */
export const EPP_TIPOS_MESSAGES = {
  nameRequired: 'El nombre del EPP es requerido',
  activityInvalid: 'Una de las actividades económicas indicadas no existe',
  riskTooLong: 'El riesgo del que protege no puede superar 200 caracteres',
  standardTooLong: 'La certificación o norma no puede superar 160 caracteres',
  sizeInvalid: 'Cada talla debe tener entre 1 y 20 caracteres',
  sizesRepeated: 'Una talla está repetida',
  sizesTooMany: 'Un EPP puede tener hasta 30 tallas',
  lifeInvalid: 'La vida útil debe ser un número entero de meses, entre 0 y 120 (0: no vence)',
  duplicate: 'Ya existe un EPP con ese nombre',
  inUse: 'No se puede eliminar el EPP: está asignado a cargos o trabajadores. Quítalo de sus asignaciones primero',
} as const;

const Size = v.pipe(
  v.string(EPP_TIPOS_MESSAGES.sizeInvalid),
  v.trim(),
  v.nonEmpty(EPP_TIPOS_MESSAGES.sizeInvalid),
  v.maxLength(20, EPP_TIPOS_MESSAGES.sizeInvalid),
);

/** The sizes it comes in, in the order they are offered; empty for a one-size item. */
const SizesSchema = v.pipe(
  v.array(Size, EPP_TIPOS_MESSAGES.sizeInvalid),
  v.maxLength(30, EPP_TIPOS_MESSAGES.sizesTooMany),
  v.check((sizes) => new Set(sizes.map((size) => size.toLocaleLowerCase('es'))).size === sizes.length, EPP_TIPOS_MESSAGES.sizesRepeated),
);

/** An item of protective equipment the company gives (spec "EPP catalogue": IdEpp, NombreEpp, actividades). */
export const EppTipoSchema = v.object({
  IdEpp: RecordIdSchema,
  ...RecordMetaEntries,
  NombreEpp: nameSchema(EPP_TIPOS_MESSAGES.nameRequired, 120),
  /** The economic activities it applies to (IdActividadEconomica of the catalogue). */
  actividades: recordIdsSchema(EPP_TIPOS_MESSAGES.activityInvalid, 50),
  /** The risk it protects from: "Caída de objetos", "Ruido sobre 85 dB(A)". */
  Riesgo: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200, EPP_TIPOS_MESSAGES.riskTooLong)),
  /** Its certification or standard: "NCh 461", "ANSI Z89.1". */
  Norma: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(160, EPP_TIPOS_MESSAGES.standardTooLong)),
  Tallas: SizesSchema,
  /** Months it lasts after delivery; 0: it does not expire (spec 9). */
  VidaUtilMeses: wholeNumberSchema(0, 120, EPP_TIPOS_MESSAGES.lifeInvalid),
});
export type EppTipo = v.InferOutput<typeof EppTipoSchema>;

export const EPP_TIPO_FIELDS = ['NombreEpp', 'actividades', 'Riesgo', 'Norma', 'Tallas', 'VidaUtilMeses'] as const;
const { createBody, updateBody } = recordBodies(EppTipoSchema, 'IdEpp', EPP_TIPO_FIELDS);
export const EppTipoCreateBodySchema = createBody;

/** "12 meses", "1 mes", "No vence". */
export function usefulLifeText(months: number): string {
  if (months === 0) return 'No vence';
  return months === 1 ? '1 mes' : `${months} meses`;
}

const noun = { one: 'EPP', many: 'EPP' };

export const eppTipoEntity = defineEntity({
  table: 'epp_tipos',
  id: 'IdEpp',
  schema: EppTipoSchema,
  fields: EPP_TIPO_FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { inUse: EPP_TIPOS_MESSAGES.inUse }),
  displayName: (row) => row.NombreEpp ?? '',
  permission: '/epp/tipos',
  // The template editor links a checklist statement to an item (issue #16): its people read the catalogue too.
  readBy: ['/formularios'],
  // Spec catalogue calls: GET all/{company}, one/{id}; POST root (one per item); PUT root; DELETE {id}.
  api: { base: '/api/epp', list: '/all/:company', detail: '/one/:IdEpp', create: '', update: '', remove: '/:IdEpp' },
  audience: 'todos',
  // An activity deleted later leaves the EPP as it is (its screens show only the activities that still exist).
  references: [
    { field: 'actividades', table: 'actividades_economicas', many: true, message: EPP_TIPOS_MESSAGES.activityInvalid, onDelete: 'keep' },
  ],
  pullOrder: 2,
  device: { 7: ['orden'] },
});

import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import { recordIdsSchema, wholeNumberSchema } from '../records/value-fields.ts';

/** Training types (spec "Trainings": IdTipoCapacitacion, categories); the other fields follow the issue. */
export const TIPOS_CAPACITACION_MESSAGES = {
  nameRequired: 'El nombre del tipo de capacitación es requerido',
  categoryInvalid: 'Elige una categoría de la lista',
  hoursInvalid: 'La duración debe ser un número de horas entre 0,5 y 500, en medias horas',
  validityInvalid: 'La vigencia debe ser un número entero de meses, entre 0 y 600',
  evaluatedInvalid: 'Indica si el tipo de capacitación se evalúa con nota',
  duplicate: 'Ya existe un tipo de capacitación con ese nombre',
  inUse: 'No se puede eliminar el tipo de capacitación: tiene programas o capacitaciones activas',
  eppInvalid: 'Uno de los EPP indicados no existe en el catálogo',
} as const;

/**
 * The categories of training types (spec: GET capacitaciones/categorias). A fixed list: the spec names only the
 * call that reads them, and every company plans by the same kinds of training.
 */
export const CATEGORIAS_CAPACITACION = [
  { IdCategoria: 1, Nombre: 'Inducción' },
  { IdCategoria: 2, Nombre: 'Riesgos específicos del trabajo' },
  { IdCategoria: 3, Nombre: 'Uso y cuidado de EPP' },
  { IdCategoria: 4, Nombre: 'Emergencias y primeros auxilios' },
  { IdCategoria: 5, Nombre: 'Conducción y equipos móviles' },
  { IdCategoria: 6, Nombre: 'Salud ocupacional' },
  { IdCategoria: 7, Nombre: 'Normativa y gestión' },
] as const;
export type IdCategoria = (typeof CATEGORIAS_CAPACITACION)[number]['IdCategoria'];

export function categoryName(id: number): string {
  return CATEGORIAS_CAPACITACION.find((category) => category.IdCategoria === id)?.Nombre ?? '';
}

/** Whole or half hours, as trainings are scheduled. */
export const HoursSchema = v.pipe(
  v.number(TIPOS_CAPACITACION_MESSAGES.hoursInvalid),
  v.minValue(0.5, TIPOS_CAPACITACION_MESSAGES.hoursInvalid),
  v.maxValue(500, TIPOS_CAPACITACION_MESSAGES.hoursInvalid),
  v.check((hours) => Number.isInteger(hours * 2), TIPOS_CAPACITACION_MESSAGES.hoursInvalid),
);

/** Spec 9: a certificate's vigencia in months, 0 meaning indefinite. */
export const ValidityMonthsSchema = wholeNumberSchema(0, 600, TIPOS_CAPACITACION_MESSAGES.validityInvalid);

export const TipoCapacitacionSchema = v.object({
  IdTipoCapacitacion: RecordIdSchema,
  ...RecordMetaEntries,
  Nombre: nameSchema(TIPOS_CAPACITACION_MESSAGES.nameRequired, 160),
  /** A number; its digits as text are read too (what a form's select gives). */
  IdCategoria: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,3}$/))], TIPOS_CAPACITACION_MESSAGES.categoryInvalid),
    v.transform(Number),
    v.picklist(
      CATEGORIAS_CAPACITACION.map((category) => category.IdCategoria),
      TIPOS_CAPACITACION_MESSAGES.categoryInvalid,
    ),
  ),
  DuracionHoras: HoursSchema,
  VigenciaMeses: ValidityMonthsSchema,
  /** 1: each participant gets a grade from 1,0 to 7,0 and passes at 4,0. */
  Evaluada: v.picklist([0, 1], TIPOS_CAPACITACION_MESSAGES.evaluatedInvalid),
  Descripcion: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(500)),
  /**
   * The EPP items the training teaches the use of (issue #16): a worker with a valid realised attendance of it is
   * "capacitado" in them on the EPP dashboard.
   */
  Epps: v.optional(recordIdsSchema(TIPOS_CAPACITACION_MESSAGES.eppInvalid, 50, TIPOS_CAPACITACION_MESSAGES.eppInvalid), []),
});
export type TipoCapacitacion = v.InferOutput<typeof TipoCapacitacionSchema>;

const FIELDS = ['Nombre', 'IdCategoria', 'DuracionHoras', 'VigenciaMeses', 'Evaluada', 'Descripcion', 'Epps'] as const;
const { createBody, updateBody } = recordBodies(TipoCapacitacionSchema, 'IdTipoCapacitacion', FIELDS);

const noun = { one: 'tipo de capacitación', many: 'tipos de capacitación' };

export const tipoCapacitacionEntity = defineEntity({
  table: 'tipos_capacitacion',
  id: 'IdTipoCapacitacion',
  schema: TipoCapacitacionSchema,
  fields: FIELDS,
  createBody,
  updateBody,
  noun,
  messages: recordMessages(noun, { inUse: TIPOS_CAPACITACION_MESSAGES.inUse }),
  displayName: (row) => row.Nombre ?? '',
  permission: '/capacitaciones/tipos',
  // Spec: GET tipos?idEmpresa={company}; GET tipos/{id}; POST, PUT tipos; DELETE tipos/{id}.
  api: {
    base: '/api/capacitaciones',
    list: '/tipos',
    detail: '/tipos/:IdTipoCapacitacion',
    create: '/tipos',
    update: '/tipos',
    remove: '/tipos/:IdTipoCapacitacion',
  },
  audience: 'todos',
  // An EPP item deleted later leaves the type as it is (its screens show only the items that still exist).
  references: [{ field: 'Epps', table: 'epp_tipos', many: true, message: TIPOS_CAPACITACION_MESSAGES.eppInvalid, onDelete: 'keep' }],
  pullOrder: 8,
  device: { 6: ['orden'] },
});

import * as v from 'valibot';
import { defineEntity, recordMessages } from '../records/entity.ts';
import { BaseVersionSchema, nameSchema, OptionalRecordIdSchema, OptionalRutSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';

export const NIVELES_MESSAGES = {
  created: 'Nivel creado correctamente',
  updated: 'Nivel actualizado correctamente',
  deleted: 'Nivel eliminado correctamente',
  notFound: 'Nivel no encontrado',
  nameRequired: 'El nombre es requerido',
  typeInvalid: 'El tipo de nivel debe ser 2, 3 o 4',
  parentInvalid: 'El nivel superior no existe o no es del tipo anterior',
  parentForbidden: 'Un nivel 2 no tiene nivel superior',
  inUse: 'No se puede eliminar el nivel: tiene niveles, cargos o trabajadores activos asociados',
} as const;

export const LEVEL_TYPES = [2, 3, 4] as const;
export type LevelType = (typeof LEVEL_TYPES)[number];

/** A level as it is stored and pulled (change-log table `niveles`). */
export const NivelSchema = v.object({
  IdNivel: RecordIdSchema,
  ...RecordMetaEntries,
  TipoNivel: v.picklist(LEVEL_TYPES, NIVELES_MESSAGES.typeInvalid),
  /** Required for levels 3 (an nv2) and 4 (an nv3); null for level 2. */
  IdNivelPadre: OptionalRecordIdSchema,
  Nombre: nameSchema(NIVELES_MESSAGES.nameRequired),
  /** An optional RUT: empty, or a valid one (cleaned to 12345678-5). */
  RutNivel: OptionalRutSchema,
});
export type Nivel = v.InferOutput<typeof NivelSchema>;

const FIELDS = ['Nombre', 'IdNivelPadre', 'RutNivel'] as const;

export const NivelCreateBodySchema = v.pick(NivelSchema, ['IdNivel', 'TipoNivel', ...FIELDS]);
export type NivelCreateBody = v.InferOutput<typeof NivelCreateBodySchema>;

/** Only the fields the person changed, plus the Version they were based on (SPEC CF2); the id is in the path. */
export const NivelUpdateBodySchema = v.object({ Version: BaseVersionSchema, ...v.partial(v.pick(NivelSchema, FIELDS)).entries });
export type NivelUpdateBody = v.InferOutput<typeof NivelUpdateBodySchema>;

const noun = { one: 'nivel', many: 'niveles' };

export const nivelEntity = defineEntity({
  table: 'niveles',
  id: 'IdNivel',
  schema: NivelSchema,
  fields: FIELDS,
  createBody: NivelCreateBodySchema,
  updateBody: NivelUpdateBodySchema,
  noun,
  messages: recordMessages(noun, { updated: 'actualizado', inUse: NIVELES_MESSAGES.inUse }),
  displayName: (row) => row.Nombre ?? '',
  // Levels 2, 3 and 4 share the permissions of the "Nivel 2" maintainer.
  permission: '/nv2',
  api: { base: '/api/niveles', list: '/:company', detail: '/one/:company/:IdNivel', create: '/post/:company', update: '/put/:company/:IdNivel', remove: '/delete/:company/:IdNivel' },
  audience: 'todos',
  references: [{ field: 'IdNivelPadre', table: 'niveles', message: NIVELES_MESSAGES.parentInvalid }],
  pullOrder: 2,
  device: { 2: ['[TipoNivel+orden]', 'IdNivelPadre'] },
});

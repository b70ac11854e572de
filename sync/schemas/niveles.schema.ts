import * as v from 'valibot';
import { rutError } from '../domain/rut.ts';

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
  idInvalid: 'El identificador no es válido',
  versionRequired: 'La versión del registro es requerida',
} as const;

/** Ids of records made on a device (UUIDv7, SPEC OB3); the server accepts any UUID and never makes one up. */
export const RecordIdSchema = v.pipe(v.string(NIVELES_MESSAGES.idInvalid), v.trim(), v.toLowerCase(), v.uuid(NIVELES_MESSAGES.idInvalid));

/** The `Version` a write was based on (SPEC CF2). */
export const BaseVersionSchema = v.pipe(
  v.number(NIVELES_MESSAGES.versionRequired),
  v.integer(NIVELES_MESSAGES.versionRequired),
  v.minValue(1, NIVELES_MESSAGES.versionRequired),
);

/** A reference to another record that may be absent: null or omitted. */
export const OptionalRecordIdSchema = v.nullish(RecordIdSchema, null);

/** An optional RUT: empty, or a valid one (cleaned to 12345678-5). */
export const OptionalRutSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((value) => value === '' || rutError(value) === null, (issue) => rutError(issue.input as string) ?? ''),
  v.transform((value) => value.replace(/[.\s]/g, '').toUpperCase()),
);

export const LEVEL_TYPES = [2, 3, 4] as const;
export type LevelType = (typeof LEVEL_TYPES)[number];

const NameSchema = v.pipe(v.string(NIVELES_MESSAGES.nameRequired), v.trim(), v.nonEmpty(NIVELES_MESSAGES.nameRequired), v.maxLength(120));

export const NivelCreateBodySchema = v.object({
  IdNivel: RecordIdSchema,
  TipoNivel: v.picklist(LEVEL_TYPES, NIVELES_MESSAGES.typeInvalid),
  Nombre: NameSchema,
  /** Required for levels 3 (an nv2) and 4 (an nv3); absent for level 2. */
  IdNivelPadre: OptionalRecordIdSchema,
  RutNivel: OptionalRutSchema,
});
export type NivelCreateBody = v.InferOutput<typeof NivelCreateBodySchema>;

/** Only the fields the person changed, plus the Version they were based on (SPEC CF2). */
export const NivelUpdateBodySchema = v.object({
  Version: BaseVersionSchema,
  Nombre: v.optional(NameSchema),
  IdNivelPadre: v.optional(v.nullable(RecordIdSchema)),
  RutNivel: v.optional(OptionalRutSchema),
});
export type NivelUpdateBody = v.InferOutput<typeof NivelUpdateBodySchema>;

/** A level as the device stores it (the change-log row of table `niveles`). */
export interface Nivel {
  IdNivel: string;
  IdEmpresa: string;
  TipoNivel: LevelType;
  IdNivelPadre: string | null;
  Nombre: string;
  RutNivel: string;
  /** 1 active, 0 deleted. */
  Estado: 0 | 1;
  Version: number;
}

import * as v from 'valibot';
import { defineEntity, recordBodies, recordMessages } from '../records/entity.ts';
import { nameSchema, OptionalRecordIdSchema, RecordIdSchema, RecordMetaEntries } from '../records/record-fields.ts';
import type { Nivel } from './niveles.schema.ts';

/** Spec error catalogue, Cargo. */
export const CARGOS_MESSAGES = {
  nameRequired: 'El nombre del cargo es requerido',
  levelInvalid: 'El nivel indicado no existe',
  levelMismatch: 'El nivel 3 no pertenece al nivel 2 indicado',
  duplicate: 'El cargo ya existe para esa combinación de niveles',
  inUse: 'No se puede eliminar el cargo: tiene trabajadores asignados',
} as const;

/** A position for one combination of level 2 and level 3 (either may be null: the whole company). */
export const CargoSchema = v.object({
  IdCargo: RecordIdSchema,
  ...RecordMetaEntries,
  NombreCargo: nameSchema(CARGOS_MESSAGES.nameRequired),
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
});
export type Cargo = v.InferOutput<typeof CargoSchema>;

const { createBody, updateBody } = recordBodies(CargoSchema, 'IdCargo', ['NombreCargo', 'IdNivel2', 'IdNivel3']);
export const CargoCreateBodySchema = createBody;
export type CargoCreateBody = v.InferOutput<typeof CargoCreateBodySchema>;
export const CargoUpdateBodySchema = updateBody;
export type CargoUpdateBody = v.InferOutput<typeof CargoUpdateBodySchema>;

/** A row of `cargo_nivel`: the position with the names of its levels, for pickers. */
export const CargoNivelSchema = v.object({
  IdCargo: v.string(),
  NombreCargo: v.string(),
  IdNivel2: v.nullable(v.string()),
  Nivel2: v.nullable(v.string()),
  IdNivel3: v.nullable(v.string()),
  Nivel3: v.nullable(v.string()),
});
export type CargoNivel = v.InferOutput<typeof CargoNivelSchema>;

/**
 * Positions with the names of their levels (`cargo_nivel`), in SQL's plain text order of name, level 2 and level 3,
 * as the lists always had it.
 */
export function cargoLevels<Row extends Pick<Cargo, 'IdCargo' | 'NombreCargo' | 'IdNivel2' | 'IdNivel3'>>(
  cargos: readonly Row[],
  levels: readonly Pick<Nivel, 'IdNivel' | 'Nombre'>[],
): (Row & Pick<CargoNivel, 'Nivel2' | 'Nivel3'>)[] {
  const names = new Map(levels.map((level) => [level.IdNivel, level.Nombre]));
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const binary = (a: string | null, b: string | null) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
  return cargos
    .map((cargo) => ({ ...cargo, Nivel2: name(cargo.IdNivel2), Nivel3: name(cargo.IdNivel3) }))
    .sort((a, b) => binary(a.NombreCargo, b.NombreCargo) || binary(a.Nivel2, b.Nivel2) || binary(a.Nivel3, b.Nivel3));
}

export function toCargoNivel(row: Pick<CargoNivel, keyof CargoNivel>): CargoNivel {
  return {
    IdCargo: row.IdCargo,
    NombreCargo: row.NombreCargo,
    IdNivel2: row.IdNivel2,
    Nivel2: row.Nivel2,
    IdNivel3: row.IdNivel3,
    Nivel3: row.Nivel3,
  };
}

const noun = { one: 'cargo', many: 'cargos' };

export const cargoEntity = defineEntity({
  table: 'cargos',
  id: 'IdCargo',
  schema: CargoSchema,
  fields: ['NombreCargo', 'IdNivel2', 'IdNivel3'],
  createBody: CargoCreateBodySchema,
  updateBody: CargoUpdateBodySchema,
  noun,
  messages: recordMessages(noun, { inUse: CARGOS_MESSAGES.inUse }),
  displayName: (row) => row.NombreCargo ?? '',
  permission: '/cargos',
  api: {
    base: '/api/cargos',
    list: '/newcargos2/:company',
    detail: '/newcargos2/one/:company/:IdCargo',
    create: '/newcargos2',
    update: '/newcargos2/:company',
    remove: '/newcargos2/delete/:IdCargo',
  },
  audience: 'todos',
  references: [
    { field: 'IdNivel2', table: 'niveles', where: { TipoNivel: 2 }, message: CARGOS_MESSAGES.levelInvalid },
    { field: 'IdNivel3', table: 'niveles', where: { TipoNivel: 3 }, message: CARGOS_MESSAGES.levelInvalid },
  ],
  pullOrder: 3,
  device: { 2: ['orden', 'IdNivel2', 'IdNivel3'] },
});

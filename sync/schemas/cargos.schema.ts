import * as v from 'valibot';
import { BaseVersionSchema, OptionalRecordIdSchema, RecordIdSchema } from './niveles.schema.ts';

/** Spec error catalogue, Cargo. */
export const CARGOS_MESSAGES = {
  created: 'Cargo creado correctamente',
  updated: 'Cargo editado correctamente',
  deleted: 'Cargo eliminado correctamente',
  notFound: 'Cargo no encontrado',
  nameRequired: 'El nombre del cargo es requerido',
  levelInvalid: 'El nivel indicado no existe',
  levelMismatch: 'El nivel 3 no pertenece al nivel 2 indicado',
  duplicate: 'El cargo ya existe para esa combinación de niveles',
  inUse: 'No se puede eliminar el cargo: tiene trabajadores asignados',
} as const;

const NameSchema = v.pipe(v.string(CARGOS_MESSAGES.nameRequired), v.trim(), v.nonEmpty(CARGOS_MESSAGES.nameRequired), v.maxLength(120));

/** A position for one combination of level 2 and level 3 (either may be null: the whole company). */
export const CargoCreateBodySchema = v.object({
  IdCargo: RecordIdSchema,
  NombreCargo: NameSchema,
  IdNivel2: OptionalRecordIdSchema,
  IdNivel3: OptionalRecordIdSchema,
});
export type CargoCreateBody = v.InferOutput<typeof CargoCreateBodySchema>;

export const CargoUpdateBodySchema = v.object({
  IdCargo: RecordIdSchema,
  Version: BaseVersionSchema,
  NombreCargo: v.optional(NameSchema),
  IdNivel2: v.optional(v.nullable(RecordIdSchema)),
  IdNivel3: v.optional(v.nullable(RecordIdSchema)),
});
export type CargoUpdateBody = v.InferOutput<typeof CargoUpdateBodySchema>;

/** A position as the device stores it (the change-log row of table `cargos`). */
export interface Cargo {
  IdCargo: string;
  IdEmpresa: string;
  NombreCargo: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
  /** 1 active, 0 deleted. */
  Estado: 0 | 1;
  Version: number;
}

/** A row of `cargo_nivel`: the position with the names of its levels, for pickers. */
export interface CargoNivel {
  IdCargo: string;
  NombreCargo: string;
  IdNivel2: string | null;
  Nivel2: string | null;
  IdNivel3: string | null;
  Nivel3: string | null;
}

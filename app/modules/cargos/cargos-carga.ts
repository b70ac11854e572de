import { CARGOS_MESSAGES, CargoCreateBodySchema } from '#sync/schemas/cargos.schema.ts';
import * as v from 'valibot';
import { fold } from '#app/db/reference-rows.ts';
import type { CsvLoadSpec, CsvRowCheck } from '#app/ui/records/csv-load.ts';
import { type LoadLevels, levelsByName } from '#app/ui/records/load-levels.ts';

export interface CargoLoadContext extends LoadLevels {
  /** `cargoLoadKey` of every position on the device. */
  existing: ReadonlySet<string>;
}

export type CargoLoadFields = {
  NombreCargo: string;
  IdNivel2: string | null;
  IdNivel3: string | null;
};

/** The server's identity of a position: its name for one combination of levels. */
export const cargoLoadKey = (cargo: Pick<CargoLoadFields, keyof CargoLoadFields>) => `${fold(cargo.NombreCargo)}|${cargo.IdNivel2 ?? ''}|${cargo.IdNivel3 ?? ''}`;

const NameSchema = CargoCreateBodySchema.entries.NombreCargo;

export function checkCargoRow([nombre = '', nivel2 = '', nivel3 = '']: readonly string[], context: CargoLoadContext): CsvRowCheck<CargoLoadFields> {
  const name = v.safeParse(NameSchema, nombre);
  if (!name.success) return { message: name.issues[0].message, column: 'Cargo' };
  const levels = levelsByName(nivel2.trim(), nivel3.trim(), context);
  if ('message' in levels) return levels;
  return { fields: { NombreCargo: name.output, IdNivel2: levels.nv2, IdNivel3: levels.nv3 } };
}

/** Positions from a file: a name, and the levels it belongs to (empty: the whole company). */
export const CARGO_LOAD: CsvLoadSpec<CargoLoadFields, CargoLoadContext> = {
  columns: [
    { name: 'Cargo', aliases: ['Nombre del cargo', 'Nombre Cargo', 'NombreCargo', 'Nombre'], required: true },
    { name: 'Nivel 2', aliases: (context) => [context.levelLabels[0]] },
    { name: 'Nivel 3', aliases: (context) => [context.levelLabels[1]] },
  ],
  maxRows: 5_000,
  checkRow: checkCargoRow,
  key: cargoLoadKey,
  existing: (context) => context.existing,
  messages: { duplicate: CARGOS_MESSAGES.duplicate, duplicateColumn: 'Cargo' },
};

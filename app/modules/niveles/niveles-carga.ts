import { type LevelType, NivelCreateBodySchema } from '#sync/schemas/niveles.schema.ts';
import * as v from 'valibot';
import { fold } from '#app/db/reference-rows.ts';
import type { CsvLoadSpec, CsvRowCheck } from '#app/ui/records/csv-load.ts';
import { byNombre, LOAD_LEVEL_MESSAGES, type LoadLevel } from '#app/ui/records/load-levels.ts';

export const NIVEL_LOAD_MESSAGES = {
  duplicate: 'Ya existe un nivel con ese nombre bajo el mismo nivel superior',
  parentRequired: (label: string) => `Indica ${label.toLocaleLowerCase('es')} al que pertenece`,
} as const;

/** What a row of levels of one type is checked against: the levels above, the levels of the type already there. */
export interface NivelLoadContext {
  type: LevelType;
  /** The company's name of this type of level and of the one above it ("Área", "Faena"). */
  label: string;
  parentLabel: string;
  parents: readonly LoadLevel[];
  /** `nivelLoadKey` of every level of this type on the device. */
  existing: ReadonlySet<string>;
}

export type NivelLoadFields = { TipoNivel: LevelType; Nombre: string; IdNivelPadre: string | null; RutNivel: string };

export const nivelLoadKey = (level: Pick<NivelLoadFields, 'Nombre' | 'IdNivelPadre'>) => `${level.IdNivelPadre ?? ''}|${fold(level.Nombre)}`;

const { Nombre, RutNivel } = NivelCreateBodySchema.entries;

export function checkNivelRow([nombre = '', superior = '', rut = '']: readonly string[], context: NivelLoadContext): CsvRowCheck<NivelLoadFields> {
  const name = v.safeParse(Nombre, nombre);
  if (!name.success) return { message: name.issues[0].message, column: 'Nombre' };
  let parent: LoadLevel | undefined;
  if (context.type > 2) {
    if (superior.trim() === '') return { message: NIVEL_LOAD_MESSAGES.parentRequired(context.parentLabel), column: 'Nivel superior' };
    parent = byNombre(context.parents, superior.trim())[0];
    if (!parent) return { message: LOAD_LEVEL_MESSAGES.unknown(context.parentLabel, superior.trim()), column: 'Nivel superior' };
  }
  const tax = v.safeParse(RutNivel, rut);
  if (!tax.success) return { message: tax.issues[0].message, column: 'RUT' };
  return { fields: { TipoNivel: context.type, Nombre: name.output, IdNivelPadre: parent?.IdNivel ?? null, RutNivel: tax.output } };
}

/** Levels 2, 3 or 4 from a file: a name, the level above (by its name) and an optional RUT. */
export const nivelLoadOf = (type: LevelType): CsvLoadSpec<NivelLoadFields, NivelLoadContext> => ({
  columns: [
    { name: 'Nombre', aliases: (context) => [context.label, `Nivel ${type}`], required: true },
    ...(type > 2 ? [{ name: 'Nivel superior', aliases: (context: NivelLoadContext) => [context.parentLabel, `Nivel ${type - 1}`], required: true }] : []),
    { name: 'RUT', aliases: ['Rut', 'RutNivel'] },
  ],
  maxRows: 5_000,
  checkRow: (cells, context) => checkNivelRow(type > 2 ? cells : [cells[0] ?? '', '', cells[1] ?? ''], context),
  key: nivelLoadKey,
  existing: (context) => context.existing,
  messages: { duplicate: NIVEL_LOAD_MESSAGES.duplicate, duplicateColumn: 'Nombre' },
});

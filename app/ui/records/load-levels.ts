import { fold } from '#app/db/reference-rows.ts';

/** A level as a file load looks it up: by its name, under its parent. */
export interface LoadLevel {
  IdNivel: string;
  Nombre: string;
  IdNivelPadre: string | null;
}

/** The company's levels 2 and 3 on the device, and its names for them ("Faena", "Área"). */
export interface LoadLevels {
  levels2: readonly LoadLevel[];
  levels3: readonly LoadLevel[];
  levelLabels: [string, string];
}

/** The levels a load looks names up in, from the device's levels and the company's names for them. */
export function loadLevels(levels: readonly (LoadLevel & { TipoNivel: number })[], levelLabels: [string, string]): LoadLevels {
  const ofType = (type: number) => levels.filter((level) => level.TipoNivel === type);
  return { levels2: ofType(2), levels3: ofType(3), levelLabels };
}

export const LOAD_LEVEL_MESSAGES = {
  unknown: (label: string, name: string) => `No existe ${label.toLocaleLowerCase('es')} «${name}»`,
  mismatch: (label: string, name: string) => `${label} «${name}» no pertenece al nivel superior indicado`,
} as const;

const byName = new WeakMap<readonly unknown[], Map<string, unknown[]>>();

/** Rows by their folded name, indexed once per list: a thousand-row file looks names up thousands of times. */
export function byFoldedName<Row>(rows: readonly Row[], name: string, nameOf: (row: Row) => string): Row[] {
  let index = byName.get(rows) as Map<string, Row[]> | undefined;
  if (!index) {
    index = new Map();
    for (const row of rows) {
      const key = fold(nameOf(row).trim());
      index.set(key, [...(index.get(key) ?? []), row]);
    }
    byName.set(rows, index as Map<string, unknown[]>);
  }
  return index.get(fold(name.trim())) ?? [];
}

/** Rows that carry a `Nombre` (levels, activities) by that name, folded. */
export const byNombre = <Row extends { Nombre: string }>(rows: readonly Row[], name: string) =>
  byFoldedName(rows, name, (row) => row.Nombre);

/**
 * A row's level 2 and 3 from their names (either may be empty): a level 3 must be under the level 2 given, and a
 * level 3 alone brings its level 2, as the forms' pickers do. `columns` are the template's names of the two cells.
 */
export function levelsByName(
  level2: string,
  level3: string,
  { levels2, levels3, levelLabels: [label2, label3] }: LoadLevels,
  columns: [string, string] = ['Nivel 2', 'Nivel 3'],
): { nv2: string | null; nv3: string | null } | { message: string; column: string } {
  let nv2: LoadLevel | undefined;
  if (level2 !== '') {
    nv2 = byNombre(levels2, level2)[0];
    if (!nv2) return { message: LOAD_LEVEL_MESSAGES.unknown(label2, level2), column: columns[0] };
  }
  if (level3 === '') return { nv2: nv2?.IdNivel ?? null, nv3: null };
  const candidates = byNombre(levels3, level3);
  const nv3 = nv2 ? candidates.find((level) => level.IdNivelPadre === nv2.IdNivel) : candidates[0];
  if (!nv3) {
    const message = candidates.length > 0 ? LOAD_LEVEL_MESSAGES.mismatch(label3, level3) : LOAD_LEVEL_MESSAGES.unknown(label3, level3);
    return { message, column: columns[1] };
  }
  return { nv2: nv2?.IdNivel ?? nv3.IdNivelPadre, nv3: nv3.IdNivel };
}

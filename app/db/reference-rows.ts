import type { Cargo } from '#sync/schemas/cargos.schema.ts';
import type { Nivel } from '#sync/schemas/niveles.schema.ts';
import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { Inspeccion, Observacion } from '#sync/schemas/inspecciones.schema.ts';
import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { LocalFormulario, LocalInspeccion, LocalObservacion } from './inspection-rows.ts';

/** The tables a pull fills and the app writes through the outbox. */
export const REFERENCE_TABLES = ['trabajadores', 'cargos', 'niveles', 'formularios', 'inspecciones', 'observaciones'] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

/** The primary key of each table, as in the Dexie schema (app-db.ts). */
export const PRIMARY_KEYS = {
  trabajadores: 'IdPersona',
  cargos: 'IdCargo',
  niveles: 'IdNivel',
  formularios: 'IdFormulario',
  inspecciones: 'IdEvaluacion',
  observaciones: 'IdObservacion',
} as const satisfies Record<ReferenceTable, string>;

export interface LocalTrabajador extends Trabajador {
  /** Folded words of the RUT (without dots or dash) and the names, for the prefix search. */
  palabras: string[];
  /** Folded "paterno materno nombres": the list order. */
  orden: string;
}

export interface LocalCargo extends Cargo {
  orden: string;
}

export interface LocalNivel extends Nivel {
  orden: string;
}

export type LocalRow = LocalTrabajador | LocalCargo | LocalNivel | LocalFormulario | LocalInspeccion | LocalObservacion;

/** Lower case without accents, as the search compares. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('es');
}

/** The words of a search: a word that looks like a RUT ("12.345.678-5") loses its dots and dash. */
export function searchWords(input: string): string[] {
  return fold(input)
    .split(/\s+/)
    .map((word) => (/^[\d.]+-?[\dk]?$/.test(word) ? word.replace(/[.-]/g, '') : word))
    .filter(Boolean)
    .slice(0, 8);
}

export function toLocalTrabajador(row: Trabajador): LocalTrabajador {
  const names = [row.Nombres, row.ApellidoPaterno, row.ApellidoMaterno].join(' ');
  const palabras = [...new Set([row.RunPersona.replace(/[.-]/g, '').toLowerCase(), ...fold(names).split(/\s+/)].filter(Boolean))];
  return { ...row, palabras, orden: fold([row.ApellidoPaterno, row.ApellidoMaterno, row.Nombres].filter(Boolean).join(' ')) };
}

export function toLocalCargo(row: Cargo): LocalCargo {
  return { ...row, orden: fold(row.NombreCargo) };
}

export function toLocalFormulario(row: Formulario): LocalFormulario {
  return { ...row, orden: fold(row.Nombre) };
}

/** The id of a row of `table`. */
export function idOfRow(table: ReferenceTable, row: LocalRow): string {
  return (row as unknown as Record<string, string>)[PRIMARY_KEYS[table]]!;
}

export function toLocalNivel(row: Nivel): LocalNivel {
  return { ...row, orden: fold(row.Nombre) };
}

/** A pulled or refetched row as the device keeps it; deleted records (Estado 0) are not kept. */
export function toLocalRow(table: ReferenceTable, row: Record<string, unknown>): LocalRow | null {
  if (row.Estado === 0) return null;
  switch (table) {
    case 'trabajadores':
      return toLocalTrabajador(row as unknown as Trabajador);
    case 'cargos': {
      const { Nivel2: _nivel2, Nivel3: _nivel3, ...cargo } = row;
      return toLocalCargo(cargo as unknown as Cargo);
    }
    case 'niveles':
      return toLocalNivel(row as unknown as Nivel);
    case 'formularios':
      return toLocalFormulario(row as unknown as Formulario);
    case 'inspecciones':
      return row as unknown as Inspeccion;
    case 'observaciones':
      return row as unknown as Observacion;
  }
}

export function isReferenceTable(table: string): table is ReferenceTable {
  return (REFERENCE_TABLES as readonly string[]).includes(table);
}

import { DOTACIONES_MESSAGES, DotacionSchema } from '#sync/schemas/dotaciones.schema.ts';
import * as v from 'valibot';
import { fold } from '#app/db/reference-rows.ts';
import { parseLocaleNumber } from '#app/ui/records/csv-parse.ts';
import type { CsvLoadSpec, CsvRowCheck } from '#app/ui/records/csv-load.ts';
import { dotacionKey } from './dotacion-rules.ts';

export const DOTACION_CSV_MESSAGES = {
  notOwn: 'Solo puedes cargar la dotación de tu empresa contratista',
} as const;

/** The record's own fields and their messages (the server's): what a row must be besides its levels. */
const RowSchema = v.pick(DotacionSchema, ['Mes', 'IdNivel2', 'IdNivel3', 'RutContratista', 'Dotacion', 'HorasHombre']);

export interface CsvLevel {
  IdNivel: string;
  Nombre: string;
  IdNivelPadre: string | null;
}

/** What a row is checked against: the levels by name, the rows already on the device, this month, the user's contractor. */
export interface DotacionCsvContext {
  levels2: readonly CsvLevel[];
  levels3: readonly CsvLevel[];
  /** The company's names of levels 2 and 3 ("Faena", "Área"), also accepted as the header's level columns. */
  levelLabels: [string, string];
  /** `dotacionKey` of every row on the device. */
  existing: ReadonlySet<string>;
  currentMonth: string;
  /** A contractor's user loads only its own rows: its RUT fills an empty column. */
  ownRut: string | null;
}

/** The fields of one good row, ready for `createRecords`. */
export type DotacionFields = {
  Mes: string;
  IdNivel2: string;
  IdNivel3: string | null;
  RutContratista: string;
  Dotacion: number;
  HorasHombre: number;
};

/** YYYY-MM from what a spreadsheet leaves in the month cell: 2026-03, 03/2026, 3-2026, or a date of that month. */
export function monthOfCell(cell: string): string {
  const text = cell.trim();
  let match = /^(\d{4})[-/](\d{1,2})(?:[-/]\d{1,2})?$/.exec(text);
  if (match) return `${match[1]}-${match[2]!.padStart(2, '0')}`;
  match = /^(?:\d{1,2}[-/])?(\d{1,2})[-/](\d{4})$/.exec(text);
  if (match) return `${match[2]}-${match[1]!.padStart(2, '0')}`;
  return text;
}

const byName = (levels: readonly CsvLevel[], name: string) => levels.filter((level) => fold(level.Nombre.trim()) === fold(name.trim()));
/** The template's column of each field the record's schema checks. */
const ROW_COLUMNS: Record<string, string> = {
  Mes: 'Mes',
  RutContratista: 'RUT contratista',
  Dotacion: 'Dotación',
  HorasHombre: 'Horas hombre',
};
const OWN_STAFF = new Set(['', 'personal propio', 'propio', 'propia']);

/** One data row of the file: its fields when good, or the first thing wrong with it. */
export function checkDotacionRow(cells: readonly string[], context: DotacionCsvContext): CsvRowCheck<DotacionFields> {
  const [mes = '', nivel2 = '', nivel3 = '', rut = '', dotacion = '', horas = ''] = cells;
  const [label2, label3] = context.levelLabels;
  if (nivel2.trim() === '') return { message: DOTACIONES_MESSAGES.levelRequired, column: 'Nivel 2' };
  const level2 = byName(context.levels2, nivel2)[0];
  if (!level2) return { message: `${DOTACIONES_MESSAGES.levelInvalid} (${label2}: «${nivel2.trim()}»)`, column: 'Nivel 2' };
  let level3: CsvLevel | undefined;
  if (nivel3.trim() !== '') {
    const named = byName(context.levels3, nivel3);
    level3 = named.find((level) => level.IdNivelPadre === level2.IdNivel);
    if (!level3) {
      const message = named.length > 0 ? DOTACIONES_MESSAGES.levelMismatch : DOTACIONES_MESSAGES.levelInvalid;
      return { message: `${message} (${label3}: «${nivel3.trim()}»)`, column: 'Nivel 3' };
    }
  }
  const rutText = OWN_STAFF.has(fold(rut.trim())) ? '' : rut.trim();
  const parsed = v.safeParse(RowSchema, {
    Mes: monthOfCell(mes),
    IdNivel2: level2.IdNivel,
    IdNivel3: level3?.IdNivel ?? null,
    RutContratista: rutText || (context.ownRut ?? ''),
    Dotacion: parseLocaleNumber(dotacion),
    HorasHombre: parseLocaleNumber(horas),
  });
  if (!parsed.success) return { message: parsed.issues[0].message, column: ROW_COLUMNS[String(parsed.issues[0].path?.[0]?.key)] };
  const good: DotacionFields = { ...parsed.output, IdNivel3: parsed.output.IdNivel3 ?? null };
  if (context.ownRut && good.RutContratista !== context.ownRut.replace(/[.\s]/g, '').toUpperCase()) {
    return { message: DOTACION_CSV_MESSAGES.notOwn, column: 'RUT contratista' };
  }
  if (good.Mes > context.currentMonth) return { message: DOTACIONES_MESSAGES.future, column: 'Mes' };
  return { fields: good };
}

/** The load on the kit: the template's columns (levels also by the company's names for them) and the row's rules. */
export const DOTACION_CSV: CsvLoadSpec<DotacionFields, DotacionCsvContext> = {
  columns: [
    { name: 'Mes', required: true },
    { name: 'Nivel 2', aliases: (context) => [context.levelLabels[0]], required: true },
    { name: 'Nivel 3', aliases: (context) => [context.levelLabels[1]] },
    { name: 'RUT contratista' },
    { name: 'Dotación', required: true },
    { name: 'Horas hombre', required: true },
  ],
  maxRows: 5_000,
  checkRow: checkDotacionRow,
  key: dotacionKey,
  existing: (context) => context.existing,
  messages: { duplicate: DOTACIONES_MESSAGES.duplicate, duplicateColumn: 'Mes' },
};

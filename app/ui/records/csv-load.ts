import { fold } from '#app/db/reference-rows.ts';
import type { CsvLine } from './csv-parse.ts';

/**
 * Checking a file load of records (the kit's "Cargar archivo"): the header, then every row as the record's form would
 * check it, plus no row repeated in the file or already on the device. Nothing is written here: the page queues the
 * good rows only, each as its own write, and shows every bad one on its row and column.
 */

/** A problem of the file (`line` null) or of one row, by its number as Excel shows it (the header is 1). */
export interface CsvProblem {
  line: number | null;
  /** The column as the file names it, when the problem is in one cell. */
  column: string | null;
  message: string;
}

export interface CsvColumn<Context> {
  /** The template's name of the column. */
  name: string;
  /** Other headers it is taken by: a payroll system's ("Rut Trabajador"), the company's names of its levels. */
  aliases?: readonly string[] | ((context: Context) => readonly string[]);
  /** A file without this column is refused whole. */
  required?: boolean;
}

/** What a row's check answers: its record fields, or the first thing wrong with it (and in which of the spec's columns). */
export type CsvRowCheck<Fields> = { fields: Fields } | { message: string; column?: string };

export interface CsvLoadSpec<Fields, Context> {
  columns: readonly CsvColumn<Context>[];
  /** The largest file a tablet takes at once: its rows are queued in one transaction. */
  maxRows: number;
  /** One data row, its cells in the order of `columns` ('' for a column the file does not have). */
  checkRow(cells: readonly string[], context: Context): CsvRowCheck<Fields>;
  /** The record's identity: a second row with it (in the file or on the device) is refused with `duplicate`. */
  key(fields: Fields): string;
  existing(context: Context): ReadonlySet<string>;
  messages: { duplicate: string; /** The column a duplicate is reported in. */ duplicateColumn?: string };
}

export const CSV_LOAD_MESSAGES = {
  empty: 'El archivo no tiene filas bajo el encabezado',
  missingColumns: (columns: readonly string[]) =>
    columns.length === 1
      ? `Falta la columna «${columns[0]}» en el encabezado (descarga la plantilla)`
      : `Faltan las columnas ${columns.map((column) => `«${column}»`).join(', ')} en el encabezado (descarga la plantilla)`,
  tooMany: (max: number) => `El archivo tiene más de ${max.toLocaleString('es-CL')} filas: divídelo en varios archivos`,
  duplicateInFile: (line: number, duplicate: string) =>
    `Repite la fila ${line}: ${duplicate.charAt(0).toLocaleLowerCase('es')}${duplicate.slice(1)}`,
} as const;

const CHUNK = 250;

function namesOf<Context>(column: CsvColumn<Context>, context: Context): string[] {
  const aliases = typeof column.aliases === 'function' ? column.aliases(context) : (column.aliases ?? []);
  return [column.name, ...aliases].map((name) => fold(name.trim()));
}

/** Where each of the spec's columns is in the file (-1: not there), matched by name in any order, case or accent. */
export function matchColumns<Context>(header: readonly string[], columns: readonly CsvColumn<Context>[], context: Context): number[] {
  const folded = header.map((cell) => fold(cell.trim()));
  const taken = new Set<number>();
  return columns.map((column) => {
    const names = namesOf(column, context);
    const index = folded.findIndex((cell, position) => !taken.has(position) && names.includes(cell));
    if (index >= 0) taken.add(index);
    return index;
  });
}

/**
 * The whole file, a chunk at a time (a large one keeps the screen responsive and reports its progress): the fields
 * of every good row with its line, and one problem per bad row.
 */
export async function checkCsvLoad<Fields, Context>(
  rows: readonly CsvLine[],
  spec: CsvLoadSpec<Fields, Context>,
  context: Context,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<{ fields: Fields[]; lines: number[]; problems: CsvProblem[] }> {
  const header = rows[0];
  const refused = (problem: CsvProblem) => ({ fields: [], lines: [], problems: [problem] });
  if (!header) return refused({ line: null, column: null, message: CSV_LOAD_MESSAGES.empty });
  const positions = matchColumns(header.cells, spec.columns, context);
  const missing = spec.columns.filter((column, index) => column.required && positions[index] === -1).map((column) => column.name);
  if (missing.length > 0) return refused({ line: header.line, column: null, message: CSV_LOAD_MESSAGES.missingColumns(missing) });
  if (rows.length === 1) return refused({ line: null, column: null, message: CSV_LOAD_MESSAGES.empty });
  if (rows.length - 1 > spec.maxRows) return refused({ line: null, column: null, message: CSV_LOAD_MESSAGES.tooMany(spec.maxRows) });

  // A problem names the column as the file does, so the person finds it in their own spreadsheet.
  const fileName = (column: string | undefined) => {
    const index = spec.columns.findIndex((candidate) => candidate.name === column);
    if (index < 0) return null;
    const position = positions[index]!;
    return position >= 0 ? (header.cells[position] ?? column!).trim() : column!;
  };
  const data = rows.slice(1);
  const existing = spec.existing(context);
  const seen = new Map<string, number>();
  const fields: Fields[] = [];
  const lines: number[] = [];
  const problems: CsvProblem[] = [];
  for (let start = 0; start < data.length; start += CHUNK) {
    for (const row of data.slice(start, start + CHUNK)) {
      const cells = positions.map((position) => (position >= 0 ? (row.cells[position] ?? '') : ''));
      const result = spec.checkRow(cells, context);
      if ('message' in result) {
        problems.push({ line: row.line, column: fileName(result.column), message: result.message });
        continue;
      }
      const key = spec.key(result.fields);
      const before = seen.get(key);
      const column = fileName(spec.messages.duplicateColumn);
      if (existing.has(key)) problems.push({ line: row.line, column, message: spec.messages.duplicate });
      else if (before !== undefined)
        problems.push({ line: row.line, column, message: CSV_LOAD_MESSAGES.duplicateInFile(before, spec.messages.duplicate) });
      else {
        seen.set(key, row.line);
        fields.push(result.fields);
        lines.push(row.line);
      }
    }
    onProgress(Math.min(start + CHUNK, data.length), data.length);
    if (start + CHUNK < data.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { fields, lines, problems };
}

import { fold } from '#app/db/reference-rows.ts';
import type { CsvLine } from './csv-parse.ts';

/**
 * Checking a CSV load of records (the kit's "Cargar CSV"): the header, then every row as the record's form would
 * check it, plus no row repeated in the file or already on the device. Nothing is written here: the page queues the
 * rows only when none is bad, so a load is never half done.
 */

/** A problem of the file (`line` null) or of one row, by its number as Excel shows it (the header is 1). */
export interface CsvProblem {
  line: number | null;
  message: string;
}

export interface CsvLoadSpec<Fields, Context> {
  /** The template's header; `aliases` are other names a column is accepted by (the company's names of its levels). */
  columns: readonly { name: string; aliases?: (context: Context) => readonly string[] }[];
  /** More rows go in several files: one load is one transaction on a tablet. */
  maxRows: number;
  /** One data row: its record fields, or the first thing wrong with it in the record's own words. */
  checkRow(cells: readonly string[], context: Context): { fields: Fields } | { message: string };
  /** The record's identity: a second row with it (in the file or on the device) is refused with `duplicate`. */
  key(fields: Fields): string;
  existing(context: Context): ReadonlySet<string>;
  messages: { duplicate: string };
}

export const CSV_LOAD_MESSAGES = {
  empty: 'El archivo no tiene filas bajo el encabezado',
  header: (columns: readonly string[]) => `El encabezado debe ser ${columns.join(';')} (descarga la plantilla)`,
  tooMany: (max: number) => `El archivo tiene más de ${max.toLocaleString('es-CL')} filas: divídelo en varios archivos`,
  duplicateInFile: (line: number, duplicate: string) =>
    `Repite la fila ${line}: ${duplicate.charAt(0).toLocaleLowerCase('es')}${duplicate.slice(1)}`,
} as const;

const CHUNK = 250;

function headerProblem<Context>(rows: readonly CsvLine[], spec: CsvLoadSpec<unknown, Context>, context: Context): CsvProblem | null {
  const header = rows[0];
  if (!header) return { line: null, message: CSV_LOAD_MESSAGES.empty };
  const matches = spec.columns.every((column, index) =>
    [column.name, ...(column.aliases?.(context) ?? [])].map(fold).includes(fold((header.cells[index] ?? '').trim())),
  );
  if (!matches) return { line: header.line, message: CSV_LOAD_MESSAGES.header(spec.columns.map((column) => column.name)) };
  if (rows.length === 1) return { line: null, message: CSV_LOAD_MESSAGES.empty };
  if (rows.length - 1 > spec.maxRows) return { line: null, message: CSV_LOAD_MESSAGES.tooMany(spec.maxRows) };
  return null;
}

/**
 * The whole file, a chunk at a time (a large one keeps the screen responsive and reports its progress): the fields
 * of every good row and one problem per bad row.
 */
export async function checkCsvLoad<Fields, Context>(
  rows: readonly CsvLine[],
  spec: CsvLoadSpec<Fields, Context>,
  context: Context,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<{ fields: Fields[]; problems: CsvProblem[] }> {
  const header = headerProblem(rows, spec as CsvLoadSpec<unknown, Context>, context);
  if (header) return { fields: [], problems: [header] };
  const data = rows.slice(1);
  const existing = spec.existing(context);
  const seen = new Map<string, number>();
  const fields: Fields[] = [];
  const problems: CsvProblem[] = [];
  for (let start = 0; start < data.length; start += CHUNK) {
    for (const row of data.slice(start, start + CHUNK)) {
      const result = spec.checkRow(row.cells, context);
      if ('message' in result) {
        problems.push({ line: row.line, message: result.message });
        continue;
      }
      const key = spec.key(result.fields);
      const before = seen.get(key);
      if (existing.has(key)) problems.push({ line: row.line, message: spec.messages.duplicate });
      else if (before !== undefined)
        problems.push({ line: row.line, message: CSV_LOAD_MESSAGES.duplicateInFile(before, spec.messages.duplicate) });
      else {
        seen.set(key, row.line);
        fields.push(result.fields);
      }
    }
    onProgress(Math.min(start + CHUNK, data.length), data.length);
    if (start + CHUNK < data.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { fields, problems };
}

import { DOTACIONES_MESSAGES, DotacionSchema } from '#sync/schemas/dotaciones.schema.ts';
import * as v from 'valibot';
import { fold } from '#app/db/reference-rows.ts';
import { type CsvLine, parseLocaleNumber } from '#app/ui/records/csv-parse.ts';
import { toCsv } from '#app/ui/records/record-csv.ts';
import { dotacionKey } from './dotacion-rules.ts';

/** The columns of the load, in order: the template's header. */
export const DOTACION_CSV_HEADER = ['Mes', 'Nivel 2', 'Nivel 3', 'RUT contratista', 'Dotación', 'Horas hombre'] as const;

/** More rows than this go in several files: one load is one transaction on a tablet. */
export const DOTACION_CSV_MAX_ROWS = 5_000;

export const DOTACION_CSV_MESSAGES = {
  empty: 'El archivo no tiene filas de dotación bajo el encabezado',
  header: `El encabezado debe ser ${DOTACION_CSV_HEADER.join(';')} (descarga la plantilla)`,
  tooMany: `El archivo tiene más de ${DOTACION_CSV_MAX_ROWS.toLocaleString('es-CL')} filas: divídelo en varios archivos`,
  duplicateInFile: (line: number) => `Repite la dotación de la fila ${line} (mismo mes, niveles y contratista)`,
  notOwn: 'Solo puedes cargar la dotación de tu empresa contratista',
} as const;

/** The record's own fields and their messages (the server's): what a row must be besides its levels. */
const RowSchema = v.pick(DotacionSchema, ['Mes', 'IdNivel2', 'IdNivel3', 'RutContratista', 'Dotacion', 'HorasHombre']);

/** The template to download: the header alone, as the kit exports (UTF-8 with BOM, `;`, CRLF). */
export function dotacionTemplate(): string {
  return toCsv(DOTACION_CSV_HEADER, []);
}

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

export interface CsvProblem {
  /** The row's number as Excel shows it (the header is 1); null for the whole file. */
  line: number | null;
  message: string;
}

/** A problem of the header, or null when its columns are the template's (levels also by the company's names). */
export function headerProblem(rows: readonly CsvLine[], context: Pick<DotacionCsvContext, 'levelLabels'>): CsvProblem | null {
  const header = rows[0];
  if (!header) return { line: null, message: DOTACION_CSV_MESSAGES.empty };
  const accepted = DOTACION_CSV_HEADER.map((name, index) => [fold(name), ...(index === 1 || index === 2 ? [fold(context.levelLabels[index - 1]!)] : [])]);
  const matches = accepted.every((names, index) => names.includes(fold((header.cells[index] ?? '').trim())));
  if (!matches) return { line: header.line, message: DOTACION_CSV_MESSAGES.header };
  if (rows.length === 1) return { line: null, message: DOTACION_CSV_MESSAGES.empty };
  if (rows.length - 1 > DOTACION_CSV_MAX_ROWS) return { line: null, message: DOTACION_CSV_MESSAGES.tooMany };
  return null;
}

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
const OWN_STAFF = new Set(['', 'personal propio', 'propio', 'propia']);

/**
 * One data row of the file: its fields when good, or the first thing wrong with it. `seen` holds the keys of the
 * good rows before it (key → line), for a row repeated in the file.
 */
export function checkDotacionRow(row: CsvLine, context: DotacionCsvContext, seen: Map<string, number>): { fields: DotacionFields } | { problem: CsvProblem } {
  const fail = (message: string) => ({ problem: { line: row.line, message } });
  const [mes = '', nivel2 = '', nivel3 = '', rut = '', dotacion = '', horas = ''] = row.cells;
  const [label2, label3] = context.levelLabels;
  if (nivel2.trim() === '') return fail(DOTACIONES_MESSAGES.levelRequired);
  const level2 = byName(context.levels2, nivel2)[0];
  if (!level2) return fail(`${DOTACIONES_MESSAGES.levelInvalid} (${label2}: «${nivel2.trim()}»)`);
  let level3: CsvLevel | undefined;
  if (nivel3.trim() !== '') {
    const named = byName(context.levels3, nivel3);
    level3 = named.find((level) => level.IdNivelPadre === level2.IdNivel);
    if (!level3) return fail(named.length > 0 ? `${DOTACIONES_MESSAGES.levelMismatch} (${label3}: «${nivel3.trim()}»)` : `${DOTACIONES_MESSAGES.levelInvalid} (${label3}: «${nivel3.trim()}»)`);
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
  if (!parsed.success) return fail(parsed.issues[0].message);
  const good: DotacionFields = { ...parsed.output, IdNivel3: parsed.output.IdNivel3 ?? null };
  if (context.ownRut && good.RutContratista !== context.ownRut.replace(/[.\s]/g, '').toUpperCase()) return fail(DOTACION_CSV_MESSAGES.notOwn);
  if (good.Mes > context.currentMonth) return fail(DOTACIONES_MESSAGES.future);
  const key = dotacionKey(good);
  if (context.existing.has(key)) return fail(DOTACIONES_MESSAGES.duplicate);
  const before = seen.get(key);
  if (before !== undefined) return fail(DOTACION_CSV_MESSAGES.duplicateInFile(before));
  seen.set(key, row.line);
  return { fields: good };
}

/**
 * The whole file, a chunk at a time (a large one keeps the screen responsive and reports its progress): every good
 * row, and one problem per bad row. Nothing is written here.
 */
export async function checkDotacionCsv(
  rows: readonly CsvLine[],
  context: DotacionCsvContext,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<{ fields: DotacionFields[]; problems: CsvProblem[] }> {
  const header = headerProblem(rows, context);
  if (header) return { fields: [], problems: [header] };
  const data = rows.slice(1);
  const seen = new Map<string, number>();
  const fields: DotacionFields[] = [];
  const problems: CsvProblem[] = [];
  for (let start = 0; start < data.length; start += 250) {
    for (const row of data.slice(start, start + 250)) {
      const result = checkDotacionRow(row, context, seen);
      if ('fields' in result) fields.push(result.fields);
      else problems.push(result.problem);
    }
    onProgress(Math.min(start + 250, data.length), data.length);
    if (start + 250 < data.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { fields, problems };
}

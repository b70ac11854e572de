import { type CsvLine, parseCsv } from './csv-parse.ts';

/** What the load takes: a CSV as Excel saves it, or the workbook itself (its first sheet). */
export const SHEET_FILE_ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const SHEET_FILE_MESSAGES = {
  unreadable: (name: string) => `No se pudo leer ${name}: guárdalo como Excel (.xlsx) o CSV y elígelo de nuevo`,
  oldExcel: 'Los archivos .xls (Excel 97-2003) no se pueden leer: guárdalo como .xlsx o CSV',
} as const;

/** Excel saves "CSV UTF-8" or, on older versions, Windows-1252: accents must survive either. */
export function csvText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A cell as the person sees it in Excel: a date cell as DD/MM/YYYY (Excel keeps dates without a zone: read in UTC). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return String(value);
}

/** A sheet's rows as the CSV reader gives them: numbered as Excel numbers them (the header is 1), blank rows left out. */
export function sheetLines(rows: readonly (readonly unknown[])[]): CsvLine[] {
  return rows
    .map((row, index) => ({ line: index + 1, cells: row.map(cellText) }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
}

function isWorkbook(file: File, bytes: ArrayBuffer): boolean {
  // An .xlsx is a zip ("PK\x03\x04"), whatever its name says.
  const head = new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength));
  return /\.xlsx$/i.test(file.name) || (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04);
}

/**
 * The rows of a chosen file. The Excel reader is loaded only here, when a workbook is chosen: the rest of the app
 * never downloads it.
 */
export async function readSheetFile(file: File): Promise<CsvLine[]> {
  if (/\.xls$/i.test(file.name)) throw new Error(SHEET_FILE_MESSAGES.oldExcel);
  const bytes = await file.arrayBuffer();
  if (!isWorkbook(file, bytes)) return parseCsv(csvText(bytes));
  const { readSheet } = await import('read-excel-file/browser');
  try {
    return sheetLines(await readSheet(new Blob([bytes])));
  } catch {
    throw new Error(SHEET_FILE_MESSAGES.unreadable(file.name));
  }
}

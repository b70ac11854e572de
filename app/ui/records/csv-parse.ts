/**
 * Reads a CSV file as Excel in Chile writes it (`;` separated) or as other tools do (`,`): the separator is the one
 * the header line uses outside quotes (`;` when it has any), a UTF-8 byte-order mark is dropped, quoted fields may
 * hold separators, doubled quotes and line breaks, and lines end in CRLF or LF. Each row keeps its line number in
 * the file (the header is line 1, as Excel numbers rows); blank lines are left out.
 */
export interface CsvLine {
  /** The row's number as a spreadsheet shows it: the file's line where the row starts, 1 for the header. */
  line: number;
  cells: string[];
}

function separatorOf(text: string): ';' | ',' {
  let quoted = false;
  let commas = 0;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') return ';';
    else if (!quoted && char === ',') commas += 1;
  }
  return commas > 0 ? ',' : ';';
}

export function parseCsv(input: string): CsvLine[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const separator = separatorOf(text);
  const rows: CsvLine[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/**
 * A number as a person types it in Chile: a decimal comma ("1234,5"), dots between thousands ("12.345" or
 * "12.345,5"), or a decimal point when the dots do not group thousands ("1234.5"). NaN when it is not a number.
 */
export function parseLocaleNumber(input: string): number {
  const text = input.trim().replace(/\s/g, '');
  if (text === '') return Number.NaN;
  let normal: string;
  if (text.includes(',')) normal = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) normal = text.replace(/\./g, '');
  else normal = text;
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** Excel in Chile reads `;` as the column separator and needs the byte-order mark to read UTF-8 accents. */
const BOM = '\uFEFF';
const SEPARATOR = ';';

function cell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A CSV file of rows under a header line: UTF-8 with a byte-order mark, `;` separators, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + [header, ...rows].map((line) => line.map(cell).join(SEPARATOR)).join('\r\n') + '\r\n';
}

/** Offers the text as a download named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  downloadFile(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

/** Offers a file (a CSV, a chart's PNG, a dashboard's PDF) as a download named `fileName`. */
export function downloadFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

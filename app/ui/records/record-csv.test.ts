import { describe, expect, it } from 'vitest';
import { toCsv } from './record-csv.ts';

describe('CSV export', () => {
  it('writes UTF-8 with a byte-order mark, ; separators and CRLF, quoting what would break a column', () => {
    const text = toCsv(['Nombre', 'Descripción'], [
      ['Grúa horquilla', 'Operación; mantención'],
      ['Andamio "tipo A"', 'línea 1\nlínea 2'],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('Nombre;Descripción\r\nGrúa horquilla;"Operación; mantención"\r\n"Andamio ""tipo A""";"línea 1\nlínea 2"\r\n');
  });
});

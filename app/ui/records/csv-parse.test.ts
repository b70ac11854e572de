import { describe, expect, it } from 'vitest';
import { parseCsv, parseLocaleNumber } from './csv-parse.ts';
import { toCsv } from './record-csv.ts';

describe('parseCsv', () => {
  it('reads what the kit exports: BOM, `;`, quotes with separators and doubled quotes, CRLF', () => {
    const text = toCsv(['Nombre', 'Nota'], [['Casco; clase "E"', 'a'], ['Guantes', '']]);
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['Nombre', 'Nota'] },
      { line: 2, cells: ['Casco; clase "E"', 'a'] },
      { line: 3, cells: ['Guantes', ''] },
    ]);
  });

  it('takes `,` when the header has no `;`, LF line ends, and no final line end', () => {
    expect(parseCsv('Mes,Dotación\n2026-01,"1,5"\n2026-02,3')).toEqual([
      { line: 1, cells: ['Mes', 'Dotación'] },
      { line: 2, cells: ['2026-01', '1,5'] },
      { line: 3, cells: ['2026-02', '3'] },
    ]);
  });

  it('keeps `;` when the header has both, leaves blank lines out and numbers rows by their line in the file', () => {
    expect(parseCsv('a;b,c\r\n\r\n1;2,5\r\n;\r\n"x\ny";z\r\nw;v\r\n')).toEqual([
      { line: 1, cells: ['a', 'b,c'] },
      { line: 3, cells: ['1', '2,5'] },
      { line: 5, cells: ['x\ny', 'z'] },
      { line: 7, cells: ['w', 'v'] },
    ]);
  });

  it('answers nothing for an empty file or one with only a BOM', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n')).toEqual([]);
  });
});

describe('parseLocaleNumber', () => {
  it('reads decimal commas, thousands dots and decimal points', () => {
    expect(parseLocaleNumber('1234,5')).toBe(1234.5);
    expect(parseLocaleNumber('12.345')).toBe(12345);
    expect(parseLocaleNumber('12.345,75')).toBe(12345.75);
    expect(parseLocaleNumber('1234.5')).toBe(1234.5);
    expect(parseLocaleNumber(' 42 ')).toBe(42);
  });

  it('is NaN for what is not a number', () => {
    for (const text of ['', 'abc', '12a', '1,2,3', '--1']) expect(parseLocaleNumber(text)).toBeNaN();
  });
});

import { describe, expect, it } from 'vitest';
import { checkCsvLoad, CSV_LOAD_MESSAGES, type CsvLoadSpec, matchColumns } from './csv-load.ts';
import { parseCsv } from './csv-parse.ts';

interface Context {
  existing: Set<string>;
  alias: string;
}

const SPEC: CsvLoadSpec<{ Nombre: string; Horas: number }, Context> = {
  columns: [{ name: 'Nombre', aliases: ['Nombre completo'], required: true }, { name: 'Horas', aliases: (context) => [context.alias] }],
  maxRows: 600,
  checkRow: ([nombre = '', horas = '']) =>
    nombre.trim() === ''
      ? { message: 'El nombre es requerido', column: 'Nombre' }
      : { fields: { Nombre: nombre.trim(), Horas: horas === '' ? 0 : Number(horas) } },
  key: (fields) => fields.Nombre.toLowerCase(),
  existing: (context) => context.existing,
  messages: { duplicate: 'Ya existe un registro con ese nombre', duplicateColumn: 'Nombre' },
};
const context: Context = { existing: new Set(['rigger']), alias: 'HH' };

describe('checking a file load on the kit', () => {
  it('matches columns by name or alias in any order, any case or accent, and ignores the others', () => {
    expect(matchColumns(['Notas', 'hh', ' NOMBRE COMPLETO '], SPEC.columns, context)).toEqual([2, 1]);
    expect(matchColumns(['Nombre', 'Nombre completo'], SPEC.columns, context)).toEqual([0, -1]);
  });

  it('keeps the good rows and names each bad one once, on its row and in the column as the file calls it', async () => {
    const result = await checkCsvLoad(parseCsv('Otra;hh;Nombre completo\nx;8;Altura\nx;4;\nx;2;Rigger\nx;3;altura\nx;1;Andamio'), SPEC, context);
    expect(result.fields).toEqual([
      { Nombre: 'Altura', Horas: 8 },
      { Nombre: 'Andamio', Horas: 1 },
    ]);
    expect(result.lines).toEqual([2, 6]);
    expect(result.problems).toEqual([
      { line: 3, column: 'Nombre completo', message: 'El nombre es requerido' },
      { line: 4, column: 'Nombre completo', message: 'Ya existe un registro con ese nombre' },
      { line: 5, column: 'Nombre completo', message: 'Repite la fila 2: ya existe un registro con ese nombre' },
    ]);
  });

  it('reads a missing optional column as empty cells', async () => {
    expect((await checkCsvLoad(parseCsv('Nombre\nAltura'), SPEC, context)).fields).toEqual([{ Nombre: 'Altura', Horas: 0 }]);
  });

  it('refuses the whole file for a missing required column, no rows or too many, and reports progress by chunks', async () => {
    expect((await checkCsvLoad(parseCsv('Apellido;Horas\nA;1'), SPEC, context)).problems).toEqual([
      { line: 1, column: null, message: CSV_LOAD_MESSAGES.missingColumns(['Nombre']) },
    ]);
    expect((await checkCsvLoad(parseCsv('Nombre;Horas\n'), SPEC, context)).problems).toEqual([
      { line: null, column: null, message: CSV_LOAD_MESSAGES.empty },
    ]);
    const many = (count: number) => parseCsv(['Nombre;Horas', ...Array.from({ length: count }, (_, index) => `N${index};1`)].join('\n'));
    expect((await checkCsvLoad(many(601), SPEC, context)).problems).toEqual([
      { line: null, column: null, message: CSV_LOAD_MESSAGES.tooMany(600) },
    ]);
    const progress: [number, number][] = [];
    const result = await checkCsvLoad(many(600), SPEC, context, (done, total) => progress.push([done, total]));
    expect(result.fields).toHaveLength(600);
    expect(progress).toEqual([
      [250, 600],
      [500, 600],
      [600, 600],
    ]);
  });
});

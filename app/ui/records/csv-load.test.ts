import { describe, expect, it } from 'vitest';
import { checkCsvLoad, CSV_LOAD_MESSAGES, type CsvLoadSpec } from './csv-load.ts';
import { parseCsv } from './csv-parse.ts';

interface Context {
  existing: Set<string>;
  alias: string;
}

const SPEC: CsvLoadSpec<{ Nombre: string; Horas: number }, Context> = {
  columns: [{ name: 'Nombre' }, { name: 'Horas', aliases: (context) => [context.alias] }],
  maxRows: 600,
  checkRow: ([nombre = '', horas = '']) => (nombre.trim() === '' ? { message: 'El nombre es requerido' } : { fields: { Nombre: nombre.trim(), Horas: Number(horas) } }),
  key: (fields) => fields.Nombre.toLowerCase(),
  existing: (context) => context.existing,
  messages: { duplicate: 'Ya existe un registro con ese nombre' },
};
const context: Context = { existing: new Set(['rigger']), alias: 'HH' };

describe('checking a CSV load on the kit', () => {
  it('accepts a column by its alias, and names each bad row once: its own rule, on the device, repeated in the file', async () => {
    const result = await checkCsvLoad(parseCsv('Nombre;hh\nAltura;8\n;4\nRigger;2\naltura;3'), SPEC, context);
    expect(result.fields).toEqual([{ Nombre: 'Altura', Horas: 8 }]);
    expect(result.problems).toEqual([
      { line: 3, message: 'El nombre es requerido' },
      { line: 4, message: 'Ya existe un registro con ese nombre' },
      { line: 5, message: 'Repite la fila 2: ya existe un registro con ese nombre' },
    ]);
  });

  it('refuses the whole file for a wrong header, no rows or too many, and reports progress by chunks', async () => {
    expect((await checkCsvLoad(parseCsv('Nombre;Minutos\nA;1'), SPEC, context)).problems).toEqual([{ line: 1, message: CSV_LOAD_MESSAGES.header(['Nombre', 'Horas']) }]);
    expect((await checkCsvLoad(parseCsv('Nombre;Horas\n'), SPEC, context)).problems).toEqual([{ line: null, message: CSV_LOAD_MESSAGES.empty }]);
    const many = (count: number) => parseCsv(['Nombre;Horas', ...Array.from({ length: count }, (_, index) => `N${index};1`)].join('\n'));
    expect((await checkCsvLoad(many(601), SPEC, context)).problems).toEqual([{ line: null, message: CSV_LOAD_MESSAGES.tooMany(600) }]);
    const progress: [number, number][] = [];
    const result = await checkCsvLoad(many(600), SPEC, context, (done, total) => progress.push([done, total]));
    expect(result.fields).toHaveLength(600);
    expect(progress).toEqual([[250, 600], [500, 600], [600, 600]]);
  });
});

import { describe, expect, it } from 'vitest';
import { requisitosInput, requisitosText } from './requisitos-input.ts';

describe('the certifications a type asks, as rows of the form', () => {
  it('offers each class once across the rows, and the interval by reading only with a meter', () => {
    const input = requisitosInput<undefined>(true);
    const values = { Certificaciones: [{ Clase: 'soap' }, { Clase: 'mantencion' }] };
    const columns = input.columns(undefined, values, { Clase: 'mantencion' });
    const classes = columns.find((column) => column.path === 'Clase');
    expect(classes?.kind === 'select' && classes.options.map((option) => option.value)).not.toContain('soap');
    expect(classes?.kind === 'select' && classes.options.map((option) => option.value)).toContain('mantencion');
    expect(columns.map((column) => [column.path, column.kind])).toEqual([
      ['Clase', 'select'],
      ['VigenciaMeses', 'number'],
      ['Obligatoria', 'check'],
      ['IntervaloLectura', 'number'],
    ]);
    expect(requisitosInput<undefined>(false).columns(undefined, {}, {}).map((column) => column.path)).not.toContain('IntervaloLectura');
  });

  it('reads a stored row, a new one mandatory for a year', () => {
    const input = requisitosInput<undefined>(true);
    expect(input.blank()).toEqual({ Clase: null, VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null });
    expect(input.rowOf({ Clase: 'izaje', VigenciaMeses: 6, Obligatoria: 0 })).toEqual({ Clase: 'izaje', VigenciaMeses: 6, Obligatoria: 0, IntervaloLectura: null });
  });

  it('says what each class asks', () => {
    expect(
      requisitosText([
        { Clase: 'revision_tecnica', VigenciaMeses: 12, Obligatoria: 1, IntervaloLectura: null },
        { Clase: 'mantencion', VigenciaMeses: 6, Obligatoria: 0, IntervaloLectura: 10_000 },
      ]),
    ).toBe('Revisión técnica (12 meses, obligatoria); Mantención (6 meses o cada 10.000, opcional)');
  });
});

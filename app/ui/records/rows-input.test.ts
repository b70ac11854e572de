import { describe, expect, it } from 'vitest';
import { type RowColumn, rowProblem } from './rows-input.tsx';

const columns: RowColumn[] = [
  { path: 'Clase', label: 'Certificación', kind: 'select', options: [] },
  { path: 'VigenciaMeses', label: 'Vigencia', kind: 'number' },
  { path: 'Recursos.Trabajadores', label: 'Trabajadores', kind: 'multi', options: [] },
];

describe('where a row of sub-records says what is wrong', () => {
  it('beside its input when an input shows it, not again under the row', () => {
    expect(rowProblem({ VigenciaMeses: { message: 'La vigencia debe ser un número' } }, columns)).toBeUndefined();
    expect(rowProblem({ Recursos: { Trabajadores: { message: 'Elige trabajadores' } } }, columns)).toBeUndefined();
  });

  it("under the row for the row's own error or one no input shows", () => {
    expect(rowProblem({ message: 'Actividad repetida' }, columns)).toBe('Actividad repetida');
    expect(rowProblem({ IdNivel3: { message: 'El nivel 3 no es de la faena' } }, columns)).toBe('El nivel 3 no es de la faena');
    expect(rowProblem(undefined, columns)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { barsById, countBy, indicatorAnswer, monthlyPoints, percent, round } from './indicator-figures.ts';
import { levelColumns, pageOf } from './records-page.ts';
import { splitByMonths } from './monthly-summary.ts';

describe('the indicator kit', () => {
  it('splits a range of days into the whole months the summary answers and the days at its ends', () => {
    expect(splitByMonths('2026-01-15', '2026-04-10')).toEqual({
      months: { first: '2026-02', last: '2026-03' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(splitByMonths('2025-12-01', '2026-02-28')).toEqual({ months: { first: '2025-12', last: '2026-02' }, days: [] });
    expect(splitByMonths('2024-02-01', '2024-02-28')).toEqual({ months: null, days: [{ from: '2024-02-01', to: '2024-02-28' }] });
    expect(splitByMonths('2024-02-01', '2024-02-29').months).toEqual({ first: '2024-02', last: '2024-02' });
    expect(splitByMonths('2026-10-03', '2026-10-20')).toEqual({ months: null, days: [{ from: '2026-10-03', to: '2026-10-20' }] });
    expect(splitByMonths('2026-01-15', '2026-02-10')).toEqual({ months: null, days: [{ from: '2026-01-15', to: '2026-02-10' }] });
    expect(splitByMonths('2026-02-01', '2026-01-01')).toEqual({ months: null, days: [] });
  });

  it('names each point by its month', () => {
    expect(monthlyPoints(['2026-03'], (month) => ({ Valor: 2, registros: { Mes: month } }))).toEqual([
      { Nombre: 'mar 2026', Valor: 2, registros: { Mes: '2026-03' } },
    ]);
  });

  it('rounds to one decimal, answers 0 % of nothing, and shapes an answer', () => {
    expect([round(2.25), round(1.005, 2), percent(1, 3), percent(5, 0)]).toEqual([2.3, 1, 33.3, 0]);
    expect(indicatorAnswer(3, 'líneas', [], { formula: 'f' })).toEqual({ statusCode: 200, total: 3, unidad: 'líneas', data: [], formula: 'f' });
  });

  it('counts keys in the order they first occur, and draws bars by id largest first', () => {
    expect([...countBy(['b', 'a', 'b', null])]).toEqual([
      ['b', 2],
      ['a', 1],
      [null, 1],
    ]);
    const names = new Map([
      ['a', 'Alfa'],
      ['b', 'Beta'],
    ]);
    const nameOf = (id: string | null) => (id && names.get(id)) || 'Sin nivel';
    const values = [['b', 1], [null, 2], ['a', 1]] as const;
    expect(barsById(values, nameOf, 'IdNivel')).toEqual([
      { Nombre: 'Sin nivel', Valor: 2 },
      { Nombre: 'Beta', Valor: 1, registros: { IdNivel: 'b' } },
      { Nombre: 'Alfa', Valor: 1, registros: { IdNivel: 'a' } },
    ]);
    expect(barsById(values, nameOf, 'IdNivel', true).map((bar) => bar.Nombre)).toEqual(['Sin nivel', 'Alfa', 'Beta']);
    expect(levelColumns(names, { IdNivel2: 'a', IdNivel3: null })).toEqual({ Nivel2: 'Alfa', Nivel3: '' });
  });

  it('pages the records behind a figure, 50 by default', () => {
    const rows = Array.from({ length: 120 }, (_, index) => index);
    expect(pageOf(rows, {})).toMatchObject({ total: 120, Pagina: 1, PorPagina: 50 });
    expect(pageOf(rows, { Pagina: 3, PorPagina: 50 }).data).toEqual(rows.slice(100));
  });
});

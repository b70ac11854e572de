import { describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { chartOption, chartSummary, valueText } from './chart-options.ts';

const answer: DashboardAnswer = { statusCode: 200, total: 12.5, unidad: 'HH', data: [{ Nombre: 'oct 2026', Valor: 4.5 }, { Nombre: 'nov 2026', Valor: 8 }] };

describe('dashboard chart options', () => {
  it('writes numbers with a decimal comma and their unit', () => {
    expect(valueText(1234.5, 'HH')).toBe('1.234,5 HH');
    expect(valueText(80, '%')).toBe('80 %');
  });

  it('writes a rate with the decimals its indicator asks for, and an index without a unit', () => {
    expect(valueText(2.3456, '%', 2)).toBe('2,35 %');
    expect(valueText(12.5, '', 2)).toBe('12,50');
    expect(valueText(7, '', 2)).toBe('7');
  });

  it('draws one series of bars, or two with their names, and a pie of slices', () => {
    const bars = chartOption('barras', answer) as { series: { type: string; data: number[] }[] };
    expect(bars.series).toEqual([expect.objectContaining({ type: 'bar', data: [4.5, 8] })]);
    const two = chartOption('lineas', { ...answer, series: ['Programadas', 'Realizadas'], data: [{ Nombre: 'ene', Valor: 2, Valor2: 1 }] }) as { series: { type: string; name: string; data: number[] }[] };
    expect(two.series.map((series) => [series.type, series.name, series.data])).toEqual([['line', 'Programadas', [2]], ['line', 'Realizadas', [1]]]);
    const pie = chartOption('torta', answer) as { series: { data: unknown[] }[] };
    expect(pie.series[0]!.data).toEqual([{ name: 'oct 2026', value: 4.5 }, { name: 'nov 2026', value: 8 }]);
  });

  it('says the values in words for screen readers', () => {
    expect(chartSummary(answer)).toBe('oct 2026: 4,5 HH; nov 2026: 8 HH');
    expect(chartSummary({ ...answer, data: [] })).toBe('Sin datos en el período.');
  });
});

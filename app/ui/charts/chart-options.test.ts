import { describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { chartOption, chartSummary } from './chart-options.ts';
import { tickText, unitAfter, valueText } from './chart-units.ts';

const answer: DashboardAnswer = {
  statusCode: 200,
  total: 12.5,
  unidad: 'HH',
  data: [
    { Nombre: 'oct 2026', Valor: 4.5 },
    { Nombre: 'nov 2026', Valor: 8 },
  ],
};

interface Axis {
  type: string;
  minInterval?: number;
  axisLabel: {
    formatter?: (value: number) => string;
    width?: number;
    overflow?: string;
    rotate?: number;
    interval?: number;
    ellipsis?: string;
  };
}

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

  it('says one in the singular and anything else in the plural', () => {
    expect(valueText(1, 'hallazgos')).toBe('1 hallazgo');
    expect(valueText(0, 'hallazgos')).toBe('0 hallazgos');
    expect(valueText(2, 'hallazgos')).toBe('2 hallazgos');
    expect(valueText(1, 'trabajadores')).toBe('1 trabajador');
    expect(valueText(1, 'capacitaciones')).toBe('1 capacitación');
    expect(valueText(1, 'capacitaciones por trabajador')).toBe('1 capacitación por trabajador');
    expect(valueText(1, 'días')).toBe('1 día');
    expect(valueText(1.5, 'días')).toBe('1,5 días');
    expect(valueText(1, 'HH')).toBe('1 HH');
    expect(unitAfter('1', 'casos')).toBe('caso');
    expect(unitAfter('1.000', 'casos')).toBe('casos');
  });

  it('writes axis ticks without repeating a rounded value', () => {
    expect([0, 0.5, 1, 1.5, 2].map(tickText)).toEqual(['0', '0,5', '1', '1,5', '2']);
    expect([0.25, 0.1, 1200].map(tickText)).toEqual(['0,25', '0,1', '1.200']);
  });

  it('gives counts whole ticks, and fractions their own', () => {
    const counts: DashboardAnswer = {
      statusCode: 200,
      total: 3,
      unidad: 'hallazgos',
      data: [
        { Nombre: 'Casco', Valor: 1 },
        { Nombre: 'Guantes', Valor: 2 },
      ],
    };
    const countAxis = (chartOption('barras', counts) as { yAxis: Axis }).yAxis;
    expect(countAxis.minInterval).toBe(1);
    const hoursAxis = (chartOption('barras', answer) as { yAxis: Axis }).yAxis;
    expect(hoursAxis.minInterval).toBeUndefined();
    expect(hoursAxis.axisLabel.formatter!(0.5)).toBe('0,5');
    const horizontal = (chartOption('barras-horizontales', counts) as { xAxis: Axis }).xAxis;
    expect(horizontal.minInterval).toBe(1);
  });

  it('fits the names: wrapped under wide bars, turned and cut under narrow ones, cut beside horizontal bars, all inside the grid', () => {
    const long = (count: number): DashboardAnswer => ({
      statusCode: 200,
      total: null,
      unidad: 'casos',
      data: Array.from({ length: count }, (_, index) => ({ Nombre: `Reposición por deterioro del elemento ${index}`, Valor: index })),
    });
    const wide = (chartOption('barras', long(3), undefined, 600) as { xAxis: Axis }).xAxis.axisLabel;
    expect(wide).toMatchObject({ interval: 0, overflow: 'break' });
    expect(wide.width).toBeLessThanOrEqual((600 - 72) / 3);
    const narrow = (chartOption('lineas', long(12), undefined, 420) as { xAxis: Axis }).xAxis.axisLabel;
    expect(narrow).toMatchObject({ rotate: 45, overflow: 'truncate', ellipsis: '…' });
    const beside = chartOption('barras-horizontales', long(4), undefined, 500) as {
      yAxis: Axis;
      grid: Record<string, unknown>;
      tooltip: Record<string, unknown>;
    };
    expect(beside.yAxis.axisLabel).toMatchObject({ overflow: 'truncate', ellipsis: '…', width: 180 });
    expect(beside.grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' });
    // The whole name: the axis tooltip heads with the category, as it is.
    expect(beside.tooltip).toMatchObject({ trigger: 'axis' });
  });

  it('draws one series of bars, or two with their names, and a pie of slices', () => {
    const bars = chartOption('barras', answer) as { series: { type: string; data: number[] }[] };
    expect(bars.series).toEqual([expect.objectContaining({ type: 'bar', data: [4.5, 8] })]);
    const two = chartOption('lineas', {
      ...answer,
      series: ['Programadas', 'Realizadas'],
      data: [{ Nombre: 'ene', Valor: 2, Valor2: 1 }],
    }) as { series: { type: string; name: string; data: number[] }[] };
    expect(two.series.map((series) => [series.type, series.name, series.data])).toEqual([
      ['line', 'Programadas', [2]],
      ['line', 'Realizadas', [1]],
    ]);
    const pie = chartOption('torta', answer) as { series: { data: unknown[] }[] };
    expect(pie.series[0]!.data).toEqual([
      { name: 'oct 2026', value: 4.5 },
      { name: 'nov 2026', value: 8 },
    ]);
  });

  it('says the values in words for screen readers, in the unit of the values', () => {
    expect(chartSummary(answer)).toBe('oct 2026: 4,5 HH; nov 2026: 8 HH');
    expect(chartSummary({ ...answer, data: [] })).toBe('Sin datos en el período.');
    const coverage: DashboardAnswer = {
      statusCode: 200,
      total: 15,
      unidad: '%',
      unidadValor: 'trabajadores',
      data: [
        { Nombre: 'Capacitados', Valor: 3 },
        { Nombre: 'Sin capacitación en el período', Valor: 1 },
      ],
    };
    expect(chartSummary(coverage)).toBe('Capacitados: 3 trabajadores; Sin capacitación en el período: 1 trabajador');
    const pie = chartOption('torta', coverage) as { series: { label: { formatter: (item: { name: string; value: number }) => string } }[] };
    expect(pie.series[0]!.label.formatter({ name: 'Capacitados', value: 3 })).toBe('Capacitados: 3 trabajadores');
  });
});

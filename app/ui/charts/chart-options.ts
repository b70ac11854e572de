import { formatNumber } from '#sync/domain/number-format.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';

/** How a dashboard draws an indicator: bars (one or two series), horizontal bars (long names), lines, or a pie. */
export type ChartKind = 'barras' | 'barras-horizontales' | 'lineas' | 'torta';

const COLOURS = ['#f5c400', '#2f5d8a', '#1e6b2f', '#a5281b', '#8a6d00'];

/**
 * A number as the spec writes them (German style, decimal comma) with the answer's unit (none for an index). One
 * decimal unless the indicator asks for more (a rate: two, as the mutualidades publish them).
 */
export function valueText(value: number, unit: string, decimals = 1): string {
  const text = formatNumber(value, Number.isInteger(value) ? 0 : decimals);
  return unit === '' ? text : `${text} ${unit}`;
}

/** The echarts option of an indicator's answer. Pure, so it is tested without a browser. */
export function chartOption(kind: ChartKind, answer: DashboardAnswer, decimals?: number): Record<string, unknown> {
  const names = answer.data.map((point) => point.Nombre);
  const format = (value: number) => valueText(value, answer.unidad, decimals);
  const tooltip = { trigger: kind === 'torta' ? 'item' : 'axis', valueFormatter: format };
  const base = { color: COLOURS, animation: false, aria: { enabled: true, decal: { show: true } }, tooltip };
  if (kind === 'torta') {
    return {
      ...base,
      legend: { bottom: 0 },
      series: [{ type: 'pie', radius: ['40%', '70%'], label: { formatter: (item: { name: string; value: number }) => `${item.name}: ${formatNumber(item.value)}` }, data: answer.data.map((point) => ({ name: point.Nombre, value: point.Valor })) }],
    };
  }
  const series = [answer.data.map((point) => point.Valor), ...(answer.series ? [answer.data.map((point) => point.Valor2 ?? 0)] : [])];
  const type = kind === 'lineas' ? 'line' : 'bar';
  const horizontal = kind === 'barras-horizontales';
  const categories = { type: 'category', data: names, axisLabel: horizontal ? { width: 140, overflow: 'truncate' } : { interval: 0, rotate: names.length > 6 ? 45 : 0 } };
  const values = { type: 'value', axisLabel: { formatter: (value: number) => formatNumber(value) } };
  return {
    ...base,
    legend: answer.series ? { top: 0 } : undefined,
    grid: { left: horizontal ? 150 : 48, right: 16, top: answer.series ? 32 : 16, bottom: names.length > 6 && !horizontal ? 64 : 32 },
    xAxis: horizontal ? values : categories,
    yAxis: horizontal ? { ...categories, inverse: true } : values,
    series: series.map((data, index) => ({ type, name: answer.series?.[index] ?? '', data, barMaxWidth: 36, ...(type === 'line' ? { symbolSize: 8 } : {}) })),
  };
}

/** What a screen reader hears for a chart: its values in words. */
export function chartSummary(answer: DashboardAnswer, decimals?: number): string {
  if (answer.data.length === 0) return 'Sin datos en el período.';
  return answer.data
    .map((point) => `${point.Nombre}: ${valueText(point.Valor, answer.unidad, decimals)}${answer.series && point.Valor2 !== undefined ? `, ${answer.series[1]}: ${valueText(point.Valor2, answer.unidad, decimals)}` : ''}`)
    .join('; ');
}

import type { ChartKind } from '#sync/records/indicator.ts';
import type { DashboardAnswer } from '#sync/schemas/dashboard-filters.schema.ts';
import { tickText, valueText } from './chart-units.ts';

export type { ChartKind };

const COLOURS = ['#f5c400', '#2f5d8a', '#1e6b2f', '#a5281b', '#8a6d00'];

/** The width a chart is laid out for when its box has not been measured yet (a card of the dashboard's grid). */
export const DEFAULT_CHART_WIDTH = 480;

/** The unit of the values on the chart: the answer's own when its values count something else than its headline. */
export function pointUnit(answer: DashboardAnswer): string {
  return answer.unidadValor ?? answer.unidad;
}

/** A chart's height: horizontal bars grow with their rows, every other chart is as tall as its neighbours. */
export function chartHeight(kind: ChartKind, answer: DashboardAnswer): number {
  return kind === 'barras-horizontales' ? Math.max(180, answer.data.length * 34 + 40) : 260;
}

/** Every value of the chart is a whole number: a count, whose axis never shows a fraction (0, 1, 2, not 0, 0,5, 1). */
function wholeValues(answer: DashboardAnswer): boolean {
  return answer.data.every((point) => Number.isInteger(point.Valor) && (point.Valor2 === undefined || Number.isInteger(point.Valor2)));
}

const ELLIPSIS = '…';

/**
 * The names under vertical bars: each wraps inside its bar's share of the width; when the shares are too narrow
 * to read a word, the names turn and end in "…". The whole name is in the tooltip either way.
 */
function verticalLabels(count: number, width: number) {
  const share = (width - 72) / Math.max(count, 1);
  if (share >= 56) return { interval: 0, width: Math.floor(share - 8), overflow: 'break', lineHeight: 14, ellipsis: ELLIPSIS };
  return { interval: 0, rotate: 45, width: 96, overflow: 'truncate', ellipsis: ELLIPSIS };
}

/** Room for the names beside horizontal bars: a third of the chart, cut with "…" (the tooltip has the whole name). */
function horizontalLabels(width: number) {
  return { width: Math.round(Math.min(240, Math.max(96, width * 0.36))), overflow: 'truncate', ellipsis: ELLIPSIS };
}

/**
 * The echarts option of an indicator's answer, laid out for a chart `width` pixels wide. Pure, so it is tested
 * without a browser. Axis names and values stay inside the chart (the grid contains its labels); counts get whole
 * ticks; a name cut to fit is whole in the tooltip.
 */
export function chartOption(
  kind: ChartKind,
  answer: DashboardAnswer,
  decimals?: number,
  width = DEFAULT_CHART_WIDTH,
): Record<string, unknown> {
  const names = answer.data.map((point) => point.Nombre);
  const unit = pointUnit(answer);
  const format = (value: number) => valueText(value, unit, decimals);
  // echarts' own description is English and repeats the card's Spanish summary (the chart box's label): only its decals.
  const base = { color: COLOURS, animation: false, aria: { enabled: true, label: { enabled: false }, decal: { show: true } } };
  if (kind === 'torta') {
    return {
      ...base,
      tooltip: { trigger: 'item', valueFormatter: format },
      legend: {
        bottom: 0,
        type: 'scroll',
        textStyle: { width: Math.round(width * 0.4), overflow: 'truncate', ellipsis: ELLIPSIS },
        tooltip: { show: true },
      },
      series: [
        {
          type: 'pie',
          radius: ['36%', '62%'],
          center: ['50%', '44%'],
          // Each name at the chart's edge, broken into lines that fit between the ring and the edge.
          label: {
            formatter: (item: { name: string; value: number }) => `${item.name}: ${format(item.value)}`,
            alignTo: 'edge',
            edgeDistance: 8,
            overflow: 'break',
            lineHeight: 15,
          },
          labelLine: { length: 8, length2: 8 },
          data: answer.data.map((point) => ({ name: point.Nombre, value: point.Valor })),
        },
      ],
    };
  }
  const series = [answer.data.map((point) => point.Valor), ...(answer.series ? [answer.data.map((point) => point.Valor2 ?? 0)] : [])];
  const type = kind === 'lineas' ? 'line' : 'bar';
  const horizontal = kind === 'barras-horizontales';
  const categories = {
    type: 'category',
    data: names,
    axisLabel: horizontal ? horizontalLabels(width) : verticalLabels(names.length, width),
  };
  const values = { type: 'value', ...(wholeValues(answer) ? { minInterval: 1 } : {}), axisLabel: { formatter: tickText } };
  return {
    ...base,
    tooltip: { trigger: 'axis', axisPointer: { type: type === 'bar' ? 'shadow' : 'line' }, valueFormatter: format, confine: true },
    legend: answer.series ? { top: 0 } : undefined,
    // The labels are laid out inside the grid's box (what `containLabel` did before echarts 6).
    grid: { left: 8, right: 24, top: answer.series ? 36 : 16, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: horizontal ? values : categories,
    yAxis: horizontal ? { ...categories, inverse: true } : values,
    series: series.map((data, index) => ({
      type,
      name: answer.series?.[index] ?? '',
      data,
      barMaxWidth: 36,
      ...(type === 'line' ? { symbolSize: 8 } : {}),
    })),
  };
}

/** What a screen reader hears for a chart: its values in words, each with its unit in the singular or plural. */
export function chartSummary(answer: DashboardAnswer, decimals?: number): string {
  if (answer.data.length === 0) return 'Sin datos en el período.';
  const unit = pointUnit(answer);
  return answer.data
    .map(
      (point) =>
        `${point.Nombre}: ${valueText(point.Valor, unit, decimals)}` +
        (answer.series && point.Valor2 !== undefined ? `, ${answer.series[1]}: ${valueText(point.Valor2, unit, decimals)}` : ''),
    )
    .join('; ');
}

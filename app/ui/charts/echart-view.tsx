import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts-for-react/esm/types';
import { echarts } from './echarts-setup.ts';

export interface EChartViewProps {
  option: EChartsOption;
  height: number;
  /** The index of the bar, point or slice the person clicked. */
  onPick?: (index: number) => void;
}

/** echarts drawn in SVG (crisp on tablets, light to print); loaded only when a dashboard shows a chart. */
export default function EChartView({ option, height, onPick }: EChartViewProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      lazyUpdate
      opts={{ renderer: 'svg', locale: 'ES' }}
      style={{ height, width: '100%' }}
      onEvents={onPick ? { click: (event: { dataIndex: number }) => onPick(event.dataIndex) } : {}}
    />
  );
}

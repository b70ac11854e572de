import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

/**
 * The only place echarts is imported: the modular core with the charts the dashboards draw (TOOLCHAIN.md). It is
 * reached only through `echart-view.tsx` and `chart-image.ts`, themselves loaded lazily, so the first screen never
 * carries it. Screens draw in SVG; an exported image is drawn again on a canvas, which is what a PNG is made of.
 */
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer, CanvasRenderer]);

export { echarts };

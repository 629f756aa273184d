import * as echarts from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts tree-shaken through echarts/core (DESIGN.md §2): only the series, components and the
 * canvas renderer the console's charts use are registered, so the chart chunk stays a fraction
 * of the full library. A chart that needs another component registers it here, once.
 */
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export { echarts };

export type ChartOption = echarts.ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption
>;

export type ChartInstance = echarts.ECharts;
export type { LineSeriesOption, BarSeriesOption };

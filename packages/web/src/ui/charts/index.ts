/** Generic chart pieces (ECharts through echarts/core): import from here, not from echarts. */
export { EChart, themedOption, type EChartProps } from './EChart';
export { TimeSeriesChart, breakGaps, type TimeSeries, type TimeBand, type TimePoint, type TimeSeriesChartProps } from './TimeSeriesChart';
export { BarChart, type BarSeries, type BarChartProps } from './BarChart';
export { PALETTES, seriesColor, type ChartTheme, type ChartPalette } from './chartTheme';

/**
 * Generic chart pieces: line charts on uPlot, from here. A page with bar charts only imports
 * `ui/charts/BarChart` directly, so it does not download the canvas library.
 */
export { TimeSeriesChart, breakGaps, type TimeSeries, type TimeBand, type TimePoint, type TimeSeriesChartProps } from './TimeSeriesChart';
export { LineChart, type ValueLine, type LineChartProps } from './LineChart';
export type { XY } from './plotOptions';
export { BarChart, type BarSeries, type BarChartProps } from './BarChart';
export { axisTitle, hasValues } from './axisTitle';
export { PALETTES, seriesColor, type ChartTheme, type ChartPalette } from './chartTheme';

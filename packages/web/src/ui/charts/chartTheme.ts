/**
 * Chart colours for the two surfaces the console draws on: the light pages and the dark wall
 * display. Series colours are told apart by hue and lightness (not only red/green), and the
 * same index keeps the same colour in both themes so a sensor looks the same everywhere.
 */
export type ChartTheme = 'light' | 'dark';

export interface ChartPalette {
  series: readonly string[];
  text: string;
  subtleText: string;
  axisLine: string;
  splitLine: string;
  band: string;
}

const SERIES_LIGHT = [
  '#1f7a45',
  '#1677a6',
  '#d46b08',
  '#9254de',
  '#c41d7f',
  '#08979c',
  '#7c6f12',
  '#597ef7',
  '#cf1322',
  '#389e0d',
  '#ad6800',
  '#531dab',
  '#006d75',
  '#a8071a',
  '#10239e',
  '#5b8c00',
];
const SERIES_DARK = [
  '#5fd38d',
  '#4fb3ea',
  '#ffa940',
  '#b37feb',
  '#f759ab',
  '#36cfc9',
  '#d4b106',
  '#85a5ff',
  '#ff7875',
  '#95de64',
  '#ffc069',
  '#d3adf7',
  '#5cdbd3',
  '#ff9c6e',
  '#adc6ff',
  '#bae637',
];

export const PALETTES: Record<ChartTheme, ChartPalette> = {
  light: {
    series: SERIES_LIGHT,
    text: 'rgba(0, 0, 0, 0.72)',
    subtleText: 'rgba(0, 0, 0, 0.45)',
    axisLine: '#c9d3cd',
    splitLine: '#edf1ee',
    band: 'rgba(31, 122, 69, 0.12)',
  },
  dark: {
    series: SERIES_DARK,
    text: 'rgba(255, 255, 255, 0.82)',
    subtleText: 'rgba(255, 255, 255, 0.5)',
    axisLine: 'rgba(255, 255, 255, 0.25)',
    splitLine: 'rgba(255, 255, 255, 0.08)',
    band: 'rgba(95, 211, 141, 0.16)',
  },
};

export function seriesColor(theme: ChartTheme, index: number): string {
  const list = PALETTES[theme].series;
  return list[index % list.length]!;
}

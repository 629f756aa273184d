import { useEffect, useRef, type CSSProperties, type ReactElement } from 'react';
import { echarts, type ChartInstance, type ChartOption } from './echarts';
import { PALETTES, type ChartTheme } from './chartTheme';
import './charts.css';

/**
 * The one place the console creates ECharts instances: created once per mounted element,
 * resized with its container (ResizeObserver, so a collapsing menu or a rotating tablet reflows
 * the chart), themed for the light pages or the dark wall display, optionally linked to other
 * charts of the same `group` (shared tooltip and zoom), and disposed on unmount.
 *
 * Updates keep what the user did: series are replaced, the zoom window stays where it was.
 */
export interface EChartProps {
  option: ChartOption;
  /** Names the chart for assistive technology (the canvas itself says nothing). */
  ariaLabel: string;
  height?: number | string;
  theme?: ChartTheme;
  /** Charts of one group share their tooltip position and zoom window. */
  group?: string;
  loading?: boolean;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans Thai', sans-serif";

function reducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Colours, font and motion every chart shares; the page's option comes on top. */
export function themedOption(option: ChartOption, theme: ChartTheme): ChartOption {
  const p = PALETTES[theme];
  return {
    backgroundColor: 'transparent',
    color: [...p.series],
    textStyle: { fontFamily: FONT, color: p.text },
    animation: !reducedMotion(),
    animationDuration: 300,
    ...option,
  };
}

export function EChart({
  option,
  ariaLabel,
  height = 320,
  theme = 'light',
  group,
  loading = false,
  className,
  style,
  testId = 'echart',
}: EChartProps): ReactElement {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);

  // One instance per element and theme: a theme change redraws from scratch.
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!instance.isDisposed()) instance.resize();
      });
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(themedOption(option, theme), { replaceMerge: ['series', 'legend', 'xAxis', 'yAxis'], lazyUpdate: true });
  }, [option, theme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !group) return undefined;
    instance.group = group;
    echarts.connect(group);
    return () => {
      instance.group = '';
    };
  }, [group, theme]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    if (loading) {
      const p = PALETTES[theme];
      instance.showLoading('default', {
        text: '',
        color: p.series[0],
        maskColor: theme === 'dark' ? 'rgba(0,0,0,0.25)' : 'rgba(255,255,255,0.6)',
      });
    } else {
      instance.hideLoading();
    }
  }, [loading, theme]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={ariaLabel}
      aria-busy={loading || undefined}
      data-testid={testId}
      className={['fs-echart', className].filter(Boolean).join(' ')}
      style={{ height, ...style }}
    />
  );
}

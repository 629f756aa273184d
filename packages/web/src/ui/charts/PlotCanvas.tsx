import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { PALETTES, seriesColor, type ChartTheme } from './chartTheme';
import { plotData, plotOptions, type PlotSpec } from './plotOptions';
import './charts.css';

/**
 * The one place the console creates chart instances (uPlot, the time-series renderer of
 * Grafana: 20 KB gzipped, a canvas that draws a hundred thousand points without a stutter).
 * Created once per mounted element and theme, resized with its container (ResizeObserver, so a
 * collapsing menu or a rotating tablet reflows the chart), fed new data without losing the zoom
 * the user chose, optionally sharing its cursor with the charts of the same `group`, destroyed
 * on unmount. The legend under the canvas names every line with its value at the cursor.
 *
 * Component tests mock this module (test/plotStub.tsx): jsdom has no canvas.
 */
export interface PlotCanvasProps extends PlotSpec {
  /** Names the chart for assistive technology (the canvas itself says nothing). */
  ariaLabel: string;
  height?: number;
  theme?: ChartTheme;
  /** Charts of one group share their cursor. */
  group?: string;
  loading?: boolean;
  testId?: string;
}

export function PlotCanvas({
  ariaLabel,
  height = 320,
  theme = 'light',
  group,
  loading = false,
  testId = 'chart',
  ...spec
}: PlotCanvasProps): ReactElement {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const zoomed = useRef(false);
  const data = useMemo(() => plotData(spec), [spec.lines, spec.band]); // eslint-disable-line react-hooks/exhaustive-deps
  const dataRef = useRef(data);
  useEffect(() => {
    dataRef.current = data;
  }, [data]);
  // The options depend on which lines exist and how they look, not on their points.
  const shape = JSON.stringify([
    spec.lines.map((l) => [l.id, l.name, l.color, l.dashed, l.step, l.axis, l.width, l.showPoints]),
    spec.band?.name,
    spec.x,
    spec.yTitle,
    spec.y2Title,
    spec.decimals,
    spec.range,
    theme,
    group,
    height,
  ]);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const opts = plotOptions(spec, {
      width: Math.max(el.clientWidth, 120),
      height,
      palette: PALETTES[theme],
      color: (i) => seriesColor(theme, i),
      group,
    });
    opts.hooks = { ...opts.hooks, setSelect: [(u) => void (zoomed.current = u.select.width > 0)] };
    const instance = new uPlot(opts, dataRef.current, el);
    plot.current = instance;
    zoomed.current = false;
    // A double click shows everything again (uPlot resets the zoom on it).
    const unzoom = (): void => void (zoomed.current = false);
    instance.over.addEventListener('dblclick', unzoom);
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => instance.setSize({ width: Math.max(el.clientWidth, 120), height }));
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      instance.over.removeEventListener('dblclick', unzoom);
      instance.destroy();
      plot.current = null;
    };
  }, [shape]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    // New points keep the zoom window the user dragged; without one the axes follow the data.
    plot.current?.setData(data, !zoomed.current);
  }, [data]);

  return (
    <div className={`fs-plot fs-plot--${theme}`} data-testid={testId} role="img" aria-label={ariaLabel} aria-busy={loading || undefined}>
      <div ref={box} className="fs-plot__canvas" />
      {loading && <div className="fs-plot__loading" aria-hidden="true" />}
    </div>
  );
}

import type uPlot from 'uplot';

/**
 * The values at the cursor in a small box beside it: the moment (or day, or week) on top, then
 * every shown line (but the `skip` ones) with its colour, value and unit, written as text nodes (names come from
 * users: never HTML). The box stays inside the chart, flipping to the left of the cursor near
 * the right edge.
 */
export function tooltipPlugin(skip: readonly number[] = []): uPlot.Plugin {
  let tip: HTMLDivElement | null = null;
  const hide = (): void => {
    if (tip) tip.style.display = 'none';
  };
  const text = (s: uPlot.Series, u: uPlot, si: number, idx: number): string | null => {
    const v = u.data[si]?.[idx];
    if (v == null || !s.label) return null;
    return typeof s.value === 'function' ? String(s.value(u, v, si, idx)) : String(v);
  };
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className = 'fs-plot__tip';
        tip.setAttribute('aria-hidden', 'true');
        hide();
        u.over.appendChild(tip);
        u.over.addEventListener('mouseleave', hide);
      },
      setCursor: (u) => {
        const { idx, left = -1, top = -1 } = u.cursor;
        if (!tip || idx == null || left < 0) return hide();
        const head = document.createElement('div');
        head.className = 'fs-plot__tip-head';
        head.textContent = text(u.series[0]!, u, 0, idx) ?? '';
        const rows: HTMLElement[] = [];
        u.series.forEach((s, si) => {
          if (si === 0 || s.show === false || skip.includes(si)) return;
          const value = text(s, u, si, idx);
          if (value === null) return;
          const row = document.createElement('div');
          const swatch = document.createElement('i');
          swatch.style.background = typeof s.stroke === 'string' ? s.stroke : '';
          const b = document.createElement('b');
          b.textContent = value;
          row.append(swatch, `${String(s.label)}: `, b);
          rows.push(row);
        });
        if (rows.length === 0) return hide();
        tip.replaceChildren(head, ...rows);
        tip.style.display = 'block';
        const flip = left + 16 + tip.offsetWidth > u.over.clientWidth;
        tip.style.left = `${flip ? Math.max(0, left - 16 - tip.offsetWidth) : left + 16}px`;
        tip.style.top = `${Math.max(0, Math.min(top, u.over.clientHeight - tip.offsetHeight))}px`;
      },
    },
  };
}

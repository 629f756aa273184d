import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import './panel.css';

/**
 * A titled box of a page (a chart, a shed's trend): the look of antd's small Card without its
 * code (which brings antd's tabs along, about 13 KB gzipped, for a frame and a heading).
 */
export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Beside the title, at the right (a range, a kind switch, averages). */
  extra?: ReactNode;
  children?: ReactNode;
}

export function Panel({ title, extra, className, children, ...rest }: PanelProps): ReactElement {
  return (
    <section className={className ? `fs-panel-box ${className}` : 'fs-panel-box'} {...rest}>
      {(title || extra) && (
        <div className="fs-panel-box__head">
          <div className="fs-panel-box__title">{title}</div>
          {extra && <div className="fs-panel-box__extra">{extra}</div>}
        </div>
      )}
      <div className="fs-panel-box__body">{children}</div>
    </section>
  );
}

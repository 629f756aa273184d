import type { ReactElement, ReactNode } from 'react';
import './ui.css';

/**
 * The filter row above a list: labelled fields side by side (wrapping on narrow screens) and the
 * actions at the end. Each label is tied to its control through `htmlFor`, so the control has an
 * accessible name without repeating it in a placeholder.
 */
export function FilterBar({ children, actions, label }: { children: ReactNode; actions?: ReactNode; label: string }): ReactElement {
  return (
    <div className="fs-filters" role="search" aria-label={label}>
      {children}
      {actions && <div className="fs-filters__actions">{actions}</div>}
    </div>
  );
}

export function FilterField({
  id,
  label,
  children,
  width,
}: {
  id: string;
  label: string;
  children: ReactNode;
  width?: number;
}): ReactElement {
  return (
    <div className="fs-filters__field" style={width ? { width } : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

import type { ReactElement, ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { ClippedText } from '../ClippedText';

/**
 * The first column of an administration table, pinned left: the row's name in bold over a
 * smaller second line (an address, a person), each cut with a tooltip when too long. `mono`
 * names are codes; `plainSub` keeps the second line in the text colour.
 */
export function nameColumn<T>({
  key,
  title,
  width,
  name,
  sub,
  mono = false,
  plainSub = false,
}: {
  key: string;
  title: string;
  width: number;
  name: (row: T) => string;
  sub: (row: T) => string | null | undefined;
  mono?: boolean;
  plainSub?: boolean;
}): ColumnType<T> {
  return {
    key,
    title,
    fixed: 'left',
    width,
    render: (_, r) => {
      const main = name(r);
      const second = sub(r);
      return (
        <div className="fs-cell-stack">
          <ClippedText text={main} strong className={mono ? 'fs-mono-strong' : undefined} />
          {second && <ClippedText text={second} tone={plainSub ? undefined : 'secondary'} className="fs-cell-sub" />}
        </div>
      );
    },
  };
}

/**
 * A cell of two lines: `main` over a smaller grey `sub` (left out when empty); `nowrap` keeps a
 * number on one line, `tooltip` cuts a long one with the whole text on hover.
 */
export function StackCell({
  main,
  sub,
  nowrap = false,
  tooltip = false,
}: {
  main: ReactNode;
  sub: string | null | undefined;
  nowrap?: boolean;
  tooltip?: boolean;
}): ReactElement {
  return (
    <div className="fs-cell-stack">
      {main}
      {sub &&
        (tooltip ? (
          <ClippedText text={sub} tone="secondary" className="fs-cell-sub" />
        ) : (
          <span className={nowrap ? 'fs-muted fs-cell-sub fs-nowrap' : 'fs-muted fs-cell-sub'}>{sub}</span>
        ))}
    </div>
  );
}

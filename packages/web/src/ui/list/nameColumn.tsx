import type { ReactElement, ReactNode } from 'react';
import { Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';

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
          <Typography.Text strong className={mono ? 'fs-mono-strong' : undefined} ellipsis={{ tooltip: main }}>
            {main}
          </Typography.Text>
          {second && (
            <Typography.Text type={plainSub ? undefined : 'secondary'} className="fs-cell-sub" ellipsis={{ tooltip: second }}>
              {second}
            </Typography.Text>
          )}
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
      {sub && (
        <Typography.Text
          type="secondary"
          className={nowrap ? 'fs-cell-sub fs-nowrap' : 'fs-cell-sub'}
          ellipsis={tooltip ? { tooltip: sub } : undefined}
        >
          {sub}
        </Typography.Text>
      )}
    </div>
  );
}

import { useRef, useState, type ReactElement } from 'react';
import { Tooltip } from 'antd';
import './ui.css';

/**
 * One line of text cut to its cell with an ellipsis; hovering it shows the whole text in a tooltip,
 * only when it was cut. It is what antd's `Typography.Text ellipsis={{ tooltip }}` does in a table
 * cell, without Typography (about 10 KB gzipped with its editable and copyable parts) on the list
 * pages. `tone` is the text colour: `secondary` for a cell's grey second line.
 */
export function ClippedText({
  text,
  strong = false,
  tone,
  className,
  testId,
}: {
  text: string;
  strong?: boolean;
  tone?: 'secondary';
  className?: string;
  testId?: string;
}): ReactElement {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const classes = ['fs-clip', strong && 'fs-strong', tone === 'secondary' && 'fs-muted', className].filter(Boolean).join(' ');
  return (
    <Tooltip title={text} open={open}>
      <span
        ref={ref}
        className={classes}
        data-testid={testId}
        onMouseEnter={() => {
          const el = ref.current;
          setOpen(!!el && el.scrollWidth > el.clientWidth);
        }}
        onMouseLeave={() => setOpen(false)}
      >
        {text}
      </span>
    </Tooltip>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { Button, Form, type FormListFieldData } from 'antd';
import type { FormListProps } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

/**
 * A feeding form's list edited row by row (a plan's meals, a standard's ages and adjustments): each
 * row's fields, then a button removing it (with `keepOne`, never the last), and at the end a button
 * adding the row `newRow()` makes (up to `max`), a `note` and the list's own problem.
 */
export function FormRows({
  name,
  rule,
  section = false,
  className,
  label,
  rowClassName,
  rowTestId,
  max,
  keepOne = false,
  newRow,
  removeLabel,
  addLabel,
  note,
  children,
}: {
  name: string;
  rule: NonNullable<FormListProps['rules']>[number];
  /** The rows are a `<section>` rather than a `<div>`. */
  section?: boolean;
  className: string;
  /** The rows' accessible name. */
  label: string;
  rowClassName: string;
  rowTestId: string;
  max: number;
  keepOne?: boolean;
  newRow: () => unknown;
  /** The remove button's accessible name for row `n` (from 1). */
  removeLabel: (n: number) => string;
  addLabel: string;
  note?: ReactNode;
  /** The fields of one row. */
  children: (field: FormListFieldData, index: number) => ReactNode;
}): ReactElement {
  const Box = section ? 'section' : 'div';
  return (
    <Form.List name={name} rules={[rule]}>
      {(fields, { add, remove }, { errors }) => (
        <Box className={className} aria-label={label}>
          {fields.map((f, i) => (
            <div key={f.key} className={rowClassName} data-testid={rowTestId}>
              {children(f, i)}
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={removeLabel(i + 1)}
                disabled={keepOne && fields.length === 1}
                onClick={() => remove(f.name)}
              />
            </div>
          ))}
          <Button icon={<PlusOutlined />} disabled={fields.length >= max} onClick={() => add(newRow())}>
            {addLabel}
          </Button>
          {note}
          <Form.ErrorList errors={errors} />
        </Box>
      )}
    </Form.List>
  );
}

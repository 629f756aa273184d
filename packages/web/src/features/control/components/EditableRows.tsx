import type { ReactElement, ReactNode } from 'react';
import { Button, Form, Space, type FormListFieldData } from 'antd';
import type { FormListProps } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

/**
 * A form list edited row by row (a curve's points, a settings list's devices): each row's fields,
 * then a button removing it (never the last), and at the end a button adding a row (up to `max`)
 * made by `newRow` from the rows there are. With `rules` the list's own problem shows under it.
 */
export function EditableRows<R>({
  name,
  rules,
  label,
  note,
  rowId,
  max,
  newRow,
  removeLabel,
  addLabel,
  children,
}: {
  /** The form's list field. */
  name: string;
  rules?: FormListProps['rules'];
  /** The table's accessible name. */
  label: string;
  /** Said above the rows. */
  note?: ReactNode;
  /** Rows are `data-testid` `<rowId>-row-<i>`. */
  rowId: string;
  max: number;
  newRow: (rows: readonly Partial<R>[]) => R;
  /** The remove button's accessible name for row `n` (from 1). */
  removeLabel: (n: number) => string;
  addLabel: string;
  /** The fields of one row. */
  children: (field: FormListFieldData, index: number) => ReactNode;
}): ReactElement {
  const form = Form.useFormInstance();
  return (
    <Form.List name={name} rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <div className="fs-curve-rows" role="table" aria-label={label}>
          {note}
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap role="row" data-testid={`${rowId}-row-${i}`}>
              {children(f, i)}
              <Button
                icon={<DeleteOutlined />}
                aria-label={removeLabel(i + 1)}
                disabled={fields.length <= 1}
                onClick={() => remove(f.name)}
                className={i === 0 ? 'fs-curve-first-remove' : undefined}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= max}
            onClick={() => add(newRow((form.getFieldValue(name) as Partial<R>[] | undefined) ?? []))}
          >
            {addLabel}
          </Button>
          {rules && <Form.ErrorList errors={errors} />}
        </div>
      )}
    </Form.List>
  );
}

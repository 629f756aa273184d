import type { ReactElement } from 'react';
import { Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { NumberInput } from '../../../ui/NumberInput';
import { EditableRows } from './EditableRows';
import { listFieldRule } from './listRule';

/** A field of every row: a number (the default), a whole number, a time of day (`HH:MM`), a tick box or a choice. */
export interface RowColumn {
  name: string;
  kind?: 'number' | 'integer' | 'time' | 'check';
  /** A choice among these values, labelled `<texts>.<name>s.<value>` (pumps.kinds.pad). */
  options?: readonly string[];
  /** A choice's least width, px. */
  width?: number;
  /** Fields of the same row this one is checked against (its off point against the on point). */
  dependsOn?: readonly string[];
}

/**
 * The rows of a settings list (heaters, fan stages, pumps, openings): one line a device with a
 * field a column, checked by the group's shared schema as the server checks it (listRule.ts), a
 * button to remove a row (never the last) and one to add a row (up to `max`). Texts come from the
 * `texts` section: `list`, `hint`, a label a column, `remove` and `add`.
 */
export function RowListEditor<R>({
  list,
  texts,
  rowId,
  schema,
  columns,
  max,
  newRow,
}: {
  /** The form's list field (`heaters`). */
  list: string;
  texts: string;
  /** Rows are `data-testid` `<rowId>-row-<i>`. */
  rowId: string;
  schema: ZodType;
  columns: readonly RowColumn[];
  max: number;
  /** The row added at the end, from the rows there are. */
  newRow: (rows: readonly Partial<R>[]) => R;
}): ReactElement {
  const { t } = useTranslation('control');
  const label = (name: string, i: number): string | undefined => (i === 0 ? t(`${texts}.${name}`) : undefined);
  return (
    <EditableRows<R>
      name={list}
      label={t(`${texts}.list`)}
      note={<p className="fs-dialog-note">{t(`${texts}.hint`)}</p>}
      rowId={rowId}
      max={max}
      newRow={newRow}
      removeLabel={(n) => t(`${texts}.remove`, { n })}
      addLabel={t(`${texts}.add`)}
    >
      {(f, i) =>
        columns.map((c) => {
          const aria = `${t(`${texts}.${c.name}`)} ${i + 1}`;
          if (c.kind === 'check')
            return (
              <Form.Item key={c.name} name={[f.name, c.name]} valuePropName="checked" label={label(c.name, i)}>
                <Checkbox aria-label={aria} />
              </Form.Item>
            );
          return (
            <Form.Item
              key={c.name}
              name={[f.name, c.name]}
              label={label(c.name, i)}
              required
              rules={[listFieldRule(schema, list, f.name, c.name)]}
              dependencies={c.dependsOn?.map((d) => [list, f.name, d])}
            >
              {c.options ? (
                <Select
                  aria-label={aria}
                  style={{ minWidth: c.width }}
                  options={c.options.map((v) => ({ value: v, label: t(`${texts}.${c.name}s.${v}`) }))}
                />
              ) : c.kind === 'time' ? (
                <Input aria-label={aria} placeholder="HH:MM" maxLength={5} style={{ width: 96 }} />
              ) : (
                <NumberInput integer={c.kind === 'integer'} aria-label={aria} />
              )}
            </Form.Item>
          );
        })
      }
    </EditableRows>
  );
}

/** The lowest device number from 1 that no row of `rows` uses (up to `max`). */
export function freeNumber<R>(rows: readonly Partial<R>[], key: keyof R, max: number): number {
  const used = new Set(rows.map((r) => r[key]));
  let n = 1;
  while (used.has(n as R[keyof R]) && n < max) n++;
  return n;
}

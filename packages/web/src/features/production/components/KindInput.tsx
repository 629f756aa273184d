import type { ReactElement } from 'react';
import { DatePicker } from 'antd';
// antd's Input without Search, Password and OTP (its index attaches them, so `Input` from 'antd' brings all three).
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import { INPUT_MAX_LENGTH } from '@farmsense/shared';
import { NumberInput } from '../../../ui/NumberInput';
import { DAY, type KindField } from '../model/kinds';

/** The input of one record field: whole numbers for counts, decimals for weights and volumes. */
export function KindInput({
  field,
  id,
  size = 'large',
  status,
  ...rest
}: {
  field: KindField;
  id?: string;
  size?: 'large' | 'middle';
  status?: 'error';
  value?: unknown;
  onChange?: (v: unknown) => void;
  'aria-label'?: string;
}): ReactElement {
  const common = { id, size, status, 'aria-label': rest['aria-label'] };
  if (field.type === 'day') {
    return (
      <DatePicker {...common} className="fs-prod-wide" format={DAY} value={rest.value as never} onChange={(v) => rest.onChange?.(v)} />
    );
  }
  if (field.type === 'text') {
    const max = field.max ?? INPUT_MAX_LENGTH;
    return max > INPUT_MAX_LENGTH ? (
      <TextArea
        id={id}
        aria-label={rest['aria-label']}
        rows={2}
        maxLength={max}
        value={(rest.value as string | undefined) ?? ''}
        onChange={(e) => rest.onChange?.(e.target.value)}
      />
    ) : (
      <Input
        {...common}
        maxLength={max}
        autoComplete="off"
        value={(rest.value as string | undefined) ?? ''}
        onChange={(e) => rest.onChange?.(e.target.value)}
      />
    );
  }
  return (
    <NumberInput
      {...common}
      className="fs-prod-wide"
      integer={field.type === 'int'}
      value={typeof rest.value === 'number' ? rest.value : null}
      onChange={(v) => rest.onChange?.(v)}
    />
  );
}

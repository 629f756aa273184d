import type { ReactElement } from 'react';
import { Select } from 'antd';

/** What a form field hands its control (antd Form.Item), and the hint shown while empty. */
export interface FieldControlProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
}

/** A select of text values searched by their labels; the list is as wide as its longest label. */
export function SearchSelect({
  id,
  value,
  onChange,
  placeholder,
  options,
  allowClear,
}: FieldControlProps & { options: { value: string; label: string }[]; allowClear?: boolean }): ReactElement {
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={options}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      popupMatchSelectWidth={false}
    />
  );
}

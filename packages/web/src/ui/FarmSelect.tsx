import type { ReactElement } from 'react';
import { Select } from 'antd';
import type { FarmInfo } from '../app/api/types';

/** A labelled farm picker (the label element is the caller's, linked through `id`). */
export function FarmSelect({
  id,
  farms,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  farms: FarmInfo[];
  value: number | undefined;
  onChange: (farmId: number) => void;
  placeholder: string;
}): ReactElement {
  return (
    <Select<number>
      id={id}
      className="fs-farm-select"
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      showSearch={{ optionFilterProp: 'label' }}
      options={farms.map((f) => ({ value: f.id, label: f.farmName }))}
      popupMatchSelectWidth={false}
    />
  );
}

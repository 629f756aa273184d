import { useMemo, type ReactElement } from 'react';
import { Select } from 'antd';
import { timeZoneOptions } from '../timeZones';

/** A searchable picker of IANA time zones showing their current UTC offset. */
export function TimeZoneSelect({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (zone: string) => void;
  placeholder?: string;
}): ReactElement {
  const options = useMemo(() => {
    const list = timeZoneOptions();
    // A zone saved earlier that this browser does not list still shows as itself.
    return value && !list.some((o) => o.value === value) ? [{ value, label: value, offset: 0 }, ...list] : list;
  }, [value]);
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      popupMatchSelectWidth={false}
    />
  );
}

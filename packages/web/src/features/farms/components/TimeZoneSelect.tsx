import { useMemo, type ReactElement } from 'react';
import { SearchSelect, type FieldControlProps } from '../../../ui/SearchSelect';
import { timeZoneOptions } from '../timeZones';

/** A searchable picker of IANA time zones showing their current UTC offset. */
export function TimeZoneSelect(props: FieldControlProps): ReactElement {
  const { value } = props;
  const options = useMemo(() => {
    const list = timeZoneOptions();
    // A zone saved earlier that this browser does not list still shows as itself.
    return value && !list.some((o) => o.value === value) ? [{ value, label: value, offset: 0 }, ...list] : list;
  }, [value]);
  return <SearchSelect {...props} options={options} />;
}

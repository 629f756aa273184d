import type { ReactElement } from 'react';
import { Segmented, type SegmentedProps } from 'antd';
import { FilterField } from './FilterBar';

/**
 * A filter bar's choice among a few values shown side by side (a period, a view, a mode): the
 * label and the switch it names, under one id (tests and e2e specs find the field by it).
 */
export function SegmentedFilter<V extends string | number>({
  id,
  label,
  ...segmented
}: { id: string; label: string } & Omit<SegmentedProps<V>, 'id'>): ReactElement {
  return (
    <FilterField id={id} label={label}>
      <Segmented<V> id={id} {...segmented} />
    </FilterField>
  );
}

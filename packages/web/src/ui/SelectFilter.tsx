import type { ReactElement, ReactNode } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterField } from './FilterBar';

/** One choice of a SelectFilter (`title` is the hover text where `label` is markup). */
export interface FilterOption<V extends string | number> {
  value: V;
  label: ReactNode;
  title?: string;
}

/** Clearable (the value may go back to undefined, "all") unless `required`. */
type Choice<V> =
  | { /** One value must be picked: no clear button and no "All" in the empty field. */ required: true; onChange: (value: V) => void }
  | { required?: false; /** The picked value, or undefined when cleared back to "all". */ onChange: (value: V | undefined) => void };

export type SelectFilterProps<V extends string | number> = Choice<V> & {
  /** The control's id, which its label points at (tests and e2e specs find the field by it). */
  id: string;
  label: string;
  width?: number;
  value: V | undefined;
  /** The choices; undefined while they load (an empty list). */
  options: FilterOption<V>[] | undefined;
  /** What stands in the empty field: "All" (common) unless told. */
  placeholder?: string;
  /** Choices are found by typing their label. */
  search?: boolean;
  disabled?: boolean;
  loading?: boolean;
  className?: string;
  /** False: the open list may be wider than the field (long names). */
  popupMatchSelectWidth?: boolean;
};

/**
 * A choice field of a filter bar: the label and a select it names (one id for both), clearable
 * back to "all" with "All" in the empty field unless `required`. Every list and report page's
 * single-choice filter (a house, a pen, a state, a kind) is one of these.
 */
export function SelectFilter<V extends string | number>({
  id,
  label,
  width,
  options,
  placeholder,
  required = false,
  search = false,
  ...select
}: SelectFilterProps<V>): ReactElement {
  const { t } = useTranslation('common');
  return (
    <FilterField id={id} label={label} width={width}>
      <Select<V, FilterOption<V>>
        id={id}
        allowClear={!required}
        placeholder={placeholder ?? (required ? undefined : t('all'))}
        options={options ?? []}
        showSearch={search ? { optionFilterProp: 'label' } : undefined}
        {...select}
      />
    </FilterField>
  );
}

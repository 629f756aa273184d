import type { ReactElement } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FarmInfo } from '../app/api/types';
import { FilterField } from './FilterBar';

/** What the picker needs of a farm choice (app/farm `useFarmChoice`, or a page's own farm filter). */
export interface FarmPick {
  farms: FarmInfo[];
  farmId: number | undefined;
  select: (farmId: number) => void;
}

/**
 * The console's one farm picker (the label element is the caller's, linked through `id`): shows
 * the choice's farms, searchable by name, and makes the picked farm the current one (`select`);
 * `onPicked` then lets the page reset what belonged to the previous farm (a shed filter, a picked
 * house).
 */
export function FarmSelect({
  id,
  choice,
  onPicked,
  placeholder,
}: {
  id: string;
  choice: FarmPick;
  onPicked?: (farmId: number) => void;
  placeholder?: string;
}): ReactElement {
  const { t } = useTranslation('common');
  return (
    <Select<number>
      id={id}
      className="fs-farm-select"
      value={choice.farmId}
      onChange={(farmId) => {
        choice.select(farmId);
        onPicked?.(farmId);
      }}
      placeholder={placeholder ?? t('select')}
      showSearch={{ optionFilterProp: 'label' }}
      options={choice.farms.map((f) => ({ value: f.id, label: f.farmName }))}
      popupMatchSelectWidth={false}
    />
  );
}

/** The farm field of a filter bar: the label (`label`, `width`) and the farm picker it names. */
export function FarmField({
  label,
  width,
  ...picker
}: {
  id: string;
  label: string;
  width?: number;
  choice: FarmPick;
  onPicked?: (farmId: number) => void;
  placeholder?: string;
}): ReactElement {
  return (
    <FilterField id={picker.id} label={label} width={width}>
      <FarmSelect {...picker} />
    </FilterField>
  );
}

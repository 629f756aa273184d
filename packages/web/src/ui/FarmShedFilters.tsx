import type { ReactElement } from 'react';
import type { ShedPick } from '../app/farm';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FarmField, type FarmPick } from './FarmSelect';
import { FilterBar } from './FilterBar';
import { SelectFilter } from './SelectFilter';

/**
 * The filter bar of a live farm page (silo status, feeding monitor): the farm, optionally one of
 * its houses, and a refresh button. Picking another farm clears the house (`onShed(undefined)`).
 * Fields are `${idPrefix}-farm` and `${idPrefix}-shed`, labelled by the caller's texts.
 */
export function FarmShedFilters({
  idPrefix,
  texts,
  choice,
  shedId,
  sheds,
  onShed,
  refreshing,
  onRefresh,
}: {
  idPrefix: string;
  texts: { bar: string; farm: string; shed: string };
  choice: FarmPick;
  shedId: number | undefined;
  sheds: { value: number; label: string }[] | undefined;
  onShed: (shedId: number | undefined) => void;
  refreshing: boolean;
  onRefresh: () => void;
}): ReactElement {
  const { t } = useTranslation('common');
  return (
    <FilterBar
      label={texts.bar}
      actions={
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          {t('refresh')}
        </Button>
      }
    >
      <FarmField id={`${idPrefix}-farm`} label={texts.farm} width={220} choice={choice} onPicked={() => onShed(undefined)} />
      <SelectFilter<number> id={`${idPrefix}-shed`} label={texts.shed} width={200} value={shedId} options={sheds} onChange={onShed} />
    </FilterBar>
  );
}

/**
 * The farm and house fields of a page about one house (`useShedPick`): picking another farm goes
 * back to its first house. `onPicked` (told which field changed) clears what belonged to the
 * previous farm or house (a selection of its devices, a pen, the houses to copy to). Fields are `${idPrefix}-farm` and
 * `${idPrefix}-shed`, labelled by the caller's texts; the house is found by typing its name.
 */
export function FarmShedFields({
  idPrefix,
  texts,
  choice,
  house,
  onPicked,
}: {
  idPrefix: string;
  texts: { farm: string; shed: string };
  choice: FarmPick;
  house: ShedPick;
  onPicked?: (field: 'farm' | 'shed') => void;
}): ReactElement {
  return (
    <>
      <FarmField
        id={`${idPrefix}-farm`}
        label={texts.farm}
        width={220}
        choice={choice}
        onPicked={() => {
          house.pick(undefined);
          onPicked?.('farm');
        }}
      />
      <SelectFilter<number>
        id={`${idPrefix}-shed`}
        label={texts.shed}
        width={200}
        required
        search
        value={house.shedId}
        options={house.sheds.data}
        onChange={(shedId) => {
          house.pick(shedId);
          onPicked?.('shed');
        }}
      />
    </>
  );
}

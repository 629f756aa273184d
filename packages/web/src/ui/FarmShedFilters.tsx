import type { ReactElement } from 'react';
import { Button, Select } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FarmField, type FarmPick } from './FarmSelect';
import { FilterBar, FilterField } from './FilterBar';

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
      <FilterField id={`${idPrefix}-shed`} label={texts.shed} width={200}>
        <Select<number>
          id={`${idPrefix}-shed`}
          allowClear
          placeholder={t('all')}
          value={shedId}
          options={sheds ?? []}
          onChange={(v) => onShed(v)}
        />
      </FilterField>
    </FilterBar>
  );
}

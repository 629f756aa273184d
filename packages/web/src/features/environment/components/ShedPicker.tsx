import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SELECTION_LIMIT, type ShedListItem } from '@farmsense/shared';
import { CappedMultiSelect } from '../../../ui/CappedMultiSelect';

/** Shed selection for trends: several sheds up to the SPEC §9 limit of 6. */
export function ShedPicker({
  id,
  sheds,
  value,
  onChange,
  loading,
  max = SELECTION_LIMIT,
}: {
  id: string;
  sheds: readonly ShedListItem[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  max?: number;
}): ReactElement {
  const { t } = useTranslation('environment');
  return (
    <CappedMultiSelect
      id={id}
      options={sheds.map((s) => ({ value: s.tid, label: s.shedName }))}
      value={value}
      onChange={onChange}
      loading={loading}
      max={max}
      placeholder={t('trend.pickShed')}
      countNote={t('trend.selectedCount', { count: value.length, max })}
    />
  );
}

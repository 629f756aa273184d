import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SELECTION_LIMIT } from '@farmsense/shared';
import { CappedMultiSelect } from '../../../ui/CappedMultiSelect';
import type { FlockOption } from '../reportsApi';

/** A flock's name in pickers and legends: its house and batch number. */
export function flockLabel(f: Pick<FlockOption, 'shedName' | 'groupNo'>): string {
  return [f.shedName, f.groupNo].filter(Boolean).join(' · ');
}

/** Flocks to compare, current and history in two groups, up to the SPEC §9 limit of 6. */
export function FlockPicker({
  id,
  current,
  history,
  value,
  onChange,
  loading,
  max = SELECTION_LIMIT,
}: {
  id: string;
  current: readonly FlockOption[];
  history: readonly FlockOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  max?: number;
}): ReactElement {
  const { t } = useTranslation('poultry');
  const option = (f: FlockOption): { value: number; label: string; title: string; dayAge: number } => ({
    value: f.id,
    label: flockLabel(f),
    title: flockLabel(f),
    dayAge: f.dayAge,
  });
  const groups = [
    { label: t('flock.current'), options: current.map(option) },
    ...(history.length > 0 ? [{ label: t('flock.history'), options: history.map(option) }] : []),
  ];
  return (
    <CappedMultiSelect
      id={id}
      options={groups}
      value={value}
      onChange={onChange}
      loading={loading}
      max={max}
      placeholder={t('flock.pick')}
      countNote={t('flock.selected', { count: value.length, max })}
      // The list says how old each flock is; the chosen tags keep only the name.
      optionRender={(o) => (
        <span className="fs-poultry-flock-option">
          <span>{o.label}</span>
          <span className="fs-muted">{t('flock.dayAge', { count: o.data.dayAge })}</span>
        </span>
      )}
    />
  );
}

import { useId, type ReactElement } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SELECTION_LIMIT } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';
import type { FlockOption } from '../reportsApi';

/**
 * Flocks to compare, current and history in two groups, up to the SPEC §9 limit of 6: at the
 * limit the others are greyed out and the rule is said under the field.
 */
export function flockLabel(f: Pick<FlockOption, 'shedName' | 'groupNo'>): string {
  return [f.shedName, f.groupNo].filter(Boolean).join(' · ');
}

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
  const noteId = useId();
  const full = value.length >= max;
  const option = (f: FlockOption): { value: number; label: string; title: string; dayAge: number; disabled: boolean } => ({
    value: f.id,
    label: flockLabel(f),
    title: flockLabel(f),
    dayAge: f.dayAge,
    disabled: full && !value.includes(f.id),
  });
  const groups = [
    { label: t('flock.current'), options: current.map(option) },
    ...(history.length > 0 ? [{ label: t('flock.history'), options: history.map(option) }] : []),
  ];
  return (
    <div className="fs-shed-picker">
      <Select<number[]>
        id={id}
        mode="multiple"
        value={[...value]}
        loading={loading}
        maxCount={max}
        maxTagCount="responsive"
        allowClear={false}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('flock.pick')}
        aria-describedby={noteId}
        status={value.length === 0 ? 'warning' : undefined}
        onChange={(ids) => {
          if (ids.length > max) return;
          onChange(ids);
        }}
        options={groups}
        // The list says how old each flock is; the chosen tags keep only the name.
        optionRender={(o) => (
          <span className="fs-poultry-flock-option">
            <span>{o.label}</span>
            <span className="fs-muted">{t('flock.dayAge', { count: (o.data as { dayAge?: number }).dayAge ?? 0 })}</span>
          </span>
        )}
        popupMatchSelectWidth={false}
        className="fs-shed-picker__select"
      />
      <div id={noteId} className={`fs-shed-picker__note${full ? ' fs-shed-picker__note--full' : ''}`} role={full ? 'status' : undefined}>
        {full ? tk('validation.selectAtMost', { count: max }) : t('flock.selected', { count: value.length, max })}
      </div>
    </div>
  );
}

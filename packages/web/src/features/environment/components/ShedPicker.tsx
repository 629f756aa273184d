import { useId, type ReactElement } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SELECTION_LIMIT, type ShedListItem } from '@farmsense/shared';
import { tk } from '../../../app/i18n/i18n';

/**
 * Shed selection for trends: several sheds up to the SPEC §9 limit of 6. At the limit the other
 * sheds are greyed out and the rule is said under the field, rather than a seventh pick being
 * dropped silently.
 */
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
  const noteId = useId();
  const full = value.length >= max;
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
        placeholder={t('trend.pickShed')}
        aria-describedby={noteId}
        status={value.length === 0 ? 'warning' : undefined}
        onChange={(ids) => {
          // maxCount already stops a seventh pick in the list; this also covers keyboard and paste.
          if (ids.length > max) return;
          onChange(ids);
        }}
        options={sheds.map((s) => ({ value: s.tid, label: s.shedName, disabled: full && !value.includes(s.tid) }))}
        popupMatchSelectWidth={false}
        className="fs-shed-picker__select"
      />
      <div id={noteId} className={`fs-shed-picker__note${full ? ' fs-shed-picker__note--full' : ''}`} role={full ? 'status' : undefined}>
        {full ? tk('validation.selectAtMost', { count: max }) : t('trend.selectedCount', { count: value.length, max })}
      </div>
    </div>
  );
}

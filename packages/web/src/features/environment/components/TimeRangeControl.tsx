import type { ReactElement } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { defaultCustomRange, presetLabel, TREND_PRESETS, type TimeChoice } from '../model/timeRange';

/**
 * Preset or custom time for a trend: a list of the SPEC §9 presets with "Custom range" at the
 * end; choosing it shows the range picker, which enforces the 30-day rule.
 */
const CUSTOM = 'custom';

export function TimeRangeControl({
  id,
  value,
  onChange,
  presets = TREND_PRESETS,
}: {
  id: string;
  value: TimeChoice;
  onChange: (choice: TimeChoice) => void;
  presets?: readonly string[];
}): ReactElement {
  const { t } = useTranslation('environment');
  return (
    <div className="fs-time-control">
      <Select<string>
        id={id}
        className="fs-time-control__preset"
        value={value.mode === 'preset' ? value.preset : CUSTOM}
        onChange={(v) => onChange(v === CUSTOM ? { mode: 'custom', range: defaultCustomRange() } : { mode: 'preset', preset: v })}
        options={[...presets.map((p) => ({ value: p, label: presetLabel(p) })), { value: CUSTOM, label: t('trend.custom') }]}
        popupMatchSelectWidth={false}
      />
      {value.mode === 'custom' && (
        <DateRangePicker
          value={value.range}
          onChange={(range) => onChange({ mode: 'custom', range })}
          aria-label={t('trend.customRange')}
        />
      )}
    </div>
  );
}

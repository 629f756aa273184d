import dayjs from 'dayjs';
import { TIME_PRESETS } from '@farmsense/shared';
import { hasKey, tk } from '../../../app/i18n/i18n';
import type { DateRange } from '../../../ui/DateRangePicker';

/**
 * The time a trend covers: one of the SPEC §9 presets (the query presets and time choices; the
 * server resolves them against its clock and the farm's day), or a custom range of at most 30
 * days. `1d` is left out of the offer: it is the same window as "last 24 hours".
 */
export type TimeChoice = { mode: 'preset'; preset: string } | { mode: 'custom'; range: DateRange };

export const TREND_PRESETS: readonly string[] = TIME_PRESETS.filter((p) => p !== '1d');

export function presetLabel(preset: string): string {
  if (hasKey(`enums.queryPreset.${preset}`)) return tk(`enums.queryPreset.${preset}`);
  if (hasKey(`environment.preset.${preset}`)) return tk(`environment.preset.${preset}`);
  return hasKey(`enums.timeChoice.${preset}`) ? tk(`enums.timeChoice.${preset}`) : preset;
}

/** The time part of a trend request. */
export function timeParams(choice: TimeChoice): { preset: string } | { startTime: number; endTime: number } {
  return choice.mode === 'preset'
    ? { preset: choice.preset }
    : { startTime: choice.range[0].valueOf(), endTime: choice.range[1].valueOf() };
}

/** A custom range to start from when the user leaves the presets: the last 7 days. */
export function defaultCustomRange(now = dayjs()): DateRange {
  return [now.subtract(7, 'day').startOf('minute'), now.startOf('minute')];
}

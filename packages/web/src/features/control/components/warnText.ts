import type { TFunction } from 'i18next';
import { warnBarPayload, warnButtonPayload, warnNh3Payload, warnRhPayload, type SettingGroup } from '@farmsense/shared';

/** The alarm-limit groups, in menu order. */
export const WARN_GROUPS = ['warnRh', 'warnBar', 'warnNh3', 'warnButton'] as const satisfies readonly SettingGroup[];
export type WarnGroup = (typeof WARN_GROUPS)[number];

export const WARN_SCHEMAS = { warnRh: warnRhPayload, warnBar: warnBarPayload, warnNh3: warnNh3Payload, warnButton: warnButtonPayload };

/** The controller's alarm limits of a group in words; '' when the value is not of that group. */
export function warnText(group: WarnGroup, value: unknown, t: TFunction): string {
  const r = WARN_SCHEMAS[group].safeParse(value);
  if (!r.success) return '';
  const v = r.data as { enabled: boolean; low?: number; high?: number; delaySeconds: number };
  if (!v.enabled) return `${t(`groups.${group}`)}: ${t('warn.off')}`;
  const delay = v.delaySeconds;
  const unit = group === 'warnButton' ? '' : t(`warn.units.${group}`);
  const words =
    v.low !== undefined
      ? t('warn.summaryBand', { low: v.low, high: v.high, unit, delay })
      : v.high !== undefined
        ? t('warn.summaryHigh', { high: v.high, unit, delay })
        : t('warn.summaryButton', { delay });
  return `${t(`groups.${group}`)}: ${words}`;
}

/** A value of any alarm-limit group in words (the option log), else ''. */
export function anyWarnText(value: unknown, t: TFunction): string {
  for (const g of WARN_GROUPS) {
    const s = warnText(g, value, t);
    if (s) return s;
  }
  return '';
}

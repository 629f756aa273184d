import type { TFunction } from 'i18next';
import type { DynamicWindPayload } from '@farmsense/shared';

/** Variable fans in words: the speed range and the minimum ventilation of the chosen mode (the option log says the same). */
export function dynamicWindText(v: DynamicWindPayload, t: TFunction): string {
  const speeds = t('dynamicWind.speedSummary', { min: v.minSpeed, max: v.maxSpeed });
  const points =
    v.mode === 'dayAge'
      ? t('dynamicWind.daySummary', { points: v.dayAge.map((p) => `${p.day}: ${p.percent} %`).join(', ') })
      : t('dynamicWind.co2Summary', { points: v.co2.map((p) => `${p.ppm} ppm: ${p.percent} %`).join(', ') });
  return `${speeds}; ${points}`;
}

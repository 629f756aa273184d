import type { TFunction } from 'i18next';
import type { LightingPoint } from '@farmsense/shared';

/** One point of a lighting schedule in words (the option log says the same). */
export function lightingText(p: LightingPoint, t: TFunction): string {
  return t('lighting.summary', { day: p.day, on: p.on, off: p.off, intensity: p.intensity });
}

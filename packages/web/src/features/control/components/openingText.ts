import type { TFunction } from 'i18next';
import type { OpeningSetting } from '@farmsense/shared';

/** One inlet or curtain in words: its pressure target and band, or its temperature line, and its opening range (the option log says the same). */
export function openingText(o: OpeningSetting, t: TFunction): string {
  const common = { kind: t(`window.kinds.${o.kind}`), index: o.index, min: o.minOpen, max: o.maxOpen };
  return o.control === 'pressure'
    ? t('window.pressureSummary', { ...common, pa: o.pressureTarget, band: o.pressureBand })
    : t('window.temperatureSummary', { ...common, from: o.openFrom, full: o.fullyOpen });
}

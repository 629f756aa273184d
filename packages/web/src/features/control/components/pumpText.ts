import type { TFunction } from 'i18next';
import type { PumpSetting } from '@farmsense/shared';

/** One pump in words (the option log says the same). */
export function pumpText(p: PumpSetting, t: TFunction): string {
  const kind = t(`pumps.kinds.${p.kind}`);
  if (!p.auto) return t('pumps.manual', { kind, pump: p.pump });
  return t('pumps.summary', {
    kind,
    pump: p.pump,
    on: p.onAbove,
    off: p.offAbove,
    rh: p.rhLimit,
    run: p.runSeconds,
    stop: p.stopSeconds,
  });
}

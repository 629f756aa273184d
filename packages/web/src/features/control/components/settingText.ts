import type { TFunction } from 'i18next';
import {
  dynamicWindPayload,
  fixedWindPayload,
  heaterPayload,
  lightingPayload,
  pumpsPayload,
  tempDayAgePayload,
  windowPayload,
} from '@farmsense/shared';
import { dynamicWindText } from './dynamicWindText';
import { openingText } from './openingText';
import { deviceText } from './deviceText';
import { feedDeviceText, rationText } from './feedDeviceText';
import { lightingText } from './lightingText';
import { pumpText } from './pumpText';
import { anyWarnText, WARN_GROUPS, warnText } from './warnText';

/**
 * A setting in a few words: a curve's points as "day: target °C" and its RH target; heaters', fan
 * stages' and pumps' points; variable fans; inlets and curtains; the lighting schedule; the controller's alarm limits (of
 * `group` when known: the humidity and pressure bands look alike).
 */
export function settingText(value: unknown, t: TFunction, group?: string): string {
  const warn = WARN_GROUPS.find((g) => g === group);
  if (warn) return warnText(warn, value, t);
  if (group === 'device') return deviceText(value, t);
  if (group === 'feedDevice') return feedDeviceText(value, t);
  if (group === 'feeding') return rationText(value, t);
  const c = tempDayAgePayload.safeParse(value);
  if (c.success)
    return `${c.data.points.map((x) => `${x.day}: ${x.target}°C`).join(', ')}; ${t('curve.fields.rhTarget')} ${c.data.rhTarget}`;
  const h = heaterPayload.safeParse(value);
  if (h.success)
    return h.data.heaters
      .map((x) =>
        x.enabled ? t('heater.summary', { index: x.index, on: x.onBelow, off: x.offBelow }) : t('heater.disabled', { index: x.index }),
      )
      .join('; ');
  const f = fixedWindPayload.safeParse(value);
  if (f.success)
    return f.data.stages
      .map((s, i) =>
        t('fixedWind.summary', { n: i + 1, fan: s.fan, on: s.onAbove, off: s.offAbove, run: s.runSeconds, stop: s.stopSeconds }),
      )
      .join('; ');
  const p = pumpsPayload.safeParse(value);
  if (p.success) return p.data.pumps.map((x) => pumpText(x, t)).join('; ');
  const d = dynamicWindPayload.safeParse(value);
  if (d.success) return dynamicWindText(d.data, t);
  const w = windowPayload.safeParse(value);
  if (w.success) return w.data.openings.map((o) => openingText(o, t)).join('; ');
  const l = lightingPayload.safeParse(value);
  if (l.success) return l.data.points.map((p) => lightingText(p, t)).join('; ');
  return anyWarnText(value, t);
}

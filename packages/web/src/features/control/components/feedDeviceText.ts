import type { TFunction } from 'i18next';
import { feederParamsPayload, feedNowGrams, minuteText, rationCopy, serialPayload } from '@farmsense/shared';
import { formatDateTime } from '../../../app/i18n/numbers';

/**
 * A feeding device's remote action in words (the option log, group feedDevice; shared
 * feeding/remote-endpoints.ts): which device, and the parameters, bus settings, clock or amount
 * it was sent. An unrecognised value reads as nothing.
 */
export function feedDeviceText(value: unknown, t: TFunction): string {
  if (typeof value !== 'object' || value === null) return '';
  const v = new Map(Object.entries(value));
  const device = deviceName(v, t);
  const rest = Object.fromEntries([...v].filter(([k]) => !['version', 'deviceId', 'collector', 'feeder', 'time', 'grams'].includes(k)));
  const params = feederParamsPayload.safeParse(rest);
  if (params.success) {
    const p = params.data;
    return t('feedDevice.params', {
      device,
      amount: p.amountPerFeed,
      interval: p.intervalMinutes,
      bait: p.baitWeight,
      low: p.tempLow,
      high: p.tempHigh,
      brightness: p.brightness,
      lock: p.lockSeconds,
    });
  }
  const serial = serialPayload.safeParse(rest);
  if (serial.success) {
    const s = serial.data;
    return t('feedDevice.serial', {
      device,
      baud: s.baudRate,
      data: s.dataBits,
      stop: s.stopBits,
      parity: t(`feedDevice.parities.${s.parity}`),
    });
  }
  const time = v.get('time');
  if (typeof time === 'number') return t('feedDevice.timeSync', { device, time: formatDateTime(time) });
  const grams = feedNowGrams.safeParse(v.get('grams'));
  if (grams.success) return t('feedDevice.feedNow', { device, grams: grams.data });
  return '';
}

function deviceName(v: Map<string, unknown>, t: TFunction): string {
  const collector = v.get('collector');
  const feeder = v.get('feeder');
  return typeof collector === 'string' && typeof feeder === 'string'
    ? t('feedDevice.feeder', { collector, feeder })
    : t('feedDevice.device', { id: String(v.get('deviceId') ?? '') });
}

/**
 * A feeder's ration in words (the option log, group feeding: a re-dispatch after a meal
 * adjustment): which feeder, its grams per head by day of the stage and its meal periods.
 */
export function rationText(value: unknown, t: TFunction): string {
  const r = rationCopy.safeParse(value);
  if (!r.success || typeof value !== 'object' || value === null) return '';
  const stages = r.data.stages.map((s) => t('feedDevice.rationStage', { from: s.startDay, to: s.endDay, grams: s.grams })).join(', ');
  const meals = r.data.meals
    .map((m) => t('feedDevice.rationMeal', { start: minuteText(m.start), end: minuteText(m.end), share: m.share }))
    .join(', ');
  return t('feedDevice.ration', { device: deviceName(new Map(Object.entries(value)), t), stages, meals });
}

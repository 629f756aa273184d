import type { TFunction } from 'i18next';
import { feederParamsPayload, feedNowGrams, serialPayload } from '@farmsense/shared';
import { formatDateTime } from '../../../app/i18n/numbers';

/**
 * A feeding device's remote action in words (the option log, group feedDevice; shared
 * feeding/remote-endpoints.ts): which device, and the parameters, bus settings, clock or amount
 * it was sent. An unrecognised value reads as nothing.
 */
export function feedDeviceText(value: unknown, t: TFunction): string {
  if (typeof value !== 'object' || value === null) return '';
  const v = new Map(Object.entries(value));
  const collector = v.get('collector');
  const feeder = v.get('feeder');
  const device =
    typeof collector === 'string' && typeof feeder === 'string'
      ? t('feedDevice.feeder', { collector, feeder })
      : t('feedDevice.device', { id: String(v.get('deviceId') ?? '') });
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

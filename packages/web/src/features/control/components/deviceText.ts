import type { TFunction } from 'i18next';
import { devicePayload, deviceKindOf, BINARY_DEVICE_KINDS, keyUnit } from '@farmsense/shared';

/** A device's name: "Fan 3". */
export function deviceName(key: string, t: TFunction): string {
  const kind = deviceKindOf(key);
  return kind ? t(`device.kinds.${kind}`, { n: Number(key.split('.')[1]) }) : key;
}

/** A hand value: on/off, or a percentage. */
export function deviceValue(key: string, value: number | null, t: TFunction): string {
  if (value === null) return t('device.automatic');
  const kind = deviceKindOf(key);
  if (kind && BINARY_DEVICE_KINDS.includes(kind)) return value > 0 ? t('device.on') : t('device.off');
  return `${value} %`;
}

/** A live value: as a hand value, except a lighting zone, whose sensor reads lux. */
export function deviceLive(key: string, value: number, t: TFunction): string {
  return deviceKindOf(key) === 'light' ? `${value} ${keyUnit(key)}` : deviceValue(key, value, t);
}

/** A hand command in words (the option log). */
export function deviceText(value: unknown, t: TFunction): string {
  const p = devicePayload.safeParse(value);
  if (!p.success) return '';
  const device = deviceName(p.data.key, t);
  if (p.data.value === null) return t('device.autoSummary', { device });
  return t('device.summary', { device, value: deviceValue(p.data.key, p.data.value, t), minutes: p.data.returnMinutes });
}

import { describe, expect, it } from 'vitest';
import { formatOffset, timeZoneOptions, zoneLongName, zoneOffsetMinutes } from './timeZones';

describe('farm time zones', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it('reads the offset in force at a moment', () => {
    expect(zoneOffsetMinutes('Asia/Shanghai', winter)).toBe(480);
    expect(zoneOffsetMinutes('Asia/Kolkata', winter)).toBe(330);
    expect(zoneOffsetMinutes('UTC', winter)).toBe(0);
    expect(zoneOffsetMinutes('Europe/Moscow', summer)).toBe(180);
    expect(zoneOffsetMinutes('America/New_York', winter)).toBe(-300);
    expect(zoneOffsetMinutes('America/New_York', summer)).toBe(-240);
  });

  it('writes offsets as UTC±hh:mm', () => {
    expect(formatOffset(480)).toBe('UTC+08:00');
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(formatOffset(-300)).toBe('UTC-05:00');
    expect(formatOffset(0)).toBe('UTC+00:00');
  });

  it('lists every zone west to east with its offset, UTC included', () => {
    const list = timeZoneOptions(winter);
    expect(list.length).toBeGreaterThan(300);
    expect(list.find((o) => o.value === 'Asia/Bangkok')?.label).toBe('(UTC+07:00) Asia/Bangkok');
    expect(list.some((o) => o.value === 'UTC')).toBe(true);
    for (let i = 1; i < list.length; i++) expect(list[i]!.offset).toBeGreaterThanOrEqual(list[i - 1]!.offset);
  });

  it('names a zone in the console language', () => {
    expect(zoneLongName('Asia/Shanghai', 'en-us', winter)).toBe('China Standard Time');
    expect(zoneLongName('Asia/Shanghai', 'zh-cn', winter)).toBe('中国标准时间');
  });
});

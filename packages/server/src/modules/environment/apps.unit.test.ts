import { describe, expect, it } from 'vitest';
import { appByCode } from '@farmsense/shared';
import { compareKeys } from './latest.js';
import {
  COMMU_OFF_APPS,
  CONNECT_APPS,
  DETAIL_APPS,
  MONITOR_APPS,
  RECORD_APPS,
  recordAppsFor,
  RUN_STATS_APPS,
  TREND_APPS,
  trendAppsFor,
} from './apps.js';
import { mergeStats, resolveRange } from './trend.js';

describe('environment scope and helpers', () => {
  it('names only application codes of the catalogue', () => {
    for (const code of [
      ...MONITOR_APPS,
      ...DETAIL_APPS,
      ...CONNECT_APPS,
      ...TREND_APPS,
      ...RECORD_APPS,
      ...COMMU_OFF_APPS,
      ...RUN_STATS_APPS,
    ]) {
      expect(appByCode(code), code).toBeDefined();
    }
    expect(trendAppsFor('h2s')).not.toContain('pig.env1.h2s.mor');
    expect(trendAppsFor('wind')).toContain('pig.env1.wind.mor');
    // /pig/env1/stats reads the trend statistics of the pig kinds.
    expect(trendAppsFor('wind')).toContain('pig.env1.stats');
    expect(trendAppsFor('h2s')).not.toContain('pig.env1.stats');
    expect(recordAppsFor('co2')).toEqual(['ci18.envrecords.co2', 'pig.env1.co2.rec']);
  });

  it('orders value keys by kind, then by channel number', () => {
    const keys = ['fan.2', 'temp.10', 'elec.1', 'temp.2', 'outTemp.1', 'rh.1', 'zz.1', 'fan.10', 'temp.1'];
    expect([...keys].sort(compareKeys)).toEqual(['temp.1', 'temp.2', 'temp.10', 'outTemp.1', 'rh.1', 'fan.2', 'fan.10', 'elec.1', 'zz.1']);
  });

  it('resolves presets and refuses reversed ranges', () => {
    const now = Date.UTC(2026, 10, 21, 6, 30);
    expect(resolveRange({ preset: '3h' }, 'Asia/Shanghai', now)).toEqual({ from: now - 3 * 3_600_000, to: now });
    expect(resolveRange({ preset: '15d' }, 'UTC', now).from).toBe(now - 15 * 86_400_000);
    // 06:30 UTC is 14:30 in Shanghai: the farm's day began at 16:00 UTC the day before.
    expect(resolveRange({ preset: 'latestDay' }, 'Asia/Shanghai', now)).toEqual({ from: Date.UTC(2026, 10, 20, 16), to: now });
    expect(() => resolveRange({ startTime: new Date(now), endTime: new Date(now) }, 'UTC', now)).toThrow(
      expect.objectContaining({ code: 20027 }),
    );
  });

  it('merges bucket statistics with count weights', () => {
    expect(mergeStats([{ min: 1, max: 3, avg: 2, count: 2 }, null, { min: 0, max: 10, avg: 5, count: 8 }])).toEqual({
      min: 0,
      max: 10,
      avg: 4.4,
      count: 10,
    });
    expect(mergeStats([null, { min: 1, max: 1, avg: 1, count: 0 }])).toBeNull();
  });
});

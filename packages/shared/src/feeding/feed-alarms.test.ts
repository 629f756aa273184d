import { describe, expect, it } from 'vitest';
import {
  feedAlarmText,
  feederFaultKey,
  feederFaultOf,
  FEEDER_STATE,
  minuteInWindow,
  notEatenKey,
  parseFeedAlarmKey,
  siloGapKey,
} from './feed-alarms.js';

describe('feed alarm rules', () => {
  it('names the three fault states and no other', () => {
    expect([3, 4, 5].map(feederFaultOf)).toEqual(['blockedAuger', 'emptyHopper', 'motorFault']);
    expect([FEEDER_STATE.idle, FEEDER_STATE.feeding, FEEDER_STATE.notEating, 6, -1].map(feederFaultOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads back the keys it writes', () => {
    expect(parseFeedAlarmKey(notEatenKey(12, '2026-11-27'))).toEqual({ feederId: 12, day: '2026-11-27' });
    expect(parseFeedAlarmKey(feederFaultKey(7))).toEqual({ feederId: 7, day: null });
    expect(parseFeedAlarmKey(siloGapKey('2026-11-26'))).toEqual({ feederId: null, day: '2026-11-26' });
    expect(parseFeedAlarmKey('temp.1')).toEqual({ feederId: null, day: null });
    expect(parseFeedAlarmKey('feeder.0')).toEqual({ feederId: null, day: null });
  });

  it('sees a minute once in consecutive windows, across midnight too', () => {
    expect(minuteInWindow(360, 360, 15)).toBe(true);
    expect(minuteInWindow(360, 374, 15)).toBe(true);
    expect(minuteInWindow(360, 375, 15)).toBe(false);
    expect(minuteInWindow(360, 359, 15)).toBe(false);
    expect(minuteInWindow(1435, 5, 15)).toBe(true);
    expect(minuteInWindow(1435, 1434, 15)).toBe(false);
    const hits = [0, 15, 30, 45, 60].filter((now) => minuteInWindow(40, now, 15));
    expect(hits).toEqual([45]);
  });

  it('words each kind with the values of its key', () => {
    expect(feedAlarmText('notEaten', notEatenKey(3, '2026-11-27'), 0)).toEqual({ key: 'feed.notEaten', vars: { day: '2026-11-27' } });
    expect(feedAlarmText('feederFault', feederFaultKey(3), 4)).toEqual({ key: 'feed.fault.emptyHopper', vars: {} });
    expect(feedAlarmText('feederFault', feederFaultKey(3), 9)).toEqual({ key: 'feed.fault.other', vars: {} });
    expect(feedAlarmText('siloGap', siloGapKey('2026-11-26'), -7.5)).toEqual({
      key: 'feed.siloGap',
      vars: { day: '2026-11-26', gap: -7.5 },
    });
  });
});

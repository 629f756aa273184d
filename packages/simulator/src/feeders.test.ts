import { describe, expect, it } from 'vitest';
import { feederFaultOn } from './feeder-faults.js';
import { FEEDER_STATE, FeedConcentratorModel } from './feeders.js';

const DAY = 86_400_000;
/** Local midnight (UTC+8) of a fixed day, and minutes after it. */
const MIDNIGHT = Date.UTC(2026, 10, 20) - 8 * 3_600_000;
const at = (minute: number, days = 0) => MIDNIGHT + days * DAY + minute * 60_000;

const feeders = Array.from({ length: 40 }, (_, i) => ({ collector: '01', feeder: String(i + 1).padStart(3, '0') }));
/** A concentrator whose feeders never fail unless `faultChance` says otherwise. */
const model = (refuseChance?: number, faultChance = 0) =>
  new FeedConcentratorModel({
    code: 'fs-feedtest',
    seed: 7,
    utcOffsetMinutes: 480,
    feeders,
    faultChance,
    ...(refuseChance !== undefined ? { refuseChance } : {}),
  });

const ration = (i: number, version = 1) => ({
  version,
  feederId: 100 + i,
  collector: '01',
  feeder: String(i + 1).padStart(3, '0'),
  planId: 9,
  // One stage for the whole plan: every sow is planned 5 kg today whatever her day.
  stages: [{ startDay: 1, endDay: 28, grams: 5000 }],
  meals: [
    { start: 360, end: 420, share: 30 },
    { start: 600, end: 660, share: 20 },
    { start: 840, end: 900, share: 20 },
    { start: 1080, end: 1140, share: 30 },
  ],
});

describe('feeder concentrator', () => {
  it('acknowledges a ration with its version and refuses an unknown feeder or malformed params', () => {
    const m = model();
    expect(m.obey({ id: 'a', op: 'setRation', params: ration(0, 4) }, at(0))).toEqual({
      id: 'a',
      ok: true,
      msg: 'ok',
      data: { version: 4, feederId: 100 },
    });
    expect(m.obey({ id: 'b', op: 'setRation', params: { ...ration(0), feeder: '999' } }, at(0)).msg).toBe('unknownFeeder');
    expect(m.obey({ id: 'c', op: 'setRation', params: { ...ration(0), meals: [] } }, at(0)).msg).toBe('badParams');
    expect(m.obey({ id: 'd', op: 'spin', params: {} }, at(0)).msg).toBe('unknownOp');
  });

  it('reports nothing for a feeder without a ration, and planned, dispensed and state keys for one with', () => {
    const m = model(0);
    expect(m.step(30, at(300)).values).toEqual({});
    m.obey({ id: 'a', op: 'setRation', params: ration(0) }, at(0));
    expect(m.step(30, at(300)).values).toEqual({ 'feederRation.100': 5000, 'feederFeed.100': 0, 'feederState.100': FEEDER_STATE.idle });
    const mid = m.step(30, at(390)).values;
    expect(mid['feederState.100']).toBe(FEEDER_STATE.feeding);
    // Half of the first meal (30 % of 5 kg) with its spread.
    expect(mid['feederFeed.100']).toBeGreaterThan(650);
    expect(mid['feederFeed.100']).toBeLessThan(850);
  });

  it('dispenses the day ration within a small spread, with an occasional sow that does not eat', () => {
    const m = model();
    feeders.forEach((_, i) => m.obey({ id: `r${i}`, op: 'setRation', params: ration(i) }, at(0)));
    let eaten = 0;
    let refused = 0;
    for (let day = 0; day < 10; day++) {
      const v = m.step(30, at(1439, day)).values;
      for (let i = 0; i < feeders.length; i++) {
        const fed = v[`feederFeed.${100 + i}`]!;
        if (v[`feederState.${100 + i}`] === FEEDER_STATE.notEating) {
          refused++;
          expect(fed).toBe(400);
        } else {
          eaten++;
          expect(Math.abs(fed - 5000)).toBeLessThanOrEqual(5000 * 0.08);
        }
      }
    }
    // 3 % of 400 sow-days is about 12; a refusal is rare but does happen.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(40);
    expect(eaten + refused).toBe(400);
  });

  it('starts each day from zero and reports the same figures after a restart', () => {
    const a = model();
    const b = model();
    a.obey({ id: 'a', op: 'setRation', params: ration(3) }, at(0));
    b.remember({ collector: '01', feeder: '004' }, { ...ration(3) }, at(0));
    expect(a.step(30, at(700, 2)).values).toEqual(b.step(30, at(700, 2)).values);
    expect(a.step(30, at(5, 3)).values['feederFeed.103']).toBe(0);
  });
});

describe('feeder concentrator remote actions', () => {
  const address = { collector: '01', feeder: '002' };
  const params = {
    brightness: 60,
    lockSeconds: 120,
    touchLock: true,
    baitWeight: 180,
    tempLow: 4,
    tempHigh: 33,
    intervalMinutes: 20,
    amountPerFeed: 250,
  };

  it('sets a feeders parameters and refuses values the platform would refuse', () => {
    const m = model(0);
    const ok = m.obey({ id: 'p1', op: 'setFeederParams', params: { version: 3, deviceId: 501, ...address, ...params } }, at(0));
    expect(ok).toEqual({ id: 'p1', ok: true, msg: 'ok', data: { version: 3, deviceId: 501 } });
    expect(m.paramsOf(address)).toEqual(params);
    const bad = m.obey(
      { id: 'p2', op: 'setFeederParams', params: { version: 4, deviceId: 501, ...address, ...params, tempLow: 40 } },
      at(0),
    );
    expect(bad.msg).toBe('badParams');
    expect(m.paramsOf(address)).toEqual(params);
    expect(
      m.obey({ id: 'p3', op: 'setFeederParams', params: { version: 5, deviceId: 501, collector: '09', feeder: '001', ...params } }, at(0))
        .msg,
    ).toBe('unknownFeeder');
  });

  it('drops a feed-now amount once and reports it in the days dispensed figure', () => {
    const m = model(0);
    const cmd = { id: 'f1', op: 'feedNow', params: { version: 1, deviceId: 502, ...address, grams: 400 } };
    expect(m.obey(cmd, at(100))).toEqual({ id: 'f1', ok: true, msg: 'ok', data: { version: 1, deviceId: 502, grams: 400 } });
    expect(m.step(30, at(101)).values).toEqual({ 'feederFeed.502': 400 });
    // The same command received again (re-sent on reconnect) drops nothing more.
    expect(m.obey(cmd, at(102)).ok).toBe(true);
    expect(m.step(30, at(103)).values).toEqual({ 'feederFeed.502': 400 });
    m.obey({ id: 'f2', op: 'feedNow', params: { version: 2, deviceId: 502, ...address, grams: 100 } }, at(104));
    expect(m.step(30, at(105)).values['feederFeed.502']).toBe(500);
    // The next local day starts from nothing.
    expect(m.step(30, at(100, 1)).values).toEqual({});
    expect(m.obey({ id: 'f3', op: 'feedNow', params: { version: 3, deviceId: 502, ...address, grams: 5 } }, at(106)).msg).toBe('badParams');
  });

  it('adds a feed-now to a feeder on a ration', () => {
    const m = model(0);
    m.obey({ id: 'a', op: 'setRation', params: ration(1) }, at(0));
    const before = m.step(30, at(300)).values['feederFeed.101']!;
    m.obey({ id: 'n', op: 'feedNow', params: { version: 1, deviceId: 101, ...address, grams: 300 } }, at(300));
    expect(m.step(30, at(300)).values['feederFeed.101']).toBe(before + 300);
  });

  it('syncs its clock and takes serial settings', () => {
    const m = model(0);
    const ack = m.obey({ id: 't', op: 'syncTime', params: { version: 1, deviceId: 7, time: at(0) + 5000 } }, at(0));
    expect(ack).toEqual({ id: 't', ok: true, msg: 'ok', data: { version: 1, deviceId: 7, offsetMs: 5000 } });
    const serial = { baudRate: 19200, dataBits: 8, stopBits: 1, parity: 'even' };
    expect(m.obey({ id: 's', op: 'setSerial', params: { version: 2, deviceId: 7, ...serial } }, at(0)).ok).toBe(true);
    expect(m.serial).toEqual(serial);
    expect(m.obey({ id: 's2', op: 'setSerial', params: { version: 3, deviceId: 7, ...serial, baudRate: 1234 } }, at(0)).msg).toBe(
      'badParams',
    );
  });
});

describe('feeder faults', () => {
  const FAULTS = [FEEDER_STATE.blockedAuger, FEEDER_STATE.emptyHopper, FEEDER_STATE.motorFault] as number[];

  it('befall a few feeders a day, each inside one day, for minutes to hours, with each kind', () => {
    const windows = [];
    for (let day = 0; day < 100; day++)
      for (let id = 1; id <= 24; id++) {
        const w = feederFaultOn(7, 'fs-feedtest', id, day, 0.08);
        if (w) windows.push(w);
      }
    // 8 % of 2,400 feeder-days is about 190: some 2 a day on a house of 24 feeders.
    expect(windows.length).toBeGreaterThan(140);
    expect(windows.length).toBeLessThan(240);
    expect(new Set(windows.map((w) => w.state))).toEqual(new Set(FAULTS));
    for (const w of windows) {
      expect(w.start).toBeGreaterThanOrEqual(0);
      expect(w.end).toBeLessThanOrEqual(1440);
      expect(w.end - w.start).toBeGreaterThanOrEqual(20);
      expect(w.end - w.start).toBeLessThanOrEqual(240);
    }
    expect(feederFaultOn(7, 'fs-feedtest', 1, 0, 0)).toBeNull();
    // The same seed, feeder and day: the same fault after a restart.
    expect(feederFaultOn(7, 'fs-feedtest', 5, 3, 0.5)).toEqual(feederFaultOn(7, 'fs-feedtest', 5, 3, 0.5));
  });

  it('reports the fault state while it lasts, drops nothing meanwhile, and works again after', () => {
    const m = model(0, 0.08);
    feeders.forEach((_, i) => m.obey({ id: `r${i}`, op: 'setRation', params: ration(i) }, at(0)));
    // The first fault of the fleet that falls on a meal, so the feed stops while it lasts.
    let found: { id: number; day: number; start: number; end: number; state: number } | null = null;
    for (let day = 0; day < 30 && !found; day++)
      for (let i = 0; i < feeders.length && !found; i++) {
        const w = m.faultOf(100 + i, at(0, day));
        if (w && w.start >= 370 && w.start < 400 && w.end > w.start + 5) found = { id: 100 + i, day, ...w };
      }
    expect(found).not.toBeNull();
    const { id, day, start, end, state } = found!;
    const v = (minute: number) => m.step(30, at(minute, day)).values;
    expect(v(start - 1)[`feederState.${id}`]).toBe(FEEDER_STATE.feeding);
    const during = v(start + 1);
    expect(during[`feederState.${id}`]).toBe(state);
    expect(FAULTS).toContain(during[`feederState.${id}`]);
    // Nothing falls while the feeder is down (to the 10 g the feeder reports in).
    expect(Math.abs(v(end - 1)[`feederFeed.${id}`]! - during[`feederFeed.${id}`]!)).toBeLessThanOrEqual(10);
    const after = v(end)[`feederState.${id}`]!;
    expect(after).toBeLessThan(3);
    // The meal's minutes lost to the fault are not made up: the day ends short of the plan.
    const lost = (Math.min(end, 420) - start) / 60;
    expect(v(1439)[`feederFeed.${id}`]!).toBeLessThan(5000 * (1 - 0.3 * lost) + 5000 * 0.08);
    // The next day without a fault, it feeds the whole ration.
    const next = m.step(30, at(1439, day + 1)).values;
    if (!m.faultOf(id, at(0, day + 1))) expect(next[`feederFeed.${id}`]).toBeGreaterThan(5000 * 0.9);
  });
});

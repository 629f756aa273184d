import { describe, expect, it } from 'vitest';
import { parseTelemetry, parseTopic } from './payload.js';
import { parseStatus } from './router.js';
import { monthsOf } from './store.js';

describe('telemetry payload parsing', () => {
  const now = Date.UTC(2026, 5, 1);

  it('accepts CONTRACT §4 payloads and keeps unknown keys', () => {
    const r = parseTelemetry(JSON.stringify({ ts: now - 1_000, seq: 3, values: { 'temp.1': 21.5, 'newThing.2': 1, 'rh.1': 0 } }), now);
    expect(r).toEqual({
      ok: true,
      telemetry: { ts: now - 1_000, seq: 3, keys: ['temp.1', 'newThing.2', 'rh.1'], values: [21.5, 1, 0], badValues: 0 },
    });
  });

  it('drops single bad values and counts them', () => {
    const r = parseTelemetry(
      JSON.stringify({ ts: now, values: { 'temp.1': 'hot', 'rh.1': null, 'co2.1': 800, 'bad key': 1, '': 2 } }),
      now,
    );
    expect(r.ok && r.telemetry.keys).toEqual(['co2.1']);
    expect(r.ok && r.telemetry.badValues).toBe(4);
  });

  it.each([
    ['not json', '{"ts":', 'not-json'],
    ['an array', '[1,2]', 'not-object'],
    ['ts missing', '{"values":{}}', 'bad-ts'],
    ['ts in seconds', JSON.stringify({ ts: now / 1000, values: {} }), 'bad-ts'],
    ['ts two days ahead', JSON.stringify({ ts: now + 2 * 86_400_000, values: {} }), 'bad-ts'],
    ['values not an object', JSON.stringify({ ts: now, values: [1] }), 'bad-values'],
    ['too large', JSON.stringify({ ts: now, values: { 'temp.1': 1 }, pad: 'x'.repeat(70_000) }), 'too-large'],
  ])('refuses %s', (_name, payload, reason) => {
    expect(parseTelemetry(payload, now)).toEqual({ ok: false, reason });
  });

  it('rounds ts to whole milliseconds so a redelivery maps to the same row', () => {
    const r = parseTelemetry(JSON.stringify({ ts: now + 0.6, values: { 'temp.1': 1 } }), now);
    expect(r.ok && r.telemetry.ts).toBe(now + 1);
  });

  it('splits device topics and status payloads', () => {
    expect(parseTopic('fs/fs-demo01/telemetry')).toEqual({ code: 'fs-demo01', channel: 'telemetry' });
    expect(parseTopic('fs/fs-demo01/a/b')).toBeNull();
    expect(parseTopic('other/x/telemetry')).toBeNull();
    expect(parseStatus('online')).toBe('online');
    expect(parseStatus('"offline"')).toBe('offline');
    expect(parseStatus('maybe')).toBeNull();
  });

  it('lists the months a batch touches', () => {
    expect([...monthsOf([Date.UTC(2026, 0, 31, 23), Date.UTC(2026, 1, 1), Date.UTC(2026, 1, 2)])]).toEqual([2026 * 12, 2026 * 12 + 1]);
  });
});

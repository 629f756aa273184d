import { describe, expect, it } from 'vitest';
import { quietLog, type Log } from '../lib/log.js';
import { CommittedFanout, type CommittedBatch } from './committed.js';
import type { DeviceInfo } from './devices.js';
import { committedBatch, type StoredMessage } from './ingest.js';
import { readingId } from './store.js';

const device = (id: number): DeviceInfo => ({
  id,
  code: `fs-u${id}`,
  tenantId: 1,
  farmId: 1,
  shedId: 1,
  checkCode: 'x',
  enabled: true,
  timeZone: 'UTC',
});
const msg = (id: number, ts: number, values: Record<string, number>): StoredMessage => ({ device: device(id), ts, values });
const batch = (n: number, readings = 1): CommittedBatch => ({ messages: [msg(1, n, { 'temp.1': n })], readings });
const tick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('committed batches: only what was inserted', () => {
  it('passes every message when every row was new', () => {
    const messages = [msg(1, 1000, { 'temp.1': 20, 'rh.1': 60 }), msg(2, 1000, { 'temp.1': 21 })];
    const b = committedBatch(messages, null);
    expect(b.messages).toBe(messages);
    expect(b.readings).toBe(3);
  });

  it('keeps the new values of each message, drops all-duplicate messages, and hands a reading that came twice once', () => {
    const messages = [
      msg(1, 1000, { 'temp.1': 20, 'rh.1': 60 }), // rh.1 was stored before (a redelivery)
      msg(2, 1000, { 'temp.1': 21 }), // entirely a redelivery
      msg(1, 2000, { 'temp.1': 22 }),
      msg(1, 2000, { 'temp.1': 22 }), // the same reading twice in one batch
    ];
    const inserted = new Set([readingId(1, 'temp.1', 1000), readingId(1, 'temp.1', 2000)]);
    const b = committedBatch(messages, inserted);
    expect(b.messages).toEqual([msg(1, 1000, { 'temp.1': 20 }), msg(1, 2000, { 'temp.1': 22 })]);
    expect(b.readings).toBe(2);
    expect(committedBatch([msg(3, 5, { a: 1 })], new Set()).messages).toEqual([]);
  });
});

describe('committed fan-out to subscribers', () => {
  it('delivers in commit order, one call at a time per subscriber, never in the publisher call; what queued meanwhile comes as one batch', async () => {
    const fanout = new CommittedFanout(quietLog);
    const calls: number[][] = [];
    let running = 0;
    let most = 0;
    fanout.subscribe('test.order', async (b) => {
      running++;
      most = Math.max(most, running);
      calls.push(b.messages.map((m) => m.ts));
      await tick(2);
      running--;
    });
    for (let i = 1; i <= 5; i++) fanout.publish(batch(i));
    expect(calls).toEqual([]);
    await fanout.drain(1_000);
    // All five queued before the first call: one call, in commit order.
    expect(calls).toEqual([[1, 2, 3, 4, 5]]);
    fanout.publish(batch(6));
    await tick();
    for (let i = 7; i <= 9; i++) fanout.publish(batch(i));
    await fanout.drain(1_000);
    expect(calls.slice(1)).toEqual([[6], [7, 8, 9]]);
    expect(most).toBe(1);
    expect(fanout.stats()).toEqual([{ name: 'test.order', queuedReadings: 0, deliveredBatches: 3, failedBatches: 0, droppedReadings: 0 }]);
  });

  it('merges queued batches only up to the bound of readings', async () => {
    const fanout = new CommittedFanout(quietLog);
    const calls: number[][] = [];
    fanout.subscribe('test.bound', (b) => void calls.push(b.messages.map((m) => m.ts)), { mergeReadings: 25 });
    for (let i = 1; i <= 6; i++) fanout.publish(batch(i, 10));
    await fanout.drain(1_000);
    expect(calls).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('isolates a failing subscriber and a stuck one: the others get every batch; the stuck one drops its oldest beyond its bound', async () => {
    const warned: string[] = [];
    const log: Log = { ...quietLog, warn: (_o, m) => warned.push(m ?? '') };
    const fanout = new CommittedFanout(log);
    const good: number[] = [];
    fanout.subscribe('test.good', (b) => void good.push(b.messages[0]!.ts));
    fanout.subscribe('test.failing', (b) => {
      if (b.messages[0]!.ts % 2 === 0) throw new Error('evaluation broke');
    });
    const stuck: number[] = [];
    let release: () => void = () => undefined;
    fanout.subscribe(
      'test.stuck',
      async (b) => {
        stuck.push(b.messages[0]!.ts);
        if (stuck.length === 1) await new Promise<void>((r) => (release = r));
      },
      { maxQueuedReadings: 30 },
    );
    for (let i = 1; i <= 10; i++) {
      fanout.publish(batch(i, 10));
      await tick();
    }
    expect(good).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const s = Object.fromEntries(fanout.stats().map((x) => [x.name, x]));
    expect(s['test.failing']).toMatchObject({ deliveredBatches: 5, failedBatches: 5 });
    // Batch 1 is in the handler; of 2..10 only the newest three (30 readings) wait.
    expect(s['test.stuck']).toMatchObject({ queuedReadings: 30, droppedReadings: 60 });
    release();
    await fanout.drain(1_000);
    // What waited comes as one batch after the stuck call.
    expect(stuck).toEqual([1, 8]);
    expect(warned).toEqual(
      expect.arrayContaining(['ingest subscriber failed on a batch', 'ingest subscriber falls behind: oldest readings dropped for it']),
    );
  });

  it('refuses a second subscriber of one name, and forgets one that unsubscribed', async () => {
    const fanout = new CommittedFanout(quietLog);
    const seen: number[] = [];
    const off = fanout.subscribe('test.once', (b) => void seen.push(b.readings));
    expect(() => fanout.subscribe('test.once', () => undefined)).toThrow(/twice/);
    fanout.publish(batch(1));
    await fanout.drain(100);
    off();
    fanout.publish(batch(2));
    await fanout.drain(100);
    expect(seen).toEqual([1]);
    expect(fanout.size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { backoffDelay, defineJob } from './define.js';

describe('job definitions', () => {
  const run = async (): Promise<void> => undefined;

  it('spaces retries exponentially up to the cap, or evenly with factor 1', () => {
    const exp = { baseMs: 1_000, factor: 2, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(exp, n))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    const even = { baseMs: 240_000, factor: 1, maxMs: 240_000 };
    expect([1, 2, 9].map((n) => backoffDelay(even, n))).toEqual([240_000, 240_000, 240_000]);
  });

  it('fills defaults and refuses bad names and options', () => {
    const d = defineJob('alarms.push', run);
    expect(d).toMatchObject({ name: 'alarms.push', attempts: 5, timeoutMs: 60_000, backoff: { baseMs: 10_000, factor: 2 } });
    expect(defineJob('feeding.dispatch-slot', run, { backoff: { baseMs: 5, maxMs: 5 } }).backoff).toEqual({
      baseMs: 5,
      factor: 2,
      maxMs: 5,
    });
    for (const name of ['Alarms.push', 'alarms push', '', '.x', 'x.', 'a..b']) expect(() => defineJob(name, run)).toThrow(/name/);
    expect(() => defineJob('a.b', run, { attempts: 0 })).toThrow(/attempts/);
    expect(() => defineJob('a.b', run, { attempts: 1.5 })).toThrow(/attempts/);
    expect(() => defineJob('a.b', run, { backoff: { baseMs: 10, factor: 0.5 } })).toThrow(/backoff/);
    expect(() => defineJob('a.b', run, { backoff: { baseMs: 10, maxMs: 5 } })).toThrow(/backoff/);
    expect(() => defineJob('a.b', run, { timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

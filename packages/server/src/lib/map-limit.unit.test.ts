import { describe, expect, it } from 'vitest';
import { mapLimit } from './map-limit.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mapLimit', () => {
  it('answers in the order of the items however the calls finish', async () => {
    const out = await mapLimit([30, 5, 20, 1, 10], 3, async (ms, i) => {
      await tick(ms);
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10']);
  });

  it('never has more than the limit under way, and does use the limit', async () => {
    let running = 0;
    let most = 0;
    await mapLimit(
      Array.from({ length: 20 }, (_, i) => i),
      4,
      async (i) => {
        running++;
        most = Math.max(most, running);
        await tick(1 + (i % 3));
        running--;
      },
    );
    expect(most).toBe(4);
    expect(running).toBe(0);
  });

  it('starts nothing after a failure, lets the started calls finish, then throws the first failure', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = mapLimit([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      await tick(i === 1 ? 1 : 15);
      if (i === 1) throw new Error('house 1 failed');
      finished.push(i);
      return i;
    });
    await expect(run).rejects.toThrow('house 1 failed');
    // 0 and 1 start; 1 fails first; 0 is let finish; 2 to 5 never start.
    expect(started).toEqual([0, 1]);
    expect(finished).toEqual([0]);
  });

  it('answers an empty list at once', async () => {
    expect(await mapLimit([], 8, async () => 1)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { inTurns } from './turns.js';

describe('inTurns', () => {
  it('handles every item in order and lets a waiting callback run between turns', async () => {
    const seen: string[] = [];
    const items = Array.from({ length: 10 }, (_, i) => i);
    // A callback queued before the work starts, as an HTTP request waiting on its socket.
    setImmediate(() => seen.push('other'));
    await inTurns(items, (i) => seen.push(String(i)), 4);
    expect(seen.filter((s) => s !== 'other')).toEqual(items.map(String));
    const at = seen.indexOf('other');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(seen.length - 1);
  });

  it('runs the continuations of a turn before the next turn', async () => {
    const seen: string[] = [];
    await inTurns(
      [1, 2, 3],
      (i) => {
        seen.push(`call ${i}`);
        void Promise.resolve().then(() => seen.push(`then ${i}`));
      },
      2,
    );
    expect(seen).toEqual(['call 1', 'call 2', 'then 1', 'then 2', 'call 3', 'then 3']);
  });

  it('does nothing for no items', async () => {
    let n = 0;
    await inTurns([], () => n++);
    expect(n).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestContext } from '../test/harness.js';
import { WriteMemo } from './write-memo.js';

describe(`WriteMemo (${TEST_DB})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('reads once for callers that come together, keeps it until a drop, and reads again after ttlMs', async () => {
    const memo = new WriteMemo<number>(ctx.deps.sessions, 200);
    let reads = 0;
    const load = async (): Promise<number> => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 20));
      return reads;
    };
    const together = await Promise.all(Array.from({ length: 10 }, () => memo.get('k', load)));
    expect(together).toEqual(Array(10).fill(1));
    expect(await memo.get('k', load)).toBe(1);
    expect(await memo.get('other', load)).toBe(2);
    ctx.deps.sessions.drop();
    expect(await memo.get('k', load)).toBe(3);
    await new Promise((r) => setTimeout(r, 250));
    expect(await memo.get('k', load)).toBe(4);
    expect(reads).toBe(4);
  });

  it('does not keep a read that a drop overtook', async () => {
    const memo = new WriteMemo<string>(ctx.deps.sessions);
    const slow = memo.get('k', async () => {
      ctx.deps.sessions.drop(); // a write lands while this is being read
      return 'before';
    });
    expect(await slow).toBe('before');
    expect(await memo.get('k', async () => 'after')).toBe('after');
  });

  it('answers several keys with one read of the missing ones, and keeps what the read answered', async () => {
    const memo = new WriteMemo<string>(ctx.deps.sessions);
    const asked: string[][] = [];
    const load = async (missing: string[]): Promise<Map<string, string>> => {
      asked.push(missing);
      return new Map(missing.filter((k) => k !== 'none').map((k) => [k, `${k}${asked.length}`]));
    };
    expect(Object.fromEntries(await memo.getMany(['a', 'b', 'none'], load))).toEqual({ a: 'a1', b: 'b1' });
    expect(Object.fromEntries(await memo.getMany(['a', 'c', 'none'], load))).toEqual({ a: 'a1', c: 'c2' });
    expect(asked).toEqual([
      ['a', 'b', 'none'],
      ['c', 'none'],
    ]);
    expect(await memo.getMany(['b', 'c'], load)).toHaveProperty('size', 2);
    expect(asked).toHaveLength(2);
    ctx.deps.sessions.drop();
    expect((await memo.getMany(['b'], load)).get('b')).toBe('b3');
  });
});

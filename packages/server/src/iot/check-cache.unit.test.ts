import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { CheckCodeCache } from './check-cache.js';

describe('check codes verified at CONNECT', () => {
  it('runs argon2id once per gateway and code, and again for another code or a new stored hash', async () => {
    let verified = 0;
    const cache = new CheckCodeCache(async (stored, plain) => {
      verified++;
      return verifyPassword(stored, plain);
    });
    const stored = await hashPassword('secret-1');
    expect(await cache.check(1, stored, 'secret-1')).toBe(true);
    expect(await cache.check(1, stored, 'secret-1')).toBe(true);
    expect(await cache.check(1, stored, 'secret-1')).toBe(true);
    expect(verified).toBe(1);
    // A wrong code is verified every time and never remembered.
    expect(await cache.check(1, stored, 'guess')).toBe(false);
    expect(await cache.check(1, stored, 'guess')).toBe(false);
    expect(verified).toBe(3);
    // Another gateway with the same code is its own entry.
    expect(await cache.check(2, stored, 'secret-1')).toBe(true);
    expect(verified).toBe(4);
    // Re-keyed: the old code no longer passes, the new one is verified once.
    const rekeyed = await hashPassword('secret-2');
    expect(await cache.check(1, rekeyed, 'secret-1')).toBe(false);
    expect(await cache.check(1, rekeyed, 'secret-2')).toBe(true);
    expect(await cache.check(1, rekeyed, 'secret-2')).toBe(true);
    expect(verified).toBe(6);
    cache.forget(1);
    expect(await cache.check(1, rekeyed, 'secret-2')).toBe(true);
    expect(verified).toBe(7);
  });

  it('verifies one at a time, and a gateway connecting twice at once once', async () => {
    let running = 0;
    let most = 0;
    let verified = 0;
    const cache = new CheckCodeCache(async (_stored, plain) => {
      running++;
      verified++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return plain === 'ok';
    });
    const results = await Promise.all([1, 2, 3, 4, 1, 1].map((id) => cache.check(id, 'stored', 'ok')));
    expect(results.every(Boolean)).toBe(true);
    expect(most).toBe(1);
    expect(verified).toBe(4);
  });
});

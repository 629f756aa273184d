import { describe, expect, it } from 'vitest';
import { byPriority, parseEmailList, phoneConfigAddBody, repeatedPriority } from './push-schemas.js';

describe('push schemas', () => {
  it('reads a semicolon list of e-mails (ASCII or full-width), blanks ignored, duplicates once, lower case', () => {
    expect(parseEmailList(' a@x.cn; B@Y.cn ；a@x.cn;; ')).toEqual({ emails: ['a@x.cn', 'b@y.cn'] });
    expect(parseEmailList('')).toEqual({ emails: [] });
    expect(parseEmailList('a@x.cn;nobody;c@x.cn')).toEqual({ bad: 1 });
    expect(parseEmailList('a@x.cn,b@x.cn')).toEqual({ bad: 0 });
  });

  it('finds a repeated priority and orders the highest first (SPEC §5)', () => {
    expect(repeatedPriority([{ priority: 1 }, { priority: 3 }, { priority: 1 }])).toBe(2);
    expect(repeatedPriority([{ priority: 1 }, { priority: 2 }])).toBe(-1);
    expect(byPriority([{ priority: 1 }, { priority: 9 }, { priority: 5 }]).map((c) => c.priority)).toEqual([9, 5, 1]);
  });

  it('needs 1 caller and 2 callees', () => {
    const c = (priority: number) => ({ name: 'A', number: '+86 139 0000 0000', priority });
    const base = { farmId: 1, templateContent: 'x', language: 'vi', intervalMinutes: 5 };
    expect(phoneConfigAddBody.safeParse({ ...base, callers: [c(1)], callees: [c(1), c(2)] }).success).toBe(true);
    const one = phoneConfigAddBody.safeParse({ ...base, callers: [c(1)], callees: [c(1)] });
    expect(one.error?.issues.map((i) => i.message)).toEqual(['validation.calleesMin']);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bodyId,
  countParam,
  idParam,
  isFreeText,
  isPlainText,
  optionalFreeText,
  optionalText,
  pageQuery,
  plainString,
  requiredText,
} from './schemas/common.js';
import { doLoginBody } from './schemas/auth.js';
import { farmAddBody } from './schemas/farms.js';

/** The building blocks of strict input (issue 16): refused, never coerced. */
const issuesOf = (s: z.ZodType, v: unknown): string[] => {
  const r = s.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('strict text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['BEL', 'a\u0007'],
    ['ESC', '\u001b[2J'],
    ['DEL', 'a\u007f'],
    ['C1', 'a\u0085'],
    ['lone high surrogate', 'a\uD800'],
    ['lone low surrogate', '\uDC00b'],
    ['reversed pair', '\uDC00\uD800'],
  ])('refuses %s in every kind of text', (_, v) => {
    expect(isPlainText(v)).toBe(false);
    expect(isFreeText(v)).toBe(false);
    for (const s of [requiredText(), optionalText(), optionalFreeText(), plainString()]) {
      expect(issuesOf(s, v)).toContain('validation.invalidCharacters');
    }
  });

  it('takes tabs and line breaks only in free text, and keeps emoji and CJK', () => {
    expect(issuesOf(requiredText(), 'a\tb')).toContain('validation.invalidCharacters');
    expect(issuesOf(optionalText(), 'line\nbreak')).toContain('validation.invalidCharacters');
    expect(optionalFreeText(200).parse('line\nbreak\tand tab')).toBe('line\nbreak\tand tab');
    expect(requiredText().parse('猪舍 🐖 Ферма')).toBe('猪舍 🐖 Ферма');
  });

  it('refuses text over 50 characters unless a field states more', () => {
    expect(issuesOf(requiredText(), 'x'.repeat(51))).toEqual(['validation.maxLength']);
    expect(requiredText().parse('x'.repeat(50))).toHaveLength(50);
    expect(issuesOf(plainString(), 'x'.repeat(51))).toEqual(['validation.maxLength']);
    expect(optionalFreeText(200).parse('x'.repeat(200))).toHaveLength(200);
  });
});

describe('strict ids and counts', () => {
  it.each([[true], [false], [[[1]]], [[1]], ['1'], [null], [{}], [1.5], [0], [-5], [2 ** 31]])('a body id refuses %j', (v) => {
    expect(bodyId.safeParse(v).success).toBe(false);
  });

  it.each([['true'], ['-5'], ['lots'], ['1e3'], ['0x10'], ['1.5'], [' 5'], ['05'], [''], [true], [['5']], [[[1]]], ['2147483648']])(
    'a path or query id refuses %j',
    (v) => {
      expect(idParam.safeParse(v).success).toBe(false);
    },
  );

  it('reads canonical digits in paths and query strings', () => {
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.parse(42)).toBe(42);
    expect(countParam(0).parse('0')).toBe(0);
    expect(countParam(0).safeParse('-5').success).toBe(false);
    expect(countParam(0).safeParse('lots').success).toBe(false);
    expect(pageQuery.parse({ pageNo: '2', pageSize: '10' })).toEqual({ pageNo: 2, pageSize: 10 });
  });
});

describe('strict objects', () => {
  it('refuses an unknown field by name instead of dropping it', () => {
    const r = doLoginBody.safeParse({ username: 'demo', password: 'x', admin: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['admin'] });
    expect(pageQuery.safeParse({ pageNo: '1', sort: 'x' }).success).toBe(false);
  });

  it('keeps strictness through extend', () => {
    const r = farmAddBody.safeParse({
      farmName: 'F',
      type: 1,
      personInCharge: 'P',
      areaCode: '+86',
      phone: '13900000000',
      timeZone: 'Asia/Shanghai',
      timeZoneName: 'China',
      createTime: 1,
    });
    expect(r.error?.issues.map((i) => i.code)).toEqual(['unrecognized_keys']);
  });
});

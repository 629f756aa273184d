import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { LOCALES } from './constants.js';
import { RESOURCES } from './i18n/index.js';
import { changePasswordForm, loginForm, safeCodeForm, updateCurrentBody } from './schemas/auth.js';

/** The message zod reports for one field, or undefined when the field passes. */
function messageFor(schema: ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('login and account schemas (SPEC §5)', () => {
  it('requires username, password and verification code', () => {
    const empty = { username: '', password: '', captchaCode: '' };
    for (const field of ['username', 'password', 'captchaCode']) {
      expect(messageFor(loginForm, empty, field)).toBe('validation.required');
    }
    // Spaces only count as empty, and a missing field is reported the same way.
    expect(messageFor(loginForm, { username: '   ', password: 'x', captchaCode: 'a' }, 'username')).toBe('validation.required');
    expect(messageFor(loginForm, {}, 'password')).toBe('validation.required');
  });

  it('limits inputs to 50 characters', () => {
    const long = 'a'.repeat(51);
    expect(messageFor(loginForm, { username: long, password: 'x', captchaCode: 'a' }, 'username')).toBe('validation.maxLength');
    expect(loginForm.safeParse({ username: 'a'.repeat(50), password: 'x', captchaCode: 'a' }).success).toBe(true);
  });

  it('requires the password confirmation to match', () => {
    const value = { oldPassword: 'old-pass1', newPassword: 'new-pass1', confirmPassword: 'new-pass2' };
    expect(messageFor(changePasswordForm, value, 'confirmPassword')).toBe('validation.passwordsDiffer');
    expect(changePasswordForm.safeParse({ ...value, confirmPassword: 'new-pass1' }).success).toBe(true);
  });

  it('requires the safe code confirmation to match, and the old code only when one exists', () => {
    const value = { newPassword: '123456', confirmPassword: '654321' };
    expect(messageFor(safeCodeForm(false), value, 'confirmPassword')).toBe('validation.codesDiffer');
    expect(safeCodeForm(false).safeParse({ ...value, confirmPassword: '123456' }).success).toBe(true);
    expect(messageFor(safeCodeForm(true), { ...value, confirmPassword: '123456' }, 'oldPassword')).toBe('validation.required');
  });

  it('requires the phone number and checks the e-mail format when editing an account', () => {
    expect(messageFor(updateCurrentBody, {}, 'phoneNo')).toBe('validation.required');
    expect(messageFor(updateCurrentBody, { phoneNo: '' }, 'phoneNo')).toBe('validation.required');
    expect(messageFor(updateCurrentBody, { phoneNo: '13800138000', email: 'not-an-email' }, 'email')).toBe('validation.email');
    expect(updateCurrentBody.safeParse({ phoneNo: '13800138000', email: 'farmer@example.com' }).success).toBe(true);
    // An empty e-mail is allowed: it is optional.
    expect(updateCurrentBody.safeParse({ phoneNo: '13800138000', email: '' }).success).toBe(true);
  });
});

/** Source files of a folder (recursive), tests left out. */
function sourcesOf(relative: string): string[] {
  const dir = fileURLToPath(new URL(relative, import.meta.url));
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** Keys written as string literals ('validation.x'), so property access such as `err.validation.map` is not one. */
function keysIn(sources: string[]): string[] {
  const keys = sources.flatMap((src) => [...src.matchAll(/['"`]validation\.([A-Za-z0-9]+)/g)].map((m) => m[1]!));
  return [...new Set(keys)].sort();
}

describe('validation messages', () => {
  // The shared schemas, plus the server, which sends its own keys in 400 answers (e.g. 'validation.invalid').
  const used = keysIn([...sourcesOf('./schemas/'), ...sourcesOf('../../server/src/')]);

  it('finds the keys the schemas use', () => {
    expect(used).toEqual(expect.arrayContaining(['required', 'maxLength', 'passwordsDiffer', 'invalid']));
  });

  it.each(LOCALES)('every key used by the schemas has a text in %s', (locale) => {
    const catalogue = RESOURCES[locale].validation;
    // A counted text has its plural forms instead (`<key>_other` in every language).
    expect(used.filter((k) => typeof catalogue[k] !== 'string' && typeof catalogue[`${k}_other`] !== 'string')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.js';
import { ALL_ERROR_CODES, AppError, ErrorCodes, errorKey } from './errors.js';
import { RESOURCES, translate } from './i18n/index.js';

describe('error catalogue', () => {
  it('gives every code a message in every locale', () => {
    const missing: string[] = [];
    for (const locale of LOCALES) {
      for (const code of ALL_ERROR_CODES) {
        const key = errorKey(code);
        const text = translate(locale, key);
        if (text === key || text.trim() === '') missing.push(`${locale} ${code}`);
        // Not only via the English fallback: each locale carries its own text.
        if (typeof RESOURCES[locale].errors[String(code)] !== 'string') missing.push(`${locale} ${code} (own)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has no message for a code outside the catalogue', () => {
    const known = new Set(ALL_ERROR_CODES.map(String));
    const extra = Object.keys(RESOURCES['en-us'].errors).filter((k) => k !== 'client' && !known.has(k));
    expect(extra).toEqual([]);
  });

  it('uses each number once', () => {
    const numbers = Object.values(ErrorCodes);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(ALL_ERROR_CODES.length).toBe(numbers.length);
  });

  it('keeps the messages SPEC §8 fixes', () => {
    expect(translate('en-us', errorKey(ErrorCodes.FAILED))).toBe('Operation failed');
    expect(translate('en-us', errorKey(ErrorCodes.SERVICE_ERROR))).toBe('Service error');
    expect(translate('zh-cn', errorKey(ErrorCodes.FAILED))).toBe('操作失败');
  });

  it('has the client-side messages in every locale', () => {
    for (const locale of LOCALES) {
      for (const k of ['serviceUnreachable', 'operationError', 'operationFailed', 'loginAgain', 'loginOnLoginPage', 'timeout']) {
        expect(translate(locale, `errors.client.${k}`)).not.toBe(`errors.client.${k}`);
      }
    }
  });

  it('errorKey points into the errors namespace', () => {
    expect(errorKey(20001)).toBe('errors.20001');
  });
});

describe('AppError', () => {
  it('carries code and data, with HTTP 200 by default', () => {
    const err = new AppError(ErrorCodes.TOO_MANY_ATTEMPTS, { data: { retryAfterSeconds: 60 } });
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(21004);
    expect(err.data).toEqual({ retryAfterSeconds: 60 });
    expect(err.httpStatus).toBe(200);
  });

  it('defaults data to null and keeps an explicit status and detail', () => {
    const err = new AppError(ErrorCodes.TOKEN_INVALID, { httpStatus: 401, detail: 'no session' });
    expect(err.data).toBeNull();
    expect(err.httpStatus).toBe(401);
    expect(err.message).toBe('no session');
    expect(new AppError(0).message).toBe('error 0');
  });
});

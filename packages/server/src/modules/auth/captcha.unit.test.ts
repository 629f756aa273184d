import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, captchaImage, captchaMatches, hashCaptchaAnswer, randomCaptchaText } from './captcha.js';

describe('captcha', () => {
  it('draws from an alphabet without look-alike characters', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01OoIiLl]/);
    for (let i = 0; i < 200; i += 1) {
      const t = randomCaptchaText();
      expect(t).toHaveLength(CAPTCHA_LENGTH);
      expect([...t].every((c) => CAPTCHA_ALPHABET.includes(c))).toBe(true);
    }
  });

  it('hashes the trimmed lower-case answer with SHA-256', () => {
    expect(hashCaptchaAnswer('AbC7')).toBe(hashCaptchaAnswer(' abc7 '));
    // sha256("abc7")
    expect(hashCaptchaAnswer('ABC7')).toBe('53dd02b72c4e7463b448e5374abedc168dcd200ad7e1221fe92d440c545859c6');
    expect(hashCaptchaAnswer('x')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches answers case-insensitively and refuses others', () => {
    const stored = hashCaptchaAnswer('K7PQ');
    expect(captchaMatches(stored, 'k7pq')).toBe(true);
    expect(captchaMatches(stored, 'K7PR')).toBe(false);
    expect(captchaMatches(stored, '')).toBe(false);
    expect(captchaMatches('not-hex', 'K7PQ')).toBe(false);
  });

  it('renders an SVG data URL', () => {
    const img = captchaImage('AB23');
    expect(img.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(img.slice(img.indexOf(',') + 1), 'base64').toString()).toMatch(/^<svg[^>]+width="120"/);
  });
});

describe('CAPTCHA_TEST_CODE', () => {
  it('is off unless set, and must be 4 to 8 letters or digits', () => {
    expect(loadConfig({}).captchaTestCode).toBeUndefined();
    expect(loadConfig({ CAPTCHA_TEST_CODE: 'Ab12' }).captchaTestCode).toBe('Ab12');
    for (const bad of ['abc', 'abcdefghi', 'ab-12']) {
      expect(() => loadConfig({ CAPTCHA_TEST_CODE: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ CAPTCHA_TEST_CODE: bad })).toThrow(/CAPTCHA_TEST_CODE/);
    }
  });
});

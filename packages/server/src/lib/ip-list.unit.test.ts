import { describe, expect, it } from 'vitest';
import { AppError, ErrorCodes } from '@farmsense/shared';
import { normalizeIp, parseIpList } from './ip-list.js';

const codeOf = (fn: () => unknown): number | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : -1;
  }
};

describe('parseIpList', () => {
  it('accepts IPv4, IPv6 and CIDR entries and matches addresses by value', () => {
    const l = parseIpList(' 10.0.0.1, 192.168.1.0/24 ,2001:db8::/32, ::1 ');
    expect(l.text).toBe('10.0.0.1,192.168.1.0/24,2001:db8::/32,::1');
    expect(l.has('10.0.0.1')).toBe(true);
    expect(l.has('10.0.0.2')).toBe(false);
    expect(l.has('192.168.1.77')).toBe(true);
    expect(l.has('192.168.2.1')).toBe(false);
    expect(l.has('2001:db8:ffff::5')).toBe(true);
    expect(l.has('2001:db9::1')).toBe(false);
    expect(l.has('0:0:0:0:0:0:0:1')).toBe(true);
    expect(l.has('::ffff:10.0.0.1')).toBe(true);
    expect(l.has('not-an-ip')).toBe(false);
  });

  it.each(['10.0.0', '10.0.0.256', 'abc', '10.0.0.1/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', ',', ''])(
    'refuses %j with 200324',
    (text) => {
      expect(codeOf(() => parseIpList(text))).toBe(ErrorCodes.INVALID_IP);
    },
  );

  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('::1')).toBe('::1');
  });
});

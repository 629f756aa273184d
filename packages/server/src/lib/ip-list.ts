import { BlockList, isIP } from 'node:net';
import { AppError, ErrorCodes } from '@farmsense/shared';

/**
 * Allowed caller addresses of an API authorization: comma-separated IPv4 or IPv6 addresses or
 * CIDR ranges. Parsed with node's BlockList, which compares addresses by value (so `::1` and
 * `0:0::1` are one address) and handles prefixes of both families.
 */
export interface IpList {
  /** Normalized text, entries separated by a comma. */
  text: string;
  has(ip: string): boolean;
}

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is the IPv4 address it carries. */
export function normalizeIp(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

function familyOf(ip: string): 'ipv4' | 'ipv6' | null {
  const v = isIP(ip);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
}

/** Parses the list; any malformed entry is refused with 200324 (invalid IP). */
export function parseIpList(text: string): IpList {
  const list = new BlockList();
  const entries: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [addr = '', prefix, extra] = entry.split('/');
    const family = familyOf(addr);
    if (!family || extra !== undefined) throw new AppError(ErrorCodes.INVALID_IP, { data: { entry } });
    if (prefix === undefined) {
      list.addAddress(addr, family);
    } else {
      const max = family === 'ipv4' ? 32 : 128;
      if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) throw new AppError(ErrorCodes.INVALID_IP, { data: { entry } });
      list.addSubnet(addr, Number(prefix), family);
    }
    entries.push(entry);
  }
  if (entries.length === 0) throw new AppError(ErrorCodes.INVALID_IP, { data: { entry: text } });
  return {
    text: entries.join(','),
    has(ip: string): boolean {
      const addr = normalizeIp(ip);
      const family = familyOf(addr);
      return family !== null && list.check(addr, family);
    },
  };
}

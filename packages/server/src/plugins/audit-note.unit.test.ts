import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { audit, isSecretField } from './audit-note.js';

describe('audit.changes: what an edit changed', () => {
  it('lists only the fields whose value differs, with before and after', () => {
    const before = { shedName: 'House 3', shedNum: 3, areaNum: 1, note: null as string | null };
    const after = { shedName: 'House 3', shedNum: 4, areaNum: 1, note: 'new' };
    expect(audit.changes(before, after)).toEqual([
      { field: 'shedNum', before: 3, after: 4 },
      { field: 'note', before: null, after: 'new' },
    ]);
  });

  it('compares only the fields named, and skips fields absent from the edit', () => {
    const before = { a: 1, b: 2, c: 3 };
    expect(audit.changes(before, { a: 5, b: 6 }, ['b', 'c'])).toEqual([{ field: 'b', before: 2, after: 6 }]);
    expect(audit.changes(before, { a: undefined, b: 2 })).toEqual([]);
  });

  it('keeps dates as ISO strings, lists as lists, and treats equal ones as unchanged', () => {
    const d = new Date('2026-01-02T03:04:05Z');
    expect(audit.changes({ at: d, ids: [1, 2] }, { at: new Date(d), ids: [1, 2] })).toEqual([]);
    expect(audit.changes({ at: d, ids: [1, 2] }, { at: new Date(0), ids: [2] })).toEqual([
      { field: 'at', before: '2026-01-02T03:04:05.000Z', after: '1970-01-01T00:00:00.000Z' },
      { field: 'ids', before: [1, 2], after: [2] },
    ]);
  });

  it('never records a secret, even when a caller names it', () => {
    for (const f of ['password', 'passwordHash', 'checkCode', 'safeCode', 'token', 'tokenHash', 'apiSecret', 'pwd']) {
      expect(isSecretField(f)).toBe(true);
    }
    for (const f of ['shedName', 'accountCode', 'phoneNo', 'farmName', 'type']) expect(isSecretField(f)).toBe(false);
    const before = { accountName: 'Li', passwordHash: 'old', checkCode: 'a', safeCode: '1', token: 't' };
    const after = { accountName: 'Li Wei', passwordHash: 'new', checkCode: 'b', safeCode: '2', token: 'u' };
    expect(audit.changes(before, after, ['accountName', 'passwordHash', 'checkCode', 'safeCode', 'token'])).toEqual([
      { field: 'accountName', before: 'Li', after: 'Li Wei' },
    ]);
    // A note built by hand is filtered too.
    const req = {} as FastifyRequest;
    audit.edit(req, 'account', 'li.wei', [
      { field: 'password', before: 'x', after: 'y' },
      { field: 'name', before: 'a', after: 'b' },
    ]);
    expect(req.auditNote).toEqual({ op: 'edit', kind: 'account', name: 'li.wei', changes: [{ field: 'name', before: 'a', after: 'b' }] });
  });

  it('notes adds and deletes by kind and name; without a request nothing happens', () => {
    const req = {} as FastifyRequest;
    audit.delete(req, 'farm', 'North');
    expect(req.auditNote).toEqual({ op: 'delete', kind: 'farm', name: 'North' });
    expect(() => audit.add(null, 'shed', 'x')).not.toThrow();
  });
});

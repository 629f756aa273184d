import type { FastifyRequest } from 'fastify';
import { AUDIT_SECRET_FIELD, type AuditChange, type AuditEvent, type AuditKind, type AuditNote, type AuditValue } from '@farmsense/shared';

/**
 * The one audit helper every module uses to say what a write did. A service calls
 * `audit.edit(scope.req, 'shed', name, audit.changes(before, after, fields))` (or `audit.add`,
 * `audit.delete`) after its write; the audit plugin (audit.ts) stores the note as the entry's
 * detail when the answer is a success. Fields named like secrets (AUDIT_SECRET_FIELD: passwords,
 * check codes, safe codes, tokens) are never recorded, whatever list a caller passes.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** What the write did, in codes and values (written by the audit plugin on success). */
    auditNote?: AuditNote;
  }
}

export const isSecretField = (field: string): boolean => AUDIT_SECRET_FIELD.test(field);

/** A value as the log keeps it: dates as ISO strings, absent as null, lists of plain values. */
function plain(v: unknown): AuditValue {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map((x) => plain(x)).map((x) => (Array.isArray(x) ? JSON.stringify(x) : x)) as AuditValue;
  return JSON.stringify(v);
}

const same = (a: AuditValue, b: AuditValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose value differs between `before` and `after`, with both values; unchanged fields
 * and secrets are left out. `fields` defaults to every key of `after`; a field absent from `after`
 * (not part of the edit) is not compared.
 */
function changes<T extends object>(before: T, after: Partial<T>, fields?: readonly (keyof T & string)[]): AuditChange[] {
  const names = fields ?? (Object.keys(after) as (keyof T & string)[]);
  const out: AuditChange[] = [];
  for (const field of names) {
    if (isSecretField(field) || !(field in after) || after[field] === undefined) continue;
    const b = plain(before[field]);
    const a = plain(after[field]);
    if (!same(b, a)) out.push({ field, before: b, after: a });
  }
  return out;
}

function note(req: FastifyRequest | null, n: AuditNote): void {
  if (!req) return;
  req.auditNote = n.changes ? { ...n, changes: n.changes.filter((c) => !isSecretField(c.field)) } : n;
}

export const audit = {
  changes,
  add: (req: FastifyRequest | null, kind: AuditKind, name: string | null): void => note(req, { op: 'add', kind, name }),
  /** `events`: what happened without a value to show (a password reset). */
  edit: (req: FastifyRequest | null, kind: AuditKind, name: string | null, changed: AuditChange[], events: AuditEvent[] = []): void =>
    note(req, { op: 'edit', kind, name, changes: changed, ...(events.length > 0 ? { events } : {}) }),
  delete: (req: FastifyRequest | null, kind: AuditKind, name: string | null): void => note(req, { op: 'delete', kind, name }),
  /** Settings sent to devices (remote control): `changed` names the group, from the old value to the new. */
  apply: (req: FastifyRequest | null, kind: AuditKind, name: string | null, changed: AuditChange[]): void =>
    note(req, { op: 'apply', kind, name, changes: changed }),
};

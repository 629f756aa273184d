import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCodes } from '@farmsense/shared';
import type { Db } from '../db/client.js';
import { writeAudit } from '../plugins/audit.js';

/**
 * Every refusal of the access scope goes through here and is logged the same way: outcome
 * `denied`, the code answered, and what was asked for (`{ refused: kind, id }` or the functions
 * needed). "Not found" and "not yours" are one refusal with one code, so the log, like the answer,
 * does not tell another tenant's object from a missing one.
 *
 * The entry is written when the answer is sent (plugins/audit.ts reads `req.refusal`), not here:
 * a refusal inside a transaction must not wait for a second connection the transaction holds.
 */
export interface Refusal {
  code: number;
  detail: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The scope's refusal of this request, logged once the answer is decided. */
    refusal: Refusal | null;
  }
}

/** Records the refusal on the request (if any) and returns the error to throw. */
export function refusal(req: FastifyRequest | null, code: number, detail: Record<string, unknown>): AppError {
  if (req && !req.refusal) req.refusal = { code, detail };
  return code === ErrorCodes.NO_PERMISSION ? new AppError(code, { httpStatus: 403 }) : new AppError(code);
}

/** 10009 (HTTP 403): the account lacks a function, or may not change the object as a whole. */
export function forbidden(req: FastifyRequest | null, detail: Record<string, unknown> = {}): AppError {
  return refusal(req, ErrorCodes.NO_PERMISSION, detail);
}

/** 10009 unless the account holds one of `needed`; the guard and handlers with a finer check use it. */
export function requireFunction(req: FastifyRequest | null, codes: ReadonlySet<string>, needed: readonly string[]): void {
  if (!needed.some((c) => codes.has(c))) throw forbidden(req, { needed: [...needed] });
}

/** Writes the request's refusal to the audit log now (the guard, which answers before any handler). */
export async function logRefusal(db: Db, req: FastifyRequest): Promise<void> {
  if (!req.refusal || req.audited) return;
  await writeAudit(db, req, { outcome: 'denied', code: req.refusal.code, detail: req.refusal.detail });
}

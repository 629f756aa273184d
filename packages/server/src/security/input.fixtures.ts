import { afterAll, beforeAll } from 'vitest';
import { ErrorCodes } from '@farmsense/shared';
import { dataTables, type TableInfo } from './data.js';
import type { Answer } from './requests.js';
import { routeActors, securityWorld, type Actor, type RouteInfo, type SecurityWorld } from './world.js';

/**
 * The bench of the input tests (malformed and strict input at every route): the security world,
 * the data tables whose row counts must not move, and who may call each route. Made before the
 * file's tests and closed after them; the answer reads it once `beforeAll` ran.
 */
export interface InputBench {
  w: SecurityWorld;
  tables: TableInfo[];
  actorFor: (r: RouteInfo) => Actor | null;
}

export function inputBench(): () => InputBench {
  let b: InputBench | undefined;
  let w: SecurityWorld | undefined;
  beforeAll(async () => {
    w = await securityWorld();
    b = { w, tables: await dataTables(w.ctx.database), actorFor: await routeActors(w) };
  });
  afterAll(async () => {
    await w?.ctx.close();
  });
  return () => {
    if (!b) throw new Error('the input bench is made in beforeAll');
    return b;
  };
}

/** What is wrong with an answer to bad input whatever the route: a server error, no coded envelope, or acceptance; else null. */
export function envelopeFault(a: Answer): string | null {
  if (a.status >= 500 || a.code === ErrorCodes.SERVICE_ERROR) return `server error (HTTP ${a.status}, code ${String(a.code)})`;
  if (!a.contentType.includes('json') || typeof a.code !== 'number') return `no coded envelope (HTTP ${a.status}, ${a.contentType})`;
  if (a.code === ErrorCodes.SUCCESS) return 'accepted';
  return null;
}

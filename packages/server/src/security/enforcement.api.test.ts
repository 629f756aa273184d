import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@farmsense/shared';
import { TEST_DB } from '../test/harness.js';
import {
  DOCS_PREFIX,
  HANDLER_GUARDED_ROUTES,
  PUBLIC_ROUTES,
  REFUSAL_CODES,
  SESSION_ONLY_ROUTES,
  UNSATISFIABLE_ROUTES,
} from './allow-lists.js';
import { changed, dataTables, fingerprint, type Scope, type TableInfo } from './data.js';
import { routeCodes, securityWorld, type Actor, type Markers, type RouteInfo, type SecurityWorld } from './world.js';
import { buildRequest, leaks, send, tokenOf, type Answer } from './requests.js';

/**
 * The enforcement matrix (issue 3, "Enforcement"), built from the OpenAPI document so a route added
 * tomorrow is covered without touching this file. Every operation but the public ones is called
 * (a) without a token, (b) as another tenant's administrator with the demo tenant's ids, (c) as a
 * demo account whose role holds one unrelated code, (d) as a demo account with every function but
 * only the poultry farm, with the pig farm's ids. Refusals must be coded and logged; answers that
 * are not refusals must carry nothing of the data the caller may not see, and change none of it.
 */
interface Outcome {
  route: RouteInfo;
  answer: Answer;
}

describe(`enforcement matrix from the OpenAPI document (${TEST_DB})`, () => {
  let w: SecurityWorld;
  let tables: TableInfo[];
  let matrix: RouteInfo[];
  const successes: { actor: Actor; route: RouteInfo }[] = [];
  /** Writes refused with 10009, by the guard or by a handler. */
  const deniedWrites: { actor: Actor; route: RouteInfo }[] = [];

  beforeAll(async () => {
    w = await securityWorld();
    tables = await dataTables(w.ctx.database);
    matrix = w.routes.filter((r) => !PUBLIC_ROUTES.has(r.key));
  });
  afterAll(async () => {
    await w?.ctx.close();
  });

  /** Calls every matrix route as `actor` and returns what went wrong (empty: all good). */
  async function sweep(actor: Actor | null, judge: (o: Outcome) => string | null, guard?: { scope: Scope }): Promise<string[]> {
    const failures: string[] = [];
    for (const route of matrix) {
      const req = buildRequest(w, route);
      const before = guard ? await fingerprint(w.ctx.database, tables, guard.scope) : null;
      const token = actor ? await tokenOf(w, actor) : null;
      let answer: Answer;
      try {
        answer = await send(w.ctx, token, req);
      } catch (err) {
        failures.push(`${route.key}: ${(err as Error).message}`);
        continue;
      }
      const head = `${route.key} -> HTTP ${answer.status} code ${answer.code}`;
      // SECURITY_TRACE=1 prints every call of the matrix with its answer, to read a failure in context.
      if (process.env.SECURITY_TRACE)
        console.log(`[${actor?.code ?? 'anonymous'}] ${head} ${JSON.stringify(req.payload ?? null)} ${req.url}`);
      if (answer.status >= 500 || answer.code === ErrorCodes.SERVICE_ERROR) failures.push(`${head}: server error`);
      if (answer.contentType.includes('json') && typeof answer.code !== 'number') failures.push(`${head}: no coded envelope`);
      const write = route.method !== 'GET' && !route.config.readOnly;
      if (actor && write && answer.code === ErrorCodes.NO_PERMISSION) deniedWrites.push({ actor, route });
      const verdict = judge({ route, answer });
      if (verdict) failures.push(`${head}: ${verdict}`);
      if (guard) {
        const touched = changed(before!, await fingerprint(w.ctx.database, tables, guard.scope));
        if (touched.length > 0) failures.push(`${head}: changed rows it may not touch in ${touched.join(', ')}`);
        if (answer.code === ErrorCodes.SUCCESS && actor) successes.push({ actor, route });
      }
    }
    return failures;
  }

  /** (b) and (d): a refusal code, or an answer with none of the markers. */
  const refusedOrClean =
    (markers: Markers) =>
    ({ answer }: Outcome): string | null => {
      if (answer.code !== undefined && REFUSAL_CODES.has(answer.code)) return null;
      const found = leaks(answer.content, markers);
      return found.length > 0 ? `answered with ${found.join(', ')}` : null;
    };

  it('every registered /api route is documented and either public, session-only, handler-guarded or declares its application', () => {
    const failures: string[] = [];
    const documented = new Set(w.routes.map((r) => r.key));
    const lists: [string, Iterable<string>][] = [
      ['PUBLIC_ROUTES', PUBLIC_ROUTES],
      ['SESSION_ONLY_ROUTES', SESSION_ONLY_ROUTES],
      ['HANDLER_GUARDED_ROUTES', HANDLER_GUARDED_ROUTES.keys()],
      ['UNSATISFIABLE_ROUTES', UNSATISFIABLE_ROUTES.keys()],
    ];
    for (const [name, keys] of lists)
      for (const k of keys) if (!documented.has(k)) failures.push(`${name} names ${k}, which is not a route`);
    for (const r of w.registered) {
      if (r.pattern.startsWith(DOCS_PREFIX)) continue;
      // A hidden route would escape the whole matrix.
      if (!documented.has(r.key)) failures.push(`${r.key} is registered but missing from the OpenAPI document`);
      const isPublic = r.config.public === true;
      if (isPublic && !PUBLIC_ROUTES.has(r.key) && !HANDLER_GUARDED_ROUTES.has(r.key))
        failures.push(`${r.key} is public but not allow-listed`);
      if (!isPublic && PUBLIC_ROUTES.has(r.key)) failures.push(`${r.key} is in PUBLIC_ROUTES but needs a session`);
      const declares = routeCodes(r.config).length > 0;
      const listed = PUBLIC_ROUTES.has(r.key) || SESSION_ONLY_ROUTES.has(r.key) || HANDLER_GUARDED_ROUTES.has(r.key);
      if (!declares && !listed) failures.push(`${r.key} declares no config.app and is in no allow-list: add its permission check`);
      if (declares && listed) failures.push(`${r.key} declares config.app but is also allow-listed: drop it from the list`);
    }
    expect(failures).toEqual([]);
    expect(w.routes.length).toBeGreaterThan(60);
  });

  it("builds, from the document alone, a request each route's own schema accepts", () => {
    const failures: string[] = [];
    for (const route of w.routes) {
      const { problems } = buildRequest(w, route);
      if (problems.length > 0 && !UNSATISFIABLE_ROUTES.has(route.key)) failures.push(`${route.key}: ${problems.join('; ')}`);
      if (problems.length === 0 && UNSATISFIABLE_ROUTES.has(route.key))
        failures.push(`${route.key} is satisfiable now: drop it from UNSATISFIABLE_ROUTES`);
    }
    expect(failures).toEqual([]);
  });

  it('(a) without a token every route answers HTTP 401 with 10002', async () => {
    const failures = await sweep(null, ({ answer }) =>
      answer.status === 401 && answer.code === ErrorCodes.TOKEN_INVALID ? null : 'expected HTTP 401 and 10002',
    );
    expect(failures).toEqual([]);
  });

  it('(c) an account without the function gets 10009 from every route that serves an application, each refusal logged as denied', async () => {
    const expectRefusal = (r: RouteInfo): boolean => routeCodes(r.config).length > 0 || HANDLER_GUARDED_ROUTES.has(r.key);
    const failures = await sweep(w.actors.noFunction, ({ route, answer }) => {
      if (!expectRefusal(route)) return null;
      return answer.code === ErrorCodes.NO_PERMISSION ? null : 'expected 10009';
    });
    expect(failures).toEqual([]);
    const rows = await w.ctx.database.query<{ method: string; action: string }>(
      `SELECT method, action FROM audit_log WHERE account_id = $1 AND outcome = 'denied' AND code = $2`,
      [w.actors.noFunction.id, ErrorCodes.NO_PERMISSION],
    );
    const logged = new Set(rows.map((r) => `${r.method} ${r.action}`));
    // The guard logs every refusal it makes; handler-guarded reads are not audited (reads never are).
    const missing = matrix
      .filter((r) => routeCodes(r.config).length > 0)
      .filter((r) => !logged.has(`${r.method} ${r.pattern}`))
      .map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it("(b) another tenant's administrator with the demo tenant's ids is refused or sees and changes nothing of it", async () => {
    const failures = await sweep(w.actors.outsider, refusedOrClean(w.tenantMarkers), {
      scope: { kind: 'tenant', tenantId: w.demo.tenant },
    });
    expect(failures).toEqual([]);
  });

  it('(d) an account with every function but not the pig farm is refused or sees and changes nothing of that farm', async () => {
    const failures = await sweep(w.actors.otherFarm, refusedOrClean(w.pigFarmMarkers), { scope: { kind: 'farm', farmId: w.demo.pigFarm } });
    expect(failures).toEqual([]);
  });

  /** The calls of `done` with no audit row of that outcome and code, as "account route". */
  const unaudited = async (done: { actor: Actor; route: RouteInfo }[], outcome: 'ok' | 'denied', code: number): Promise<string[]> => {
    const missing: string[] = [];
    for (const { actor, route } of done) {
      const rows = await w.ctx.database.query(
        `SELECT 1 FROM audit_log WHERE account_id = $1 AND method = $2 AND action = $3 AND outcome = $4 AND code = $5`,
        [actor.id, route.method, route.pattern, outcome, code],
      );
      if (rows.length === 0) missing.push(`${actor.code} ${route.key}`);
    }
    return missing;
  };

  it('every write refused with 10009, by the guard or by a handler, is in the audit log as denied', async () => {
    expect(deniedWrites.length).toBeGreaterThan(0);
    expect(await unaudited(deniedWrites, 'denied', ErrorCodes.NO_PERMISSION)).toEqual([]);
  });

  it('the successful writes of (b) and (d) are in the audit log with outcome ok', async () => {
    const writes = successes.filter(({ route }) => route.method !== 'GET' && !route.config.readOnly);
    expect(writes.length).toBeGreaterThanOrEqual(3);
    expect(await unaudited(writes, 'ok', ErrorCodes.SUCCESS)).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_DB } from '../test/harness.js';
import { changed, rowCounts } from './data.js';
import { malformedBodies } from './malformed.js';
import { envelopeFault, inputBench } from './input.fixtures.js';
import { buildRequest, send, tokenOf } from './requests.js';

/**
 * Property-based fuzzing of every write route with a JSON body (issue 3, "Enforcement"): as an
 * account that may call the route (the demo administrator, or the platform operator for the back
 * office), a fixed-seed batch of bodies that break the route's published schema. Each answer must
 * be a coded envelope refusing the input, never a 500 or 99998, and the batch must leave the row
 * count of every table as it was (logs, sessions and telemetry aside). Path parameters of every
 * route get the same treatment with junk ids.
 */
const RUNS = 15;
const SEED = 20_240_607;

describe(`malformed input to every write route (${TEST_DB})`, () => {
  const bench = inputBench();

  it(`refuses ${RUNS} malformed bodies per write route with a coded error and writes nothing`, async () => {
    const { w, tables, actorFor } = bench();
    const routes = w.routes.filter((r) => r.method !== 'GET' && r.bodySchema);
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const [i, route] of routes.entries()) {
      const actor = actorFor(route);
      if (!actor) {
        failures.push(`${route.key}: neither the demo administrator nor the platform operator may call it`);
        continue;
      }
      const base = buildRequest(w, route);
      const token = await tokenOf(w, actor);
      const before = await rowCounts(w.ctx.database, tables);
      // The route's own validator must agree that each body is invalid; one that slips through is
      // reported (the document promises more than the server checks).
      const lenient: unknown[] = [];
      try {
        await fc.assert(
          fc.asyncProperty(malformedBodies(route.bodySchema!, base.payload), async (body) => {
            if (route.schema.body?.safeParse(body).success) lenient.push(body);
            const answer = await send(w.ctx, token, { method: route.method, url: base.url, payload: body });
            const bad = envelopeFault(answer);
            if (bad) throw new Error(`${bad}: ${JSON.stringify(answer.content).slice(0, 300)}`);
          }),
          { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
        );
      } catch (err) {
        failures.push(`${route.key}: ${(err as Error).message.split('\n').slice(0, 6).join(' | ').slice(0, 900)}`);
      }
      if (lenient.length > 0) failures.push(`${route.key}: its schema accepts ${JSON.stringify(lenient[0]).slice(0, 300)}`);
      const touched = changed(before, await rowCounts(w.ctx.database, tables));
      if (touched.length > 0) failures.push(`${route.key}: malformed bodies changed the row count of ${touched.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses junk path parameters of every route with a coded error and writes nothing', async () => {
    const { w, tables, actorFor } = bench();
    const junk = ['abc', '-1', '0', '1.5', '99999999999999999999', "1'--", '%00', 'x'.repeat(300)];
    const routes = w.routes.filter((r) => /\{\w+\}/.test(r.path));
    expect(routes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const before = await rowCounts(w.ctx.database, tables);
    for (const route of routes) {
      const actor = actorFor(route) ?? w.actors.admin;
      const base = buildRequest(w, route);
      for (const j of junk) {
        const url = route.path.replace(/\{\w+\}/g, j === '%00' ? j : encodeURIComponent(j));
        const answer = await send(w.ctx, await tokenOf(w, actor), {
          method: route.method,
          url,
          ...(base.payload === undefined ? {} : { payload: base.payload }),
        });
        const bad = envelopeFault(answer);
        if (bad) failures.push(`${route.key} with ${j.slice(0, 20)}: ${bad}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changed(before, await rowCounts(w.ctx.database, tables))).toEqual([]);
  });
});

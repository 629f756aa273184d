import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@farmsense/shared';
import { TEST_DB } from '../test/harness.js';
import { changed, rowCounts } from './data.js';
import { badCases, type BadCase } from './strict-input.js';
import { envelopeFault, inputBench } from './input.fixtures.js';
import { buildRequest, send, tokenOf, type Answer } from './requests.js';

/**
 * Strict input at every boundary (issue 16, defect 3): every route of the route table gets, in each
 * body property, query parameter and path parameter in turn, a NUL and other control characters,
 * lone UTF-16 surrogates and undecodable text, values of the wrong type (`true`, nested arrays,
 * "-5", "lots", "1e3"), over-long text, repeated and unknown fields. Called as an account that may
 * call the route, each must answer HTTP 400 with code 99996 naming the field; sign-in included.
 * Nothing is written and no answer is a 500.
 */
interface Issue {
  field: string | null;
  key: string;
}

function verdict(a: Answer, c: BadCase, reachable: boolean): string | null {
  const fault = envelopeFault(a);
  if (fault) return fault;
  // An account that may not call the route is refused before its input is read: any clean 4xx.
  if (!reachable) return a.status >= 400 && a.status < 500 ? null : `HTTP ${a.status}, code ${a.code}`;
  if (a.status !== 400 || a.code !== ErrorCodes.PARAM_ERROR) return `HTTP ${a.status}, code ${a.code} instead of 400/99996`;
  if (c.field === null) return null;
  const issues = ((a.content as { data?: { issues?: Issue[] } }).data?.issues ?? []) as Issue[];
  const named = issues.some((i) => i.field === c.field || (i.field ?? '').startsWith(`${c.field}.`));
  return named ? null : `the answer does not name ${c.field}: ${JSON.stringify(issues).slice(0, 200)}`;
}

describe(`strict input at every route (${TEST_DB})`, () => {
  const bench = inputBench();

  it('refuses bad text, wrong types, over-long, repeated and unknown fields on every route with 400/99996 naming the field', async () => {
    const { w, tables, actorFor } = bench();
    const failures: string[] = [];
    const before = await rowCounts(w.ctx.database, tables);
    let sent = 0;
    for (const route of w.routes) {
      const actor = actorFor(route);
      const token = await tokenOf(w, actor ?? w.actors.admin);
      const base = buildRequest(w, route);
      for (const c of badCases(route, base)) {
        sent++;
        let answer: Answer;
        try {
          answer = await send(w.ctx, token, c);
        } catch (err) {
          failures.push(`${route.key} ${c.what}: ${(err as Error).message}`);
          continue;
        }
        const bad = verdict(answer, c, actor !== null);
        if (bad) failures.push(`${route.key} ${c.what}: ${bad}`);
      }
    }
    expect(w.routes.length).toBeGreaterThan(100);
    expect(sent).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
    expect(changed(before, await rowCounts(w.ctx.database, tables))).toEqual([]);
  }, 300_000);

  it('refuses a NUL in the sign-in name before authentication, and a raw NUL byte in the JSON', async () => {
    const { w } = bench();
    const url = '/api/breedpigaccount/login/doLogin';
    const named = await send(w.ctx, null, { method: 'POST', url, payload: { username: 'demo\u0000', password: w.passwords.demo } });
    expect([named.status, named.code]).toEqual([400, ErrorCodes.PARAM_ERROR]);
    expect((named.content as { data: { issues: Issue[] } }).data.issues).toContainEqual({
      field: 'username',
      key: 'validation.invalidCharacters',
    });
    const raw = await w.ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from(`{"username":"demo\u0000","password":"x"}`, 'utf8'),
    });
    expect([raw.statusCode, (raw.json() as { code: number }).code]).toEqual([400, ErrorCodes.PARAM_ERROR]);
  });
});

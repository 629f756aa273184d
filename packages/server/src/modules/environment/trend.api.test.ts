import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { translate } from '@farmsense/shared/i18n';
import type { TrendAnswer } from '@farmsense/shared';
import { gateways } from '../../db/tables.js';
import { withDemoApp } from '../../test/demo-app.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildRole, call, tokenFor } from '../../test/factories.js';
import { DAY, HOUR, MIN, secondTenant, series, shedId, storeReadings } from './environment.fixtures.js';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/tables.js';

const TREND = '/api/environment/trend';
// 1 September 2026 00:00 UTC: readings every 10 minutes for two hours.
const B = Date.UTC(2026, 8, 1);
const temp1 = Array.from({ length: 12 }, (_, i) => 20 + i * 0.5);

describe(`environment trends (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tok: Record<string, string>;
  withDemoApp(['demo', 'chicken', 'pig'], (made) => ({ ctx, tok } = made));
  const shed: Record<string, number> = {};
  let otherShed: number;

  beforeAll(async () => {
    const { db } = ctx.database;
    for (const n of ['Broiler House 1', 'Broiler House 2', 'Layer House 1', 'Farrowing 1', 'Nursery 1', 'Fattening 1'])
      shed[n] = await shedId(ctx.database, n);
    await storeReadings(ctx.database, [
      ...series('fs-demo04', 'temp.1', B, 10 * MIN, temp1),
      ...series('fs-demo04', 'temp.2', B, 10 * MIN, Array(12).fill(22)),
      ...series(
        'fs-demo04',
        'outTemp.1',
        B,
        10 * MIN,
        Array.from({ length: 12 }, (_, i) => 10 + i),
      ),
      ...series('fs-demo04', 'targetTemp.1', B, 10 * MIN, Array(12).fill(21)),
      ...series(
        'fs-demo04',
        'fan.1',
        B,
        10 * MIN,
        Array.from({ length: 12 }, (_, i) => i * 10),
      ),
      ...series('fs-demo04', 'window.1', B, 10 * MIN, Array(12).fill(30)),
      ...series('fs-demo04', 'co2.1', B, 10 * MIN, Array(12).fill(900)),
      ...series('fs-demo05', 'temp.1', B + 5 * MIN, 30 * MIN, [30, 31, 29]),
      // Outside the queried two hours: must not show.
      ['fs-demo04', 'temp.1', B - MIN, 99],
      ['fs-demo04', 'temp.1', B + 2 * HOUR, 99],
    ]);

    const second = await secondTenant(db);
    otherShed = second.shed;
    tok.second = second.token;

    // A keeper who may only chart temperatures.
    const [demoTenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Agri Group'));
    const farmId = (await db.select({ farmId: gateways.farmId }).from(gateways).where(eq(gateways.code, 'fs-demo04')))[0]!.farmId!;
    const role = await buildRole(db, demoTenant!.id, 'Temperature only', [{ code: 'ci18.env.temp', ops: ['view'] }]);
    await buildAccount(db, { tenantId: demoTenant!.id, accountCode: 'temps', farmIds: [farmId], roleIds: [role] });
    tok.temps = await tokenFor(db, 'temps');
  });

  const body = (extra: Record<string, unknown>): Record<string, unknown> => ({
    shedIds: [shed['Broiler House 1'], shed['Broiler House 2']],
    kind: 'temp',
    startTime: B,
    endTime: B + 2 * HOUR,
    ...extra,
  });

  it('gives every sensor of the kind per shed, with min / max / avg, outdoor temperature and target', async () => {
    const res = await call<TrendAnswer>(ctx, tok.chicken!, 'POST', TREND, body({}));
    expect(res.code).toBe(1);
    const d = res.data;
    expect(d).toMatchObject({ kind: 'temp', unit: '°C', startTime: B, endTime: B + 2 * HOUR, source: 'raw', bucketMs: 4000 });
    const [b1, b2] = d.sheds;
    expect(b1!.shedName).toBe('Broiler House 1');
    expect(b1!.series.map((s) => [s.gatewayCode, s.key, s.unit, s.points.length])).toEqual([
      ['fs-demo04', 'temp.1', '°C', 12],
      ['fs-demo04', 'temp.2', '°C', 12],
    ]);
    // Each 4-second bucket holds one reading: avg = min = max = the reading, at its own time.
    expect(b1!.series[0]!.points.slice(0, 2)).toEqual([
      [B, 20, 20, 20],
      [B + 10 * MIN, 20.5, 20.5, 20.5],
    ]);
    expect(b1!.series[0]!.stats).toEqual({ min: 20, max: 25.5, avg: 22.75, count: 12 });
    expect(b1!.series[1]!.stats).toEqual({ min: 22, max: 22, avg: 22, count: 12 });
    expect(b1!.stats).toEqual({ min: 20, max: 25.5, avg: 22.375, count: 24 });
    expect(b1!.outdoor).toMatchObject({ key: 'outTemp.1', stats: { min: 10, max: 21, avg: 15.5, count: 12 } });
    expect(b1!.outdoor!.points[11]).toEqual([B + 110 * MIN, 21, 21, 21]);
    expect(b1!.target).toMatchObject({ key: 'targetTemp.1', stats: { min: 21, max: 21, avg: 21, count: 12 } });
    expect(b2!.series.map((s) => s.points)).toEqual([
      [
        [B + 5 * MIN, 30, 30, 30],
        [B + 35 * MIN, 31, 31, 31],
        [B + 65 * MIN, 29, 29, 29],
      ],
    ]);
    expect(b2!.stats).toEqual({ min: 29, max: 31, avg: 30, count: 3 });
    expect(b2!.outdoor).toBeNull();
  });

  it('reads the hourly rollups for long ranges', async () => {
    const res = await call<TrendAnswer>(ctx, tok.chicken!, 'POST', TREND, body({ startTime: B - 7 * DAY, endTime: B + DAY }));
    expect(res.data).toMatchObject({ source: 'hourly', bucketMs: HOUR });
    const s = res.data.sheds[0]!.series[0]!;
    // Hour 0 holds 20..22.5 (and 99 a minute before: the hour before), hour 1 holds 23..25.5, hour 2 the 99 at 02:00.
    expect(s.points).toEqual([
      [B - HOUR, 99, 99, 99],
      [B, 21.25, 20, 22.5],
      [B + HOUR, 24.25, 23, 25.5],
      [B + 2 * HOUR, 99, 99, 99],
    ]);
    expect(s.stats).toEqual({ min: 20, max: 99, avg: 33.643, count: 14 });
  });

  it('charts ventilation as fans and inlets, other kinds with their units', async () => {
    const vent = await call<TrendAnswer>(ctx, tok.chicken!, 'POST', TREND, body({ kind: 'vent', shedIds: [shed['Broiler House 1']] }));
    expect(vent.data.unit).toBe('%');
    expect(vent.data.sheds[0]!.series.map((s) => [s.key, s.unit, s.stats?.avg])).toEqual([
      ['fan.1', '%', 55],
      ['window.1', '%', 30],
    ]);
    expect(vent.data.sheds[0]!.outdoor).toBeNull();
    const co2 = await call<TrendAnswer>(ctx, tok.chicken!, 'POST', TREND, body({ kind: 'co2' }));
    expect(co2.data.unit).toBe('ppm');
    expect(co2.data.sheds.map((s) => s.series.map((x) => x.key))).toEqual([['co2.1'], []]);
    expect(co2.data.sheds[1]!.stats).toBeNull();
  });

  it('takes a preset instead of start and end', async () => {
    await storeReadings(ctx.database, [['fs-demo05', 'temp.1', Date.now() - 30 * MIN, 27]]);
    const before = Date.now();
    const res = await call<TrendAnswer>(ctx, tok.chicken!, 'POST', TREND, {
      shedIds: [shed['Broiler House 2']],
      kind: 'temp',
      preset: '1h',
    });
    expect(res.data.endTime - res.data.startTime).toBe(HOUR);
    expect(res.data.endTime).toBeGreaterThanOrEqual(before);
    expect(res.data.sheds[0]!.series[0]!.stats).toMatchObject({ min: 27, max: 27, count: 1 });
    for (const preset of ['latestDay', '3h', '7h', '12h', '24h', '1d', '3d', '7d', '15d']) {
      expect((await call(ctx, tok.chicken!, 'POST', TREND, { shedIds: [shed['Broiler House 2']], kind: 'temp', preset })).code).toBe(1);
    }
    expect((await call(ctx, tok.chicken!, 'POST', TREND, { shedIds: [shed['Broiler House 2']], kind: 'temp', preset: '2h' })).code).toBe(
      99996,
    );
    expect((await call(ctx, tok.chicken!, 'POST', TREND, { shedIds: [shed['Broiler House 2']], kind: 'temp' })).code).toBe(99996);
  });

  it('applies the 6-item, 30-day and end-after-start rules', async () => {
    const seven = Object.values(shed).concat([shed['Broiler House 1']!]);
    const tooMany = await call<{ issues: { field: string; key: string }[] }>(ctx, tok.demo!, 'POST', TREND, body({ shedIds: seven }));
    expect([tooMany.status, tooMany.code, tooMany.data.issues]).toEqual([
      400,
      99996,
      [{ field: 'shedIds', key: 'validation.selectAtMost' }],
    ]);
    expect((await call(ctx, tok.demo!, 'POST', TREND, body({ shedIds: Object.values(shed) }))).code).toBe(1);
    const none = await call<{ issues: { key: string }[] }>(ctx, tok.demo!, 'POST', TREND, body({ shedIds: [] }));
    expect([none.code, none.data.issues[0]!.key]).toEqual([99996, 'validation.selectAtLeastOne']);
    const long = await call<{ issues: { field: string; key: string }[] }>(
      ctx,
      tok.demo!,
      'POST',
      TREND,
      body({ startTime: B, endTime: B + 30 * DAY + 1 }),
    );
    expect([long.code, long.data.issues]).toEqual([99996, [{ field: 'endTime', key: 'validation.rangeMaxDays' }]]);
    expect((await call(ctx, tok.demo!, 'POST', TREND, body({ startTime: B, endTime: B + 30 * DAY }))).code).toBe(1);
    expect((await call(ctx, tok.demo!, 'POST', TREND, body({ startTime: B + HOUR, endTime: B }))).code).toBe(20027);
    expect((await call(ctx, tok.demo!, 'POST', TREND, body({ startTime: B, endTime: B }))).code).toBe(20027);
    // ISO strings and 10-digit seconds are times too.
    const iso = await call<TrendAnswer>(
      ctx,
      tok.demo!,
      'POST',
      TREND,
      body({ startTime: new Date(B).toISOString(), endTime: (B + 2 * HOUR) / 1000 }),
    );
    expect([iso.code, iso.data.startTime, iso.data.endTime]).toEqual([1, B, B + 2 * HOUR]);
    expect((await call(ctx, tok.demo!, 'POST', TREND, body({ kind: 'noise' }))).code).toBe(99996);
  });

  it("keeps sheds to the caller's tenant, farms and screens", async () => {
    expect((await call(ctx, null, 'POST', TREND, body({}))).code).toBe(10002);
    expect((await call(ctx, tok.second!, 'POST', TREND, body({}))).code).toBe(30004);
    expect((await call(ctx, tok.demo!, 'POST', TREND, body({ shedIds: [otherShed] }))).code).toBe(30004);
    expect((await call(ctx, tok.pig!, 'POST', TREND, body({}))).code).toBe(30004);
    expect((await call(ctx, tok.chicken!, 'POST', TREND, body({ shedIds: [shed['Broiler House 1'], shed['Farrowing 1']] }))).code).toBe(
      30004,
    );
    expect((await call(ctx, tok.demo!, 'POST', TREND, body({ shedIds: [987654] }))).code).toBe(30004);
    expect((await call(ctx, tok.second!, 'POST', TREND, body({ shedIds: [otherShed] }))).code).toBe(1);
    // A role with the temperature page only: temperature yes, humidity no.
    expect((await call(ctx, tok.temps!, 'POST', TREND, body({}))).code).toBe(1);
    const rh = await call(ctx, tok.temps!, 'POST', TREND, body({ kind: 'rh' }));
    expect([rh.status, rh.code]).toEqual([403, 10009]);
  });

  it("answers a kept chart from memory, each caller's right from its own scope", async () => {
    const ask = async (token: string) => (await call(ctx, token, 'POST', TREND, body({ endTime: B + 3 * HOUR }))).code;
    // The clock stands still, so that the chart is still kept however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Read and kept by the administrator; the keepers' sessions are known already.
    expect([await ask(tok.demo!), await ask(tok.temps!), await ask(tok.pig!), await ask(tok.second!)]).toEqual([1, 1, 30004, 30004]);
    const { db } = ctx.database;
    const select = vi.spyOn(db, 'select');
    const execute = vi.spyOn(db, 'execute');
    try {
      // The same tenant's pig keeper sees none of these broiler houses: refused from memory too.
      expect([await ask(tok.temps!), await ask(tok.pig!), await ask(tok.demo!)]).toEqual([1, 30004, 1]);
      expect(select.mock.calls.length + execute.mock.calls.length).toBe(0);
    } finally {
      select.mockRestore();
      execute.mockRestore();
      vi.useRealTimers();
    }
    // Another tenant asking for the same houses is never answered the kept chart.
    expect(await ask(tok.second!)).toBe(30004);
  });

  it('sends a shared chart as the envelope in the callers language, compressed as each accepts', async () => {
    const ask = (language: string, encoding: string) =>
      ctx.app.inject({
        method: 'POST',
        url: TREND,
        payload: body({}),
        headers: { token: tok.demo!, 'accept-language': language, 'accept-encoding': encoding },
      });
    const plain = await ask('en', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toContain('application/json');
    const en = plain.json() as { code: number; msg: string; data: TrendAnswer };
    expect([en.code, en.msg]).toEqual([1, translate('en-us', 'common.success')]);
    const br = await ask('ru', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const ru = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as typeof en;
    expect(ru.msg).toBe(translate('ru', 'common.success'));
    expect(ru.data).toEqual(en.data);
    const gz = await ask('en', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(en);
    expect(en.data.sheds.length).toBe(2);
  });
});

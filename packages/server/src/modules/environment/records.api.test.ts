import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordsAnswer } from '@farmsense/shared';
import { gateways } from '../../db/tables.js';
import { withDemoApp } from '../../test/demo-app.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildPlace, call } from '../../test/factories.js';
import { cellFormat, readSheet, serialToText } from '../../test/xlsx-reader.js';
import { DAY, HOUR, MIN, series, shedId, storeReadings } from './environment.fixtures.js';
import { eq } from 'drizzle-orm';

const RECORDS = '/api/environment/records';
const EXPORT = '/api/environment/records/export';
// 1 September 2026 00:00 UTC = 08:00 on the farm (Asia/Shanghai).
const B = Date.UTC(2026, 8, 1);

describe(`environment records and export (${TEST_DB})`, () => {
  let ctx: TestContext;
  let tok: Record<string, string>;
  withDemoApp(['demo', 'chicken', 'pig'], (made) => ({ ctx, tok } = made));
  const shed: Record<string, number> = {};

  beforeAll(async () => {
    const { db } = ctx.database;
    for (const n of ['Broiler House 1', 'Broiler House 2', 'Farrowing 1']) shed[n] = await shedId(ctx.database, n);
    await storeReadings(ctx.database, [
      // Twelve reading times, every 10 minutes; temp.1 drops out at the last one.
      ...series(
        'fs-demo04',
        'temp.1',
        B,
        10 * MIN,
        Array.from({ length: 11 }, (_, i) => 20 + i),
      ),
      ...series(
        'fs-demo04',
        'temp.2',
        B,
        10 * MIN,
        Array.from({ length: 12 }, (_, i) => 30 + i),
      ),
      ...series('fs-demo04', 'outTemp.1', B, 10 * MIN, Array(12).fill(8.5)),
      ...series('fs-demo04', 'rh.1', B, 10 * MIN, Array(12).fill(61)),
      ...series('fs-demo04', 'fan.1', B, 10 * MIN, Array(12).fill(40)),
    ]);
    // Broiler House 2 gets a second controller: columns are then named by gateway.
    const [b2] = await db.select().from(gateways).where(eq(gateways.code, 'fs-demo05'));
    await db.insert(gateways).values({
      tenantId: b2!.tenantId,
      farmId: b2!.farmId,
      shedId: b2!.shedId,
      code: 'fs-demo05b',
      name: 'Second',
      gatewayType: 101,
      checkCode: 'x',
    });
    await storeReadings(ctx.database, [
      ['fs-demo05', 'temp.1', B, 25],
      ['fs-demo05b', 'temp.1', B, 26],
      ['fs-demo05b', 'temp.1', B + MIN, 27],
    ]);
    const other = await buildPlace(db, 'Second', { shedName: 'S1', shedType: 1001 }, { farmType: 2 });
    tok.second = await adminToken(db, other.tenant, 'second-admin');
  });

  const q = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    shedId: shed['Broiler House 1'],
    kind: 'temp',
    startTime: B,
    endTime: B + 2 * HOUR,
    pageNo: 1,
    pageSize: 5,
    ...extra,
  });

  it('pages one row per reading time with the sensors of the kind as columns, newest first', async () => {
    const res = await call<RecordsAnswer>(ctx, tok.chicken!, 'POST', RECORDS, q());
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ total: 12, pageNo: 1, pageSize: 5, unit: '°C' });
    expect(res.data.columns).toEqual([
      { field: 'temp.1', key: 'temp.1', gatewayCode: 'fs-demo04', unit: '°C' },
      { field: 'temp.2', key: 'temp.2', gatewayCode: 'fs-demo04', unit: '°C' },
      { field: 'outTemp.1', key: 'outTemp.1', gatewayCode: 'fs-demo04', unit: '°C' },
    ]);
    expect(res.data.list.slice(0, 2)).toEqual([
      { ts: B + 110 * MIN, values: { 'temp.1': null, 'temp.2': 41, 'outTemp.1': 8.5 } },
      { ts: B + 100 * MIN, values: { 'temp.1': 30, 'temp.2': 40, 'outTemp.1': 8.5 } },
    ]);
    const last = await call<RecordsAnswer>(ctx, tok.chicken!, 'POST', RECORDS, q({ pageNo: 3 }));
    expect(last.data.list).toEqual([
      { ts: B + 10 * MIN, values: { 'temp.1': 21, 'temp.2': 31, 'outTemp.1': 8.5 } },
      { ts: B, values: { 'temp.1': 20, 'temp.2': 30, 'outTemp.1': 8.5 } },
    ]);
    const rh = await call<RecordsAnswer>(ctx, tok.chicken!, 'POST', RECORDS, q({ kind: 'rh', pageSize: 100, startTime: B + 55 * MIN }));
    expect(rh.data).toMatchObject({ total: 6, unit: '%', columns: [{ field: 'rh.1', unit: '%' }] });
    const vent = await call<RecordsAnswer>(ctx, tok.chicken!, 'POST', RECORDS, q({ kind: 'vent' }));
    expect(vent.data.columns.map((c) => c.field)).toEqual(['fan.1']);
    const empty = await call<RecordsAnswer>(ctx, tok.chicken!, 'POST', RECORDS, q({ kind: 'nh3' }));
    expect(empty.data).toMatchObject({ total: 0, list: [], columns: [] });
  });

  it('names columns by gateway when a shed has several controllers', async () => {
    const res = await call<RecordsAnswer>(ctx, tok.demo!, 'POST', RECORDS, q({ shedId: shed['Broiler House 2'], pageSize: 10 }));
    expect(res.data.columns.map((c) => c.field)).toEqual(['fs-demo05/temp.1', 'fs-demo05b/temp.1']);
    expect(res.data.list).toEqual([
      { ts: B + MIN, values: { 'fs-demo05/temp.1': null, 'fs-demo05b/temp.1': 27 } },
      { ts: B, values: { 'fs-demo05/temp.1': 25, 'fs-demo05b/temp.1': 26 } },
    ]);
  });

  it('applies the 30-day and end-after-start rules, and the tenant and farm scope', async () => {
    const long = await call<{ issues: { key: string }[] }>(ctx, tok.chicken!, 'POST', RECORDS, q({ endTime: B + 31 * DAY }));
    expect([long.code, long.data.issues[0]!.key]).toEqual([99996, 'validation.rangeMaxDays']);
    expect((await call(ctx, tok.chicken!, 'POST', RECORDS, q({ endTime: B - 1 }))).code).toBe(20027);
    expect((await call(ctx, null, 'POST', RECORDS, q())).code).toBe(10002);
    expect((await call(ctx, tok.second!, 'POST', RECORDS, q())).code).toBe(30004);
    expect((await call(ctx, tok.pig!, 'POST', RECORDS, q())).code).toBe(30004);
    expect((await call(ctx, tok.pig!, 'POST', RECORDS, q({ shedId: shed['Farrowing 1'] }))).code).toBe(1);
    // The pig pages have no records of H2S: a pig-only account may not list them.
    const h2s = await call(ctx, tok.pig!, 'POST', RECORDS, q({ shedId: shed['Farrowing 1'], kind: 'h2s' }));
    expect([h2s.status, h2s.code]).toEqual([403, 10009]);
  });

  it('exports the rows as an .xlsx file with headers in the request language and farm-local times', async () => {
    const url = `${EXPORT}?shedId=${shed['Broiler House 1']}&kind=temp&startTime=${B}&endTime=${B + 2 * HOUR}`;
    const en = await ctx.app.inject({ method: 'GET', url, headers: { token: tok.chicken!, 'accept-language': 'en-US' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(en.headers['content-disposition']).toBe(
      `attachment; filename="Broiler House 1-Temperature-2026-09-01_2026-09-01.xlsx"; filename*=UTF-8''${encodeURIComponent('Broiler House 1-Temperature-2026-09-01_2026-09-01.xlsx')}`,
    );
    const rows = readSheet(en.rawPayload);
    expect(rows[0]).toEqual(['Time (Asia/Shanghai)', 'Temperature 1 (°C)', 'Temperature 2 (°C)', 'Outdoor temperature (°C)']);
    expect(rows).toHaveLength(13);
    // Oldest first, at the farm's wall-clock time (UTC+8), in date cells (a serial with a date format).
    expect(cellFormat(en.rawPayload, 'A2')).toBe('yyyy-mm-dd hh:mm:ss');
    expect([serialToText(rows[1]![0]!), ...rows[1]!.slice(1)]).toEqual(['2026-09-01 08:00:00', '20', '30', '8.5']);
    expect([serialToText(rows[12]![0]!), ...rows[12]!.slice(1)]).toEqual(['2026-09-01 09:50:00', '', '41', '8.5']);

    const zh = await ctx.app.inject({ method: 'GET', url, headers: { token: tok.chicken!, 'accept-language': 'zh-CN' } });
    expect(readSheet(zh.rawPayload)[0]).toEqual(['时间 (Asia/Shanghai)', '温度1 (°C)', '温度2 (°C)', '室外温度 (°C)']);
    const ru = await ctx.app.inject({
      method: 'GET',
      url: url.replace('kind=temp', 'kind=vent'),
      headers: { token: tok.chicken!, 'accept-language': 'ru' },
    });
    expect(readSheet(ru.rawPayload)[0]).toEqual(['Время (Asia/Shanghai)', 'Вентилятор 1 (%)']);

    const multi = await ctx.app.inject({
      method: 'GET',
      url: `${EXPORT}?shedId=${shed['Broiler House 2']}&kind=temp&startTime=${B}&endTime=${B + HOUR}`,
      headers: { token: tok.demo!, 'accept-language': 'en-us' },
    });
    expect(readSheet(multi.rawPayload).map((r) => r.slice(1))).toEqual([
      ['fs-demo05 Temperature 1 (°C)', 'fs-demo05b Temperature 1 (°C)'],
      ['25', '26'],
      ['', '27'],
    ]);
  });

  it('refuses exports outside the rules and the scope, with the envelope', async () => {
    const base = `${EXPORT}?shedId=${shed['Broiler House 1']}&kind=temp`;
    const long = await ctx.app.inject({
      method: 'GET',
      url: `${base}&startTime=${B}&endTime=${B + 31 * DAY}`,
      headers: { token: tok.chicken! },
    });
    expect(long.json()).toMatchObject({ code: 99996, data: { issues: [{ field: 'endTime', key: 'validation.rangeMaxDays' }] } });
    const reversed = await ctx.app.inject({
      method: 'GET',
      url: `${base}&startTime=${B}&endTime=${B - HOUR}`,
      headers: { token: tok.chicken! },
    });
    expect(reversed.json()).toMatchObject({ code: 20027 });
    const none = await ctx.app.inject({ method: 'GET', url: `${base}&startTime=${B}&endTime=${B + HOUR}` });
    expect([none.statusCode, (none.json() as { code: number }).code]).toEqual([401, 10002]);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `${base}&startTime=${B}&endTime=${B + HOUR}`,
      headers: { token: tok.second! },
    });
    expect((other.json() as { code: number }).code).toBe(30004);
  });
});

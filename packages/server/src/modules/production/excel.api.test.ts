import { and, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ErrorCodes, LOCALES, type SaveOutcome, farmDay } from '@farmsense/shared';
import { translate } from '@farmsense/shared/i18n';
import { farms, gateways, sheds } from '../../db/tables.js';
import { writeXlsx, type Cell } from '../../lib/xlsx.js';
import { buildAccount, buildRole, buildShed, call, tokenFor } from '../../test/factories.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { cellFormat } from '../../test/xlsx-reader.js';
import { headerKey, SHEETS, templateColumns, type SheetKind } from './sheets.js';
import { flockImmunizations } from './tables.js';

/**
 * Excel for production (templates, imports with per-row errors, exports) through the HTTP layer:
 * the demo poultry farm (Asia/Shanghai, whose seeded flocks fill its own houses) with three new
 * houses, two of them holding a current broiler flock.
 */
const BASE = '/api/breedpigbuilding';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const en = (kind: SheetKind, keys: string[]): string[] => keys.map((k) => translate('en-us', SHEETS[kind].find((c) => c.key === k)!.label));

function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = '----farmsenseTestBoundary7d93';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? `\r\nContent-Type: ${XLSX}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`production Excel templates, imports and exports (${TEST_DB})`, () => {
  let ctx: TestContext;
  let admin: string;
  let farmId: number;
  let today: string;
  let tenantId: number;
  const shedIds: Record<string, number> = {};
  const ours = (rows: unknown[][], at = 0): unknown[][] => rows.filter((r) => String(r[at]).startsWith('Excel House'));

  const upload = async (
    url: string,
    token: string,
    parts: Parameters<typeof multipart>[0],
    lang = 'en-us',
  ): Promise<{ status: number; code: number; data: SaveOutcome }> => {
    const { payload, headers } = multipart(parts);
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, token, 'accept-language': lang } });
    const body = res.json() as { code: number; data: SaveOutcome };
    return { status: res.statusCode, code: body.code, data: body.data };
  };
  const importFile = (kind: string, file: Buffer, token = admin, lang = 'en-us') =>
    upload(
      `${BASE}/flockDaily/${kind}/import`,
      token,
      [
        { name: 'farmId', value: String(farmId) },
        { name: 'file', value: file, filename: 'rows.xlsx' },
      ],
      lang,
    );
  const download = async (method: 'GET' | 'POST', url: string, token: string, lang = 'en-us', payload?: unknown) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { token, 'accept-language': lang },
      ...(payload ? { payload: payload as object } : {}),
    });
    return { res, rows: res.headers['content-type'] === XLSX ? await readSheet(res.rawPayload) : [] };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    admin = await tokenFor(db, 'demo');
    const [farm] = await db.select().from(farms).where(eq(farms.farmName, 'Demo Poultry Farm'));
    farmId = farm!.id;
    today = farmDay(new Date(), farm!.timeZone);
    tenantId = farm!.tenantId;
    for (const n of [1, 2, 3]) {
      shedIds[`Excel House ${n}`] = await buildShed(db, tenantId, farmId, {
        shedName: `Excel House ${n}`,
        shedType: 1001,
        areaNum: 9,
        buildingNum: 9,
        shedNum: n,
      });
    }
    for (const [shed, groupNo] of [
      ['Excel House 1', 'B-01'],
      ['Excel House 2', 'B-02'],
    ] as const) {
      const r = await call(ctx, admin, 'POST', `${BASE}/flock`, {
        farmId,
        shedId: shedIds[shed],
        groupNo,
        flockType: 2,
        sex: 3,
        birthDate: addDays(today, -10),
        startDate: addDays(today, -10),
        femaleCount: 1000,
      });
      expect(r.code).toBe(ErrorCodes.SUCCESS);
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('names every column of a sheet with labels no other column of it uses, in any language', () => {
    const clashes: string[] = [];
    for (const [kind, columns] of Object.entries(SHEETS)) {
      const owner = new Map<string, string>();
      for (const c of columns) {
        for (const text of [c.key, ...LOCALES.map((l) => translate(l, c.label))]) {
          const prev = owner.get(headerKey(text));
          if (prev && prev !== c.key) clashes.push(`${kind}: "${text}" names ${prev} and ${c.key}`);
          owner.set(headerKey(text), c.key);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it("downloads a daily template with translated headers, prefilled with the farm's current flocks and today", async () => {
    const { res, rows } = await download('GET', `${BASE}/flockDaily/stock/template?farmId=${farmId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="Demo Poultry Farm-Daily stock-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    expect(rows[0]).toEqual(templateColumns('stock').map((c) => translate('en-us', c.label)));
    expect(rows[0]!.slice(0, 4)).toEqual(['House', 'Group No.', 'Date', 'Transferred in']);
    const day = new Date(`${today}T00:00:00Z`);
    expect(rows.slice(1).every((r) => r[2] instanceof Date && r[2].getTime() === day.getTime())).toBe(true);
    expect(ours(rows.slice(1)).map((r) => r.slice(0, 3))).toEqual([
      ['Excel House 1', 'B-01', day],
      ['Excel House 2', 'B-02', day],
    ]);
    const zh = await download('GET', `${BASE}/flockDaily/feed/template?farmId=${farmId}`, admin, 'zh-cn');
    expect(zh.rows[0]).toEqual(['栋舍', '批次号', '日期', '饲料量(kg)', '饲料类型', '备注']);
  });

  it("reports a feed, egg or water row that cannot be read with that kind's import code (20072, 20074, 20076)", async () => {
    const cases = [
      ['feed', 'feedKg', ErrorCodes.DAILY_FEED_IMPORT_FAILED],
      ['egg', 'eggCount', ErrorCodes.DAILY_EGG_IMPORT_FAILED],
      ['water', 'waterL', ErrorCodes.DAILY_WATER_IMPORT_FAILED],
    ] as const;
    for (const [kind, field, code] of cases) {
      const file = await writeXlsx({
        name: 'x',
        header: en(kind, ['shedName', 'groupNo', 'day', field]),
        rows: [
          ['Excel House 1', 'B-01', addDays(today, -3), 'lots'],
          ['Excel House 1', 'B-01', addDays(today, -4), -5],
        ],
      });
      const r = await importFile(kind, file);
      expect(r.data.errors.map((e) => [e.row, e.code, e.field])).toEqual([
        [2, code, field],
        [3, code, field],
      ]);
      expect(r.data.errors[0]!.msg).toBe(translate('en-us', `errors.${code}`));
    }
  });

  it('imports good rows and reports each bad one by its sheet row number and code', async () => {
    const file = await writeXlsx({
      name: 'x',
      header: en('stock', ['shedName', 'groupNo', 'day', 'dead', 'culled']),
      rows: [
        ['Excel House 1', 'B-01', new Date(`${addDays(today, -2)}T00:00:00Z`), 5, 1], // row 2: saved
        [null, null, null, null, null], // row 3: empty, skipped
        ['Excel House 2', 'NOPE', addDays(today, -2), 1, 0], // row 4: no such flock
        ['Excel House 2', 'B-02', addDays(today, -2), 'abc', 0], // row 5: not a number
        ['Excel House 2', 'B-02', addDays(today, -1), '3', null], // row 6: saved (number as text)
        ['Excel House 2', 'B-02', addDays(today, 5), 1, 0], // row 7: after today
        ['Excel House 1', 'B-01', today, null, null], // row 8: only the flock and day, skipped
      ],
    });
    const r = await importFile('stock', file);
    expect(r.code).toBe(ErrorCodes.SUCCESS);
    expect(r.data.saved).toBe(2);
    expect(r.data.errors.map((e) => [e.row, e.code, e.field])).toEqual([
      [4, ErrorCodes.DAILY_STOCK_IMPORT_NO_FLOCK, 'groupNo'],
      [5, ErrorCodes.PARAM_ERROR, 'dead'],
      [7, ErrorCodes.DAY_OUTSIDE_FLOCK, 'day'],
    ]);
    expect(r.data.errors[0]!.msg).toBe(translate('en-us', `errors.${ErrorCodes.DAILY_STOCK_IMPORT_NO_FLOCK}`));
    // The same rows again: one row per flock and day.
    const again = await importFile('stock', file);
    expect(again.data.saved).toBe(0);
    expect(again.data.errors.filter((e) => e.code === ErrorCodes.DUPLICATE_DATE_AGE).map((e) => e.row)).toEqual([2, 6]);
    const audit = await ctx.database.query<{ detail: { saved: number; errors: number } }>(
      `SELECT detail FROM audit_log WHERE action = '/api/breedpigbuilding/flockDaily/:kind/import' AND outcome = 'ok' ORDER BY id`,
    );
    expect(audit.slice(-2).map((a) => [a.detail.saved, a.detail.errors])).toEqual([
      [2, 3],
      [0, 5],
    ]);
  });

  it('exports every row of the list the filter selects', async () => {
    const { res, rows } = await download('POST', `${BASE}/flockDaily/stock/export`, admin, 'en-us', { farmId, pageSize: 1 });
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toContain('filename="Daily stock-');
    expect(rows[0]!.slice(0, 7)).toEqual(['Farm', 'House', 'Group No.', 'Date', 'Day age', 'Transferred in', 'Transferred out']);
    const dead = SHEETS.stock.findIndex((c) => c.key === 'dead');
    expect(ours(rows.slice(1), 1).map((r) => [r[1], r[2], r[3], r[4], r[dead]])).toEqual([
      ['Excel House 2', 'B-02', new Date(`${addDays(today, -1)}T00:00:00Z`), 9, 3],
      ['Excel House 1', 'B-01', new Date(`${addDays(today, -2)}T00:00:00Z`), 8, 5],
    ]);
    // The exported sheet reads back as an import (its extra columns are known): every row is there already.
    const back = await importFile('stock', res.rawPayload);
    expect(back.data.saved).toBe(0);
    expect(back.data.errors.length).toBe(rows.length - 1);
    expect(new Set(back.data.errors.map((e) => e.code))).toEqual(new Set([ErrorCodes.DUPLICATE_DATE_AGE]));
    const flocksFile = await download('POST', `${BASE}/flock/export`, admin, 'zh-cn', { farmId });
    expect(flocksFile.rows[0]!.slice(0, 5)).toEqual(['养殖场', '栋舍', '批次号', '批次类型', '性别']);
    expect(ours(flocksFile.rows.slice(1), 1).map((r) => r.slice(1, 5))).toEqual([
      ['Excel House 1', 'B-01', '商品', '公母混养'],
      ['Excel House 2', 'B-02', '商品', '公母混养'],
    ]);
  });

  it('imports a template downloaded in Chinese by an English-speaking user', async () => {
    const { rows } = await download('GET', `${BASE}/flockDaily/feed/template?farmId=${farmId}`, admin, 'zh-cn');
    const filled: Cell[][] = ours(rows.slice(1)).map((r, i) => [r[0] as string, r[1] as string, r[2] as Date, 120.5 + i, null, null]);
    const file = await writeXlsx({ name: '饲料', header: rows[0] as string[], rows: filled });
    const r = await importFile('feed', file, admin, 'en-us');
    expect(r.data).toEqual({ saved: 2, errors: [] });
    const { rows: out } = await download('POST', `${BASE}/flockDaily/feed/export`, admin, 'en-us', { farmId, start: today, end: today });
    expect(
      ours(out.slice(1), 1)
        .map((x) => [x[2], x[5]])
        .sort(),
    ).toEqual([
      ['B-01', 120.5],
      ['B-02', 121.5],
    ]);
  });

  it("places an immunisation time written in the sheet in the farm's time zone", async () => {
    const file = await writeXlsx({
      name: 'x',
      header: en('immune', ['shedName', 'groupNo', 'at', 'vaccineBrand', 'method', 'disease']),
      rows: [['Excel House 1', 'B-01', `${addDays(today, -1)} 08:30`, 'Brand', 'Eye drop', 'ND']],
    });
    expect((await importFile('immune', file)).data).toEqual({ saved: 1, errors: [] });
    const [row] = await ctx.database.db.select().from(flockImmunizations).where(eq(flockImmunizations.vaccineBrand, 'Brand'));
    // Asia/Shanghai is UTC+8.
    expect(row!.vaccinatedAt.toISOString()).toBe(`${addDays(today, -1)}T00:30:00.000Z`);
    const { res, rows } = await download('POST', `${BASE}/flockDaily/immune/export`, admin, 'en-us', { farmId });
    // The farm's wall-clock time in a date cell, under a header naming the zone.
    expect(rows[0]![3]).toBe(`${translate('en-us', 'records.immune.at')} (Asia/Shanghai)`);
    expect(ours(rows.slice(1), 1)[0]!.slice(1, 4)).toEqual(['Excel House 1', 'B-01', new Date(`${addDays(today, -1)}T08:30:00Z`)]);
    const at = rows.findIndex((r) => r[1] === 'Excel House 1') + 1;
    expect(cellFormat(res.rawPayload, `D${at}`)).toBe('yyyy-mm-dd hh:mm');
    // Tenant-wide (no farm chosen): the zones of the farms in the sheet; Russian labels keep the zone name.
    const all = await download('POST', `${BASE}/flockDaily/immune/export`, admin, 'ru', {});
    expect(all.rows[0]![3]).toBe(`${translate('ru', 'records.immune.at')} (Asia/Shanghai)`);
    // An empty tenant-wide sheet names the caller's first farm's zone (the demo farms are all in Shanghai), not UTC.
    const none = await download('POST', `${BASE}/flockDaily/drug/export`, admin, 'en-us', { start: '2000-01-01', end: '2000-01-02' });
    expect(none.rows).toHaveLength(1);
    expect(none.rows[0]![3]).toBe(`${translate('en-us', 'records.drug.at')} (Asia/Shanghai)`);
    // The template names the zone too, and a sheet under the exported headers imports again.
    const tpl = await download('GET', `${BASE}/flockDaily/drug/template?farmId=${farmId}`, admin, 'zh-cn');
    expect(tpl.rows[0]![2]).toBe(`${translate('zh-cn', 'records.drug.at')} (Asia/Shanghai)`);
    const again = rows[0]!.map((h, i) => ({ h: String(h), v: ours(rows.slice(1), 1)[0]![i] ?? null }));
    const header = again.map((x) => x.h);
    const copied = again.map((x) => (x.h === en('immune', ['vaccineBrand'])[0] ? 'Brand 2' : (x.v as Cell)));
    const back = await importFile('immune', await writeXlsx({ name: 'x', header, rows: [copied] }));
    expect(back.data).toEqual({ saved: 1, errors: [] });
    const [copy] = await ctx.database.db.select().from(flockImmunizations).where(eq(flockImmunizations.vaccineBrand, 'Brand 2'));
    expect(copy!.vaccinatedAt.toISOString()).toBe(`${addDays(today, -1)}T00:30:00.000Z`);
  });

  it('refuses a file that is not a workbook or not the template (200315), and a missing or oversized file (21017)', async () => {
    expect((await importFile('stock', Buffer.from('this is not a spreadsheet'))).code).toBe(ErrorCodes.EXCEL_TEMPLATE_PARSE);
    const foreign = await writeXlsx({ name: 'x', header: ['Name', 'Price'], rows: [['a', 1]] });
    expect((await importFile('stock', foreign)).code).toBe(ErrorCodes.EXCEL_TEMPLATE_PARSE);
    const lacking = await writeXlsx({ name: 'x', header: en('feed', ['shedName', 'groupNo', 'day']), rows: [] });
    expect((await importFile('feed', lacking)).code).toBe(ErrorCodes.EXCEL_TEMPLATE_PARSE);
    const noFile = await upload(`${BASE}/flockDaily/stock/import`, admin, [{ name: 'farmId', value: String(farmId) }]);
    expect(noFile.code).toBe(ErrorCodes.FILE_TOO_LARGE_OR_MISSING);
    // Above the JSON body limit but within the upload limit: read, and refused as no workbook.
    expect((await importFile('stock', Buffer.alloc(3 * 1024 * 1024, 1))).code).toBe(ErrorCodes.EXCEL_TEMPLATE_PARSE);
    const big = await importFile('stock', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.code).toBe(ErrorCodes.FILE_TOO_LARGE_OR_MISSING);
    const json = await call(ctx, admin, 'POST', `${BASE}/flockDaily/stock/import`, { farmId });
    expect([json.code, json.status]).toEqual([ErrorCodes.FILE_TOO_LARGE_OR_MISSING, 200]);
    const noFarm = await upload(`${BASE}/flockDaily/stock/import`, admin, [{ name: 'file', value: foreign, filename: 'a.xlsx' }]);
    expect(noFarm.code).toBe(ErrorCodes.PARAM_ERROR);
  });

  it("refuses (10009) an account without the kind's entry screen, and another farm's template (10007)", async () => {
    const db = ctx.database.db;
    const role = await buildRole(db, tenantId, 'Feed only', [{ code: 'prod-data-input.daily-feed', ops: ['view', 'add'] }]);
    await buildAccount(db, { tenantId, accountCode: 'feed-only', roleIds: [role], farmIds: [farmId] });
    const token = await tokenFor(db, 'feed-only');
    expect((await call(ctx, token, 'GET', `${BASE}/flockDaily/stock/template?farmId=${farmId}`)).code).toBe(ErrorCodes.NO_PERMISSION);
    expect((await call(ctx, token, 'POST', `${BASE}/flockDaily/stock/export`, { farmId })).code).toBe(ErrorCodes.NO_PERMISSION);
    const file = await writeXlsx({
      name: 'x',
      header: en('stock', ['shedName', 'groupNo', 'day', 'dead']),
      rows: [['Excel House 1', 'B-01', today, 1]],
    });
    const refused = await importFile('stock', file, token);
    expect([refused.status, refused.code]).toEqual([403, ErrorCodes.NO_PERMISSION]);
    expect((await call(ctx, token, 'GET', `${BASE}/flock/template`)).code).toBe(ErrorCodes.NO_PERMISSION);
    const feed = await download('GET', `${BASE}/flockDaily/feed/template?farmId=${farmId}`, token);
    expect(feed.res.headers['content-type']).toBe(XLSX);
    const [pig] = await db
      .select()
      .from(farms)
      .where(and(eq(farms.farmName, 'Demo Pig Farm')));
    expect((await call(ctx, token, 'GET', `${BASE}/flockDaily/feed/template?farmId=${pig!.id}`)).code).toBe(ErrorCodes.FARM_NOT_FOUND);
  });

  it('imports flocks with a per-row report: duplicates 20065, unknown device 20067, ambiguous house 200322, other failures 20066', async () => {
    for (const shedType of [1001, 1002])
      await buildShed(ctx.database.db, tenantId, farmId, {
        shedName: 'Twin House',
        shedType,
        areaNum: 8,
        buildingNum: 8,
        shedNum: shedType - 1000,
      });
    const { rows } = await download('GET', `${BASE}/flock/template`, admin, 'vi');
    expect(rows[0]).toEqual(templateColumns('flock').map((c) => translate('vi', c.label)));
    expect(rows).toHaveLength(1);
    const [gw] = await ctx.database.db
      .select({ code: gateways.code })
      .from(gateways)
      .innerJoin(sheds, eq(sheds.id, gateways.shedId))
      .where(eq(sheds.farmId, farmId))
      .limit(1);
    const header = en('flock', [
      'farmName',
      'shedName',
      'groupNo',
      'flockType',
      'sex',
      'birthDate',
      'startDate',
      'femaleCount',
      'deviceCode',
    ]);
    const start = addDays(today, -3);
    const file = await writeXlsx({
      name: 'x',
      header,
      rows: [
        ['Demo Poultry Farm', 'Excel House 3', 'L-01', 'Hen', 'Hen', start, start, 500, gw!.code], // row 2: saved
        ['Demo Poultry Farm', 'Excel House 1', 'B-01', 2, 3, start, start, 500, null], // row 3: exists
        ['Demo Poultry Farm', 'Excel House 2', 'B-09', 2, 3, start, start, 500, 'NO-SUCH-GW'], // row 4: unknown device
        ['Demo Poultry Farm', 'Excel House 2', 'B-10', 2, 3, 'someday', start, 500, null], // row 5: bad date
        ['Demo Poultry Farm', 'No Such House', 'B-11', 2, 3, start, start, 500, null], // row 6: unknown house
        ['Demo Poultry Farm', 'Twin House', 'B-12', 2, 3, start, start, 500, null], // row 7: two houses have that name
      ],
    });
    const r = await upload(`${BASE}/flock/import`, admin, [{ name: 'file', value: file, filename: 'flocks.xlsx' }]);
    expect(r.code).toBe(ErrorCodes.SUCCESS);
    expect(r.data.saved).toBe(1);
    expect(r.data.errors.map((e) => [e.row, e.code, e.field])).toEqual([
      [3, ErrorCodes.FLOCK_EXISTS, 'groupNo'],
      [4, ErrorCodes.FLOCK_IMPORT_NO_MACHINE, 'deviceCode'],
      [5, ErrorCodes.FLOCK_IMPORT_FAILED, 'birthDate'],
      [6, ErrorCodes.FLOCK_IMPORT_FAILED, 'shedName'],
      [7, ErrorCodes.MULTIPLE_HOUSES, 'shedName'],
    ]);
    const list = await call<{ list: { groupNo: string; flockType: number; sex: number; deviceCode: string | null }[] }>(
      ctx,
      admin,
      'POST',
      `${BASE}/flock/page`,
      { farmId },
    );
    expect(list.data.list.find((f) => f.groupNo === 'L-01')).toMatchObject({ flockType: 4, sex: 2, deviceCode: gw!.code });
  });
});

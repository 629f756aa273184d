import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFarms, accountPens, accountRoles, accountSheds, accounts, farms, pens, roleApps, roles, sheds } from '../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { accountId, call } from '../../test/factories.js';
import { encrypt } from '../../test/login.js';
import { adminWorld, rows, type AdminWorld } from '../farms/admin.fixtures.js';

/**
 * Property-based checks of every write route of account, role, farm and shed administration:
 * a valid body with one field made oversized (over 50 characters), of the wrong type or missing is
 * refused with 99996 (never a 500), and nothing at all is written.
 */
type Method = 'POST' | 'PUT';
interface WriteRoute {
  method: Method;
  url: string;
  body: Record<string, unknown>;
  /** Text fields capped at 50 characters. */
  text: string[];
  /** Every validated field (wrong types are refused for all of them). */
  fields: string[];
  /** Fields that may not be left out. */
  required: string[];
}

describe(`malformed administration input (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let routes: WriteRoute[];
  const tables = [accounts, accountRoles, accountFarms, accountSheds, accountPens, roles, roleApps, farms, sheds, pens];
  const snapshot = async (): Promise<number[]> => Promise.all(tables.map((t) => rows(ctx.database.db, t)));

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await adminWorld(ctx);
    const db = ctx.database.db;
    const pig = await accountId(db, 'pig');
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, 'Pig staff'));
    const [shed] = await db.select({ id: sheds.id }).from(sheds).where(eq(sheds.shedName, 'Nursery 1'));
    const [pen] = await db.select({ id: pens.id }).from(pens).where(eq(pens.shedId, shed!.id)).limit(1);
    const farm = {
      farmName: 'Fuzz Farm',
      type: 1,
      scale: 2,
      address: 'A',
      personInCharge: 'P',
      contact: 'C',
      areaCode: '+86',
      phone: '13800000001',
      state: 1,
      timeZone: 'Asia/Shanghai',
      timeZoneName: 'CST',
    };
    const account = { accountName: 'Fuzz', phoneNo: '13900000000', email: 'f@example.com', name: 'N', jobNo: 'J', areaCode: '+86' };
    routes = [
      {
        method: 'POST',
        url: '/api/breedpigaccount/account/add',
        body: {
          accountCode: 'fuzz',
          ...account,
          password: await encrypt(ctx, 'Fuzz@2024'),
          accountType: 2,
          roleIds: [role!.id],
          farmIds: [w.pigFarm],
        },
        text: ['accountCode', 'accountName', 'phoneNo', 'email', 'name', 'jobNo'],
        fields: ['accountCode', 'accountName', 'phoneNo', 'email', 'password', 'accountType', 'roleIds', 'farmIds', 'gender', 'areaCode'],
        required: ['accountCode', 'accountName', 'phoneNo', 'password'],
      },
      {
        method: 'PUT',
        url: '/api/accountauth/account/update',
        body: { id: pig, ...account, accountType: 2 },
        text: ['accountName', 'phoneNo', 'email', 'name', 'jobNo'],
        fields: ['id', 'accountName', 'phoneNo', 'email', 'accountType', 'areaCode'],
        required: ['id', 'accountName', 'phoneNo'],
      },
      {
        method: 'POST',
        url: '/api/accountauth/account/ban',
        body: { ids: [pig], status: 0 },
        text: [],
        fields: ['ids', 'status'],
        required: ['ids', 'status'],
      },
      {
        method: 'POST',
        url: '/api/accountauth/account/roleEdit',
        body: { accountId: pig, roleIds: [] },
        text: [],
        fields: ['accountId', 'roleIds'],
        required: ['accountId', 'roleIds'],
      },
      {
        method: 'POST',
        url: '/api/breedpigaccount/account/farmAuthorize',
        body: { accountId: pig, farmIds: [] },
        text: [],
        fields: ['accountId', 'farmIds'],
        required: ['accountId', 'farmIds'],
      },
      {
        method: 'POST',
        url: '/api/breedpigaccount/account/farmAndShedAuthorization',
        body: { accountId: pig, farms: [{ farmId: w.pigFarm, shedIds: [shed!.id], penIds: [pen!.id] }] },
        text: [],
        fields: ['accountId', 'farms'],
        required: ['accountId', 'farms'],
      },
      {
        method: 'POST',
        url: '/api/accountauth/roleInfo',
        body: { roleName: 'Fuzz role', type: 'farm' },
        text: ['roleName'],
        fields: ['roleName', 'type'],
        required: ['roleName'],
      },
      {
        method: 'PUT',
        url: '/api/accountauth/roleInfo',
        body: { id: role!.id, roleName: 'Fuzz role 2' },
        text: ['roleName'],
        fields: ['id', 'roleName', 'type'],
        required: ['id', 'roleName'],
      },
      {
        method: 'POST',
        url: '/api/accountauth/operateAuth/bind',
        body: { roleId: role!.id, applications: [] },
        text: [],
        fields: ['roleId', 'applications'],
        required: ['roleId', 'applications'],
      },
      {
        method: 'POST',
        url: '/api/breedpigbuilding/farmInfo/add',
        body: farm,
        text: ['farmName', 'address', 'personInCharge', 'contact', 'phone', 'timeZoneName'],
        fields: Object.keys(farm),
        required: ['farmName', 'type', 'personInCharge', 'areaCode', 'phone', 'timeZone', 'timeZoneName'],
      },
      {
        method: 'PUT',
        url: '/api/breedpigbuilding/farmInfo/update',
        body: { id: w.pigFarm, ...farm, farmName: 'Demo Pig Farm' },
        text: ['farmName', 'personInCharge', 'timeZoneName'],
        fields: ['id', ...Object.keys(farm)],
        required: ['id', 'farmName', 'type', 'personInCharge', 'areaCode', 'phone', 'timeZone', 'timeZoneName'],
      },
      {
        method: 'POST',
        url: '/api/breedpigbuilding/farmInfo/timeZone',
        body: { farmId: w.pigFarm, timeZone: 'Asia/Bangkok', timeZoneName: 'ICT' },
        text: ['timeZoneName'],
        fields: ['farmId', 'timeZone', 'timeZoneName'],
        required: ['farmId', 'timeZone', 'timeZoneName'],
      },
      {
        method: 'POST',
        url: '/api/breedpigbuilding/shed/add',
        body: { farmId: w.pigFarm, shedName: 'Fuzz shed', shedType: 1, areaNum: 9, buildingNum: 9, shedNum: 9 },
        text: ['shedName'],
        fields: ['farmId', 'shedName', 'shedType', 'areaNum', 'buildingNum', 'shedNum'],
        required: ['farmId', 'shedName', 'shedType'],
      },
      {
        method: 'PUT',
        url: '/api/breedpigbuilding/shed/update',
        body: { id: shed!.id, shedName: 'Fuzz shed', shedType: 3, areaNum: 9, buildingNum: 9, shedNum: 9 },
        text: ['shedName'],
        fields: ['id', 'shedName', 'shedType', 'areaNum'],
        required: ['id', 'shedName', 'shedType'],
      },
      {
        method: 'POST',
        url: '/api/breedpigbuilding/shed/addFields',
        body: { shedId: shed!.id, startColumn: 50, endColumn: 52, row: 9 },
        text: [],
        fields: ['shedId', 'startColumn', 'endColumn', 'row'],
        required: ['shedId', 'startColumn', 'endColumn'],
      },
      {
        method: 'PUT',
        url: '/api/breedpigbuilding/shed/updateField',
        body: { id: pen!.id, fieldColumn: 77, field: 7, name: 'Fuzz pen' },
        text: ['name'],
        fields: ['id', 'fieldColumn', 'field', 'name'],
        required: ['id', 'fieldColumn', 'field'],
      },
    ];
  });
  afterAll(async () => ctx?.close());

  // Values no field accepts: objects, booleans, nested arrays (text fields also refuse numbers,
  // number fields also refuse numeric strings).
  const wrongValue = fc.oneof(
    fc.constant({}),
    fc.boolean(),
    fc.constant([[1]]),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { minKeys: 1 }),
  );

  it('refuses one oversized, wrong-typed or missing field with 99996 and writes nothing', async () => {
    const before = await snapshot();
    const corruption = fc.nat().chain((i) => {
      const r = routes[i % routes.length]!;
      const kinds: fc.Arbitrary<{ field: string; value: unknown; drop: boolean }>[] = [
        fc.record({ field: fc.constantFrom(...r.fields), value: wrongValue, drop: fc.constant(false) }),
        fc.record({ field: fc.constantFrom(...r.required), value: fc.constant(undefined), drop: fc.constant(true) }),
      ];
      if (r.text.length > 0) {
        kinds.push(
          fc.record({
            field: fc.constantFrom(...r.text),
            value: fc.string({ minLength: 51, maxLength: 120 }).filter((s) => s.trim().length > 50),
            drop: fc.constant(false),
          }),
        );
      }
      return fc.tuple(fc.constant(r), fc.oneof(...kinds));
    });
    await fc.assert(
      fc.asyncProperty(corruption, async ([r, c]) => {
        const body: Record<string, unknown> = { ...r.body };
        if (c.drop) delete body[c.field];
        else body[c.field] = c.value;
        const res = await call(ctx, w.tok.demo, r.method, r.url, body);
        expect([r.url, c.field, res.status, res.code]).toEqual([r.url, c.field, 400, 99996]);
      }),
      { numRuns: 150 },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers any body with a coded error, never a 500, and writes nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.jsonValue(), async (i, payload) => {
        const r = routes[i % routes.length]!;
        const res = await ctx.app.inject({
          method: r.method,
          url: r.url,
          headers: { token: w.tok.demo, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        const body = res.json() as { code: number };
        expect(res.statusCode).toBeLessThan(500);
        expect(body.code).not.toBe(99998);
        expect(body.code).not.toBe(1);
      }),
      { numRuns: 100 },
    );
    expect(await snapshot()).toEqual(before);
  });

  // Run last: it writes. Without it the properties above could pass on bodies that were never valid.
  it('accepts every base body as it is', async () => {
    for (const r of routes) {
      const res = await call(ctx, w.tok.demo, r.method, r.url, r.body);
      expect([r.url, res.code]).toEqual([r.url, 1]);
    }
  });
});

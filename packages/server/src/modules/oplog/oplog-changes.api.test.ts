import { describe, expect, it } from 'vitest';
import type { AuditNote, OperationLogRow, Page } from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { buildAccount, buildRole, call } from '../../test/factories.js';
import { encrypt } from '../../test/login.js';
import { withAdminWorld, type AdminWorld } from '../farms/admin.fixtures.js';

const B = '/api/breedpigbuilding/shed';
const PAGE = '/api/breedpigbuilding/operationLog/page';

/** Writes say what they did: the audit entry of an edit carries the changed fields, before and after. */
describe(`operation log: what a write changed (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;

  withAdminWorld((b) => ({ ctx, w } = b));

  const notes = async (): Promise<AuditNote[]> => {
    const res = await call<Page<OperationLogRow>>(ctx, w.tok.demo, 'POST', PAGE, { pageNo: 1, pageSize: 100 });
    expect(res.code).toBe(1);
    return res.data.list.flatMap((r) => (r.detail && typeof r.detail === 'object' && 'op' in r.detail ? [r.detail as AuditNote] : []));
  };

  it('stores the changed fields of a shed edit with their values before and after, and nothing unchanged', async () => {
    const shed = { farmId: w.pigFarm, shedName: 'House 3', shedType: 0, areaNum: 7, buildingNum: 1, shedNum: 3 };
    const add = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${B}/add`, shed);
    expect(add.code).toBe(1);
    const { farmId: _farm, ...rest } = shed;
    const upd = await call(ctx, w.tok.demo, 'PUT', `${B}/update`, { ...rest, id: add.data.id, shedName: 'House 3B', shedNum: 4 });
    expect(upd.code).toBe(1);
    // A refused edit (duplicate place) records no change.
    const again = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${B}/add`, { ...shed, shedName: 'Other', shedNum: 9 });
    expect(again.code).toBe(1);
    const dup = await call(ctx, w.tok.demo, 'PUT', `${B}/update`, { ...rest, id: again.data.id, shedName: 'Other', shedNum: 4 });
    expect(dup.code).toBe(20026);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${B}/delete/${again.data.id}`)).code).toBe(1);
    const log = await notes();
    expect(log).toContainEqual({ op: 'add', kind: 'shed', name: 'House 3' });
    const edits = log.filter((n) => n.op === 'edit' && n.kind === 'shed');
    expect(edits).toEqual([
      {
        op: 'edit',
        kind: 'shed',
        name: 'House 3',
        changes: [
          { field: 'shedName', before: 'House 3', after: 'House 3B' },
          { field: 'shedNum', before: 3, after: 4 },
        ],
      },
    ]);
    expect(log).toContainEqual({ op: 'delete', kind: 'shed', name: 'Other' });
  });

  it('records an edit of a role in the same shape (only what changed)', async () => {
    const role = await call<{ id: number }>(ctx, w.tok.demo, 'POST', '/api/accountauth/roleInfo', { roleName: 'Night shift' });
    expect(role.code).toBe(1);
    const edit = await call(ctx, w.tok.demo, 'PUT', '/api/accountauth/roleInfo', { id: role.data.id, roleName: 'Night crew' });
    expect(edit.code).toBe(1);
    const log = await notes();
    expect(log).toContainEqual({
      op: 'edit',
      kind: 'role',
      name: 'Night shift',
      changes: [{ field: 'roleName', before: 'Night shift', after: 'Night crew' }],
    });
  });

  it('says who was banned and enabled, that a password was reset (no value), and role and farm lists by name', async () => {
    const db = ctx.database.db;
    const night = await buildRole(db, w.demoTenant, 'Night watch', []);
    const day = await buildRole(db, w.demoTenant, 'Day watch', []);
    const id = await buildAccount(db, {
      tenantId: w.demoTenant,
      accountCode: 'keeper9',
      accountType: 3,
      farmIds: [w.pigFarm],
      roleIds: [night],
    });
    expect((await call(ctx, w.tok.demo, 'POST', '/api/accountauth/account/ban', { ids: [id], status: 0 })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', '/api/accountauth/account/ban', { ids: [id], status: 1 })).code).toBe(1);
    const reset = { id, accountName: 'Keeper Nine', phoneNo: '13900000009', password: await encrypt(ctx, 'Reset@2025') };
    expect((await call(ctx, w.tok.demo, 'PUT', '/api/accountauth/account/update', reset)).code).toBe(1);
    const roles = { accountId: id, roleIds: [night, day] };
    expect((await call(ctx, w.tok.demo, 'POST', '/api/accountauth/account/roleEdit', roles)).code).toBe(1);
    const farms = { accountId: id, farmIds: [w.pigFarm, w.poultryFarm] };
    expect((await call(ctx, w.tok.demo, 'POST', '/api/breedpigaccount/account/farmAuthorize', farms)).code).toBe(1);
    const mine = (await notes()).filter((n) => n.kind === 'account' && n.name === 'keeper9');
    expect(mine).toEqual([
      {
        op: 'edit',
        kind: 'account',
        name: 'keeper9',
        changes: [{ field: 'farms', before: ['Demo Pig Farm'], after: ['Demo Pig Farm', 'Demo Poultry Farm'] }],
      },
      {
        op: 'edit',
        kind: 'account',
        name: 'keeper9',
        changes: [{ field: 'roles', before: ['Night watch'], after: ['Day watch', 'Night watch'] }],
      },
      {
        op: 'edit',
        kind: 'account',
        name: 'keeper9',
        changes: [
          { field: 'accountName', before: 'Name of keeper9', after: 'Keeper Nine' },
          { field: 'phoneNo', before: null, after: '13900000009' },
        ],
        events: ['passwordReset'],
      },
      { op: 'edit', kind: 'account', name: 'keeper9', changes: [{ field: 'status', before: 0, after: 1 }] },
      { op: 'edit', kind: 'account', name: 'keeper9', changes: [{ field: 'status', before: 1, after: 0 }] },
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/Reset@2025|argon/);
  });

  it('records feed types and feeds, the type by name and the animal type as its code', async () => {
    const T = '/api/feeding/feedType';
    const I = '/api/feeding/feedInfo';
    const sow = await call<{ id: number }>(ctx, w.tok.demo, 'POST', T, { name: 'Log sow feed' });
    const creep = await call<{ id: number }>(ctx, w.tok.demo, 'POST', T, { name: 'Log creep feed' });
    expect([sow.code, creep.code]).toEqual([1, 1]);
    const feed = { typeId: sow.data.id, name: 'Log gestation', batch: 'L-1', weight: 40, unit: 'kg', animalType: 1 };
    const info = await call<{ id: number }>(ctx, w.tok.demo, 'POST', I, feed);
    expect(info.code).toBe(1);
    const edit = { ...feed, id: info.data.id, typeId: creep.data.id, weight: 50, animalType: 2 };
    expect((await call(ctx, w.tok.demo, 'PUT', I, edit)).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${I}/${info.data.id}`)).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${T}/${sow.data.id}`)).code).toBe(1);
    const log = (await notes()).filter((n) => n.kind === 'feed' || n.kind === 'feedType').reverse();
    expect(log).toEqual([
      { op: 'add', kind: 'feedType', name: 'Log sow feed' },
      { op: 'add', kind: 'feedType', name: 'Log creep feed' },
      { op: 'add', kind: 'feed', name: 'Log gestation' },
      {
        op: 'edit',
        kind: 'feed',
        name: 'Log gestation',
        changes: [
          { field: 'weight', before: 40, after: 50 },
          { field: 'animalType', before: 1, after: 2 },
          { field: 'type', before: 'Log sow feed', after: 'Log creep feed' },
        ],
      },
      { op: 'delete', kind: 'feed', name: 'Log gestation' },
      { op: 'delete', kind: 'feedType', name: 'Log sow feed' },
    ]);
  });
});

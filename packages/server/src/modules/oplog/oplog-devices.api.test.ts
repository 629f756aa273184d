import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditNote, OperationLogRow, Page } from '@farmsense/shared';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { adminWorld, newPigShed, type AdminWorld } from '../farms/admin.fixtures.js';

const PAGE = '/api/breedpigbuilding/operationLog/page';
const C = '/api/breedpigdevice/controller';
const N = '/api/breedpigdevice/network';
const S = '/api/breedpigbuilding/shed';

/** Pens, network devices and gateway binding say what they did, sheds and farms by name. */
describe(`operation log: pens and devices (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: AdminWorld;
  let shed: number;

  beforeAll(async () => {
    ctx = await createTestApp({ iot: { tcpPort: null, statusFlushMs: 200 } });
    w = await adminWorld(ctx);
    shed = await newPigShed(ctx, w, 'Log A', 8, 1);
  });
  afterAll(async () => ctx?.close());

  const notes = async (kind: string): Promise<AuditNote[]> => {
    const res = await call<Page<OperationLogRow>>(ctx, w.tok.demo, 'POST', PAGE, { pageNo: 1, pageSize: 100 });
    expect(res.code).toBe(1);
    const all = res.data.list.flatMap((r) => (r.detail && typeof r.detail === 'object' && 'op' in r.detail ? [r.detail as AuditNote] : []));
    return all.filter((n) => n.kind === kind).reverse();
  };

  it('records pens added, renamed and deleted, named by their shed', async () => {
    const add = await call<{ ids: number[] }>(ctx, w.tok.demo, 'POST', `${S}/addFields`, {
      shedId: shed,
      row: 1,
      startColumn: 1,
      endColumn: 3,
    });
    expect(add.code).toBe(1);
    const [first, second] = add.data.ids;
    expect((await call(ctx, w.tok.demo, 'PUT', `${S}/updateField`, { id: first, field: 1, fieldColumn: 7, name: 'Sick bay' })).code).toBe(
      1,
    );
    // A refused renumbering (number taken) records nothing.
    expect((await call(ctx, w.tok.demo, 'PUT', `${S}/updateField`, { id: second, field: 1, fieldColumn: 7 })).code).toBe(20040);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${S}/deleteField/${first}`)).code).toBe(1);
    expect(await notes('pen')).toEqual([
      { op: 'add', kind: 'pen', name: 'Log A 1-1…3' },
      {
        op: 'edit',
        kind: 'pen',
        name: 'Log A 1-1',
        changes: [
          { field: 'fieldColumn', before: 1, after: 7 },
          { field: 'name', before: null, after: 'Sick bay' },
        ],
      },
      { op: 'delete', kind: 'pen', name: 'Log A Sick bay' },
    ]);
  });

  it('records network devices with their farm by name, and gateway binding and switching', async () => {
    const dev = { name: 'Log switch', ip: '10.9.9.1', serverPort: 502, connectionMode: 'tcpClient', farmId: w.pigFarm };
    const net = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${N}/add`, dev);
    expect(net.code).toBe(1);
    const moved = { ...dev, id: net.data.id, connectionMode: 'mqtt', farmId: w.poultryFarm };
    expect((await call(ctx, w.tok.demo, 'PUT', `${N}/update`, moved)).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'DELETE', `${N}/delete/${net.data.id}`)).code).toBe(1);
    expect(await notes('network')).toEqual([
      { op: 'add', kind: 'network', name: 'Log switch' },
      {
        op: 'edit',
        kind: 'network',
        name: 'Log switch',
        changes: [
          { field: 'connectionMode', before: 'tcpClient', after: 'mqtt' },
          { field: 'farm', before: 'Demo Pig Farm', after: 'Demo Poultry Farm' },
        ],
      },
      { op: 'delete', kind: 'network', name: 'Log switch' },
    ]);

    const gw = { code: 'fs-oplog1', name: 'Log gateway', gatewayType: 101, deviceCategory: 201, model: 'FS-100', serialNo: 'SN-L1' };
    const a = await call<{ id: number }>(ctx, w.tok.demo, 'POST', `${C}/add`, { ...gw, checkCode: 'check-secret', farmId: w.pigFarm });
    expect(a.code).toBe(1);
    const id = a.data.id;
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/bind`, { id, shedId: shed })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/unbind`, { id })).code).toBe(1);
    expect((await call(ctx, w.tok.demo, 'POST', `${C}/enable`, { ids: [id], enabled: false })).code).toBe(1);
    expect(await notes('device')).toEqual([
      { op: 'add', kind: 'device', name: 'Log gateway' },
      { op: 'edit', kind: 'device', name: 'Log gateway', changes: [{ field: 'shed', before: null, after: 'Log A' }] },
      { op: 'edit', kind: 'device', name: 'Log gateway', changes: [{ field: 'shed', before: 'Log A', after: null }] },
      { op: 'edit', kind: 'device', name: 'Log gateway', changes: [{ field: 'enabled', before: true, after: false }] },
    ]);
  });
});

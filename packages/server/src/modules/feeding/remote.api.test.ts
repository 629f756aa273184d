import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthCodeGenerated,
  type ConcentratorRemoteRow,
  type FeederRemoteRow,
  type FeedNowRecordRow,
  type FeedSendAnswer,
  type OptionLogRow,
  type Page,
} from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, buildTenant, call } from '../../test/factories.js';
import { encrypt } from '../../test/login.js';
import { expireCommand, FakeController, online, SAFE_CODE, safeCodeAdmin } from '../control/control.fixtures.js';
import { feedDevices } from './device-tables.js';
import { feederPens, type FeederSet } from './feeding.fixtures.js';

const REMOTE = '/api/feeding/remote';
const PARAMS = {
  brightness: 55,
  lockSeconds: 90,
  touchLock: true,
  baitWeight: 160,
  tempLow: 3,
  tempHigh: 32,
  intervalMinutes: 25,
  amountPerFeed: 280,
};

/**
 * Remote actions on feeding devices: parameters, clock, feed-now and serial settings, each device
 * its own command of the house's feedDevice group confirmed with a code, pending while the
 * concentrator is offline and delivered when it comes back, settled by the ack or the expiry,
 * logged in the option log; the feed-now record reads them back.
 */
describe(`feeding devices remote control (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;
  let set: FeederSet;
  let code: string;
  let farm: number;
  let shed: number;
  let otherShed: number;
  let penIds: number[];
  let device: FakeController | null = null;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    const { db } = ctx.database;
    code = `fs-fdrem${TEST_DB === 'postgres' ? 'p' : 'g'}${Date.now() % 100000}`;
    const w = await feederPens(ctx, { name: 'Remote Feed', houses: ['Gestation R', 'Gestation S'], code });
    ({ farm, shed, otherShed, penIds, set } = w);
    ({ token } = await safeCodeAdmin(ctx, w.tenant, 'rf-admin'));
    const other = await buildTenant(db, 'Remote Feed Other', ['pig']);
    otherToken = await adminToken(db, other, 'rf-other');
  });
  afterAll(async () => {
    await device?.close();
    await ctx?.close();
  });

  const security = async () => ({ codeKind: 'security', code: await encrypt(ctx, SAFE_CODE) });
  const send = async (body: Record<string, unknown>, as = token) =>
    call<FeedSendAnswer>(ctx, as, 'POST', `${REMOTE}/feeder/send`, { shedId: shed, ...(await security()), ...body });
  const feeders = async () => (await call<FeederRemoteRow[]>(ctx, token, 'GET', `${REMOTE}/feeder/list?shedId=${shed}`)).data;
  const command = async (feederId: number, action: string) =>
    (await feeders()).find((f) => f.id === feederId)?.commands.find((c) => c.action === action);
  const records = async (query = '', page = 'pageNo=1&pageSize=20') =>
    (await call<Page<FeedNowRecordRow>>(ctx, token, 'GET', `${REMOTE}/feedNow/page?${page}&farmId=${farm}${query}`)).data;

  it('lists a house feeders with their pen, link, live report and stored parameters', async () => {
    await ctx.database.query(
      `INSERT INTO telemetry_latest (gateway_id, key, ts, value) VALUES ($1, $2, now(), 3000), ($1, $3, now(), 1200), ($1, $4, now(), 1)`,
      [set.gatewayId, `feederRation.${set.feeders[0]}`, `feederFeed.${set.feeders[0]}`, `feederState.${set.feeders[0]}`],
    );
    const list = await feeders();
    expect(list.map((f) => [f.deviceNo, f.collectorNo, f.penColumn])).toEqual([
      ['001', '01', 1],
      ['002', '01', 2],
      ['003', '01', 3],
    ]);
    expect(list[0]).toMatchObject({ online: false, planned: 3000, dispensed: 1200, state: 1, commands: [] });
    expect(list[0]!.params).toMatchObject({ amountPerFeed: 300, intervalMinutes: 30 });
    expect(list[1]).toMatchObject({ planned: null, dispensed: null, reportedAt: null });
  });

  it('keeps parameters for an offline concentrator pending, delivers them on reconnect and stores what the feeders acknowledged', async () => {
    const r = await send({ action: 'params', feederIds: [set.feeders[0], set.feeders[1]], params: PARAMS });
    expect(r.code).toBe(1);
    expect(r.data.results.map((x) => [x.deviceId, x.code, x.status, x.online])).toEqual([
      [set.feeders[0], 1, 'pending', false],
      [set.feeders[1], 1, 'pending', false],
    ]);
    expect((await command(set.feeders[0]!, 'params'))?.status).toBe('pending');
    device = await FakeController.connect(ctx, code);
    await online(ctx, set.gatewayId);
    await waitFor(async () => {
      const list = await feeders();
      return list.slice(0, 2).every((f) => f.commands.find((c) => c.action === 'params')?.status === 'synced');
    });
    expect(device.commands.find((c) => c.params.feeder === '002')).toMatchObject({
      op: 'setFeederParams',
      params: { deviceId: set.feeders[1], collector: '01', feeder: '002', ...PARAMS },
    });
    const [stored] = await ctx.database.db.select().from(feedDevices).where(eq(feedDevices.id, set.feeders[1]!));
    expect(stored).toMatchObject(PARAMS);
    const logs = await call<Page<OptionLogRow>>(
      ctx,
      token,
      'GET',
      `/api/remotecontrol/optionLog/page?pageNo=1&pageSize=10&group=feedDevice`,
    );
    expect(logs.data.list.map((l) => [l.action, l.codeKind, l.status])).toEqual([
      ['params', 'security', 'synced'],
      ['params', 'security', 'synced'],
    ]);
  });

  it('feeds now: sent at once to an online concentrator, refused ones failed, unanswered ones expired, each in the record', async () => {
    device!.mode = 'ok';
    const fed = await send({ action: 'feedNow', feederIds: [set.feeders[2]], grams: 500 });
    expect(fed.data.results[0]).toMatchObject({ code: 1, status: 'pending', online: true });
    await waitFor(async () => (await command(set.feeders[2]!, 'feedNow'))?.status === 'synced');
    expect((await command(set.feeders[2]!, 'feedNow'))?.grams).toBe(500);

    device!.mode = 'refuse';
    await send({ action: 'feedNow', feederIds: [set.feeders[0]], grams: 200 });
    await waitFor(async () => (await command(set.feeders[0]!, 'feedNow'))?.status === 'failed');

    device!.mode = 'silent';
    const silent = await send({ action: 'feedNow', feederIds: [set.feeders[1]], grams: 300 });
    const id = silent.data.results[0]!.commandId!;
    await waitFor(() => device!.commands.some((c) => c.id === id));
    await expireCommand(ctx, id);
    expect((await command(set.feeders[1]!, 'feedNow'))?.status).toBe('expired');
    device!.mode = 'ok';

    const all = await records();
    expect(all.total).toBe(3);
    expect(all.list.map((x) => [x.feederNo, x.grams, x.status, x.penColumn, x.shedName, x.accountName])).toEqual([
      ['002', 300, 'expired', 2, 'Gestation R', 'Name of rf-admin'],
      ['001', 200, 'failed', 1, 'Gestation R', 'Name of rf-admin'],
      ['003', 500, 'synced', 3, 'Gestation R', 'Name of rf-admin'],
    ]);
    expect(all.list[1]!.ackMsg).toBe('outOfRange');
    expect((await records('&status=synced')).list.map((x) => x.feederNo)).toEqual(['003']);
    expect((await records(`&feederId=${set.feeders[0]}`)).list.map((x) => x.grams)).toEqual([200]);
    expect((await records(`&penId=${penIds[1]}`)).list.map((x) => x.grams)).toEqual([300]);
    expect((await records(`&shedId=${otherShed}`)).total).toBe(0);
    expect((await records('', 'pageSize=1&pageNo=2')).list.map((x) => x.grams)).toEqual([200]);
  });

  it('two feed-now commands to one feeder are both kept (a feed-now never supersedes another)', async () => {
    device!.mode = 'silent';
    const a = await send({ action: 'feedNow', feederIds: [set.feeders[0]], grams: 100 });
    const b = await send({ action: 'feedNow', feederIds: [set.feeders[0]], grams: 150 });
    const [ra] = await ctx.database.query<{ status: string }>('SELECT status FROM control_commands WHERE id = $1', [
      a.data.results[0]!.commandId,
    ]);
    expect(ra?.status).toBe('pending');
    expect(b.data.results[0]!.version).toBeGreaterThan(a.data.results[0]!.version!);
    device!.mode = 'ok';
  });

  it('syncs the clock of feeders and sets the serial settings and clock of the concentrator', async () => {
    const before = Date.now();
    const t = await send({ action: 'timeSync', feederIds: [set.feeders[0]] });
    expect(t.code).toBe(1);
    await waitFor(() => device!.commands.some((c) => c.id === t.data.results[0]!.commandId));
    const sent = device!.commands.find((c) => c.id === t.data.results[0]!.commandId)!;
    expect(sent.op).toBe('syncTime');
    expect(Number(sent.params.time)).toBeGreaterThanOrEqual(before);
    const serial = { baudRate: 19200, dataBits: 8, stopBits: 1, parity: 'even' };
    const s = await call<FeedSendAnswer>(ctx, token, 'POST', `${REMOTE}/concentrator/send`, {
      shedId: shed,
      concentratorIds: [set.concentrator],
      action: 'serial',
      serial,
      ...(await security()),
    });
    expect(s.code).toBe(1);
    const jzq = async () => {
      const r = await call<ConcentratorRemoteRow[]>(ctx, token, 'GET', `${REMOTE}/concentrator/list?shedId=${shed}`);
      expect(r.code).toBe(1);
      return r.data;
    };
    await waitFor(async () => (await jzq())[0]?.commands.find((c) => c.action === 'serial')?.status === 'synced');
    expect((await jzq())[0]).toMatchObject({ gatewayCode: code, online: true, collectors: 1, feeders: 3, serial });
    const c = await call<FeedSendAnswer>(ctx, token, 'POST', `${REMOTE}/concentrator/send`, {
      shedId: shed,
      concentratorIds: [set.concentrator],
      action: 'timeSync',
      ...(await security()),
    });
    expect(c.data.results[0]).toMatchObject({ code: 1, online: true });
  });

  it('refuses a wrong code (20058), a code in clear (20055), and an authorization code for another house (20054) or expired (20061)', async () => {
    const body = { action: 'feedNow', feederIds: [set.feeders[0]], grams: 100 };
    expect((await send({ ...body, code: await encrypt(ctx, '000000') })).code).toBe(20058);
    expect((await send({ ...body, code: SAFE_CODE })).code).toBe(20055);
    const gen = async (shedIds: number[], actions?: string[]) =>
      (
        await call<AuthCodeGenerated>(ctx, token, 'POST', '/api/safecontrol/authCode/generate', {
          validMinutes: 10,
          shedIds,
          ...(actions ? { actions } : {}),
        })
      ).data;
    const elsewhere = await gen([otherShed]);
    expect((await send({ ...body, codeKind: 'authorization', code: await encrypt(ctx, elsewhere.code) })).code).toBe(20054);
    const climateOnly = await gen([shed], ['tempDayAge']);
    expect((await send({ ...body, codeKind: 'authorization', code: await encrypt(ctx, climateOnly.code) })).code).toBe(20054);
    const good = await gen([shed], ['feedDevice']);
    const ok = await send({ ...body, codeKind: 'authorization', code: await encrypt(ctx, good.code) });
    expect(ok.code).toBe(1);
    await ctx.database.query(`UPDATE control_auth_codes SET expires_at = now() - interval '1 minute' WHERE id = $1`, [good.id]);
    expect((await send({ ...body, codeKind: 'authorization', code: await encrypt(ctx, good.code) })).code).toBe(20061);
  });

  it('answers 203336 for a device of another house or kind, 30004 for a house not seen, and 99996 for a bad amount or parameters', async () => {
    expect((await send({ action: 'feedNow', feederIds: [set.concentrator], grams: 100 })).code).toBe(203336);
    expect((await send({ action: 'feedNow', feederIds: [set.feeders[0]], grams: 100, shedId: otherShed })).code).toBe(203336);
    expect((await send({ action: 'feedNow', feederIds: [set.feeders[0]], grams: 100 }, otherToken)).code).toBe(30004);
    expect((await call(ctx, otherToken, 'GET', `${REMOTE}/feeder/list?shedId=${shed}`)).code).toBe(30004);
    expect((await call(ctx, otherToken, 'GET', `${REMOTE}/feedNow/page?pageNo=1&pageSize=20&farmId=${farm}`)).code).toBe(10007);
    expect((await send({ action: 'feedNow', feederIds: [set.feeders[0]], grams: 5 })).code).toBe(99996);
    expect((await send({ action: 'params', feederIds: [set.feeders[0]], params: { ...PARAMS, tempLow: 40 } })).code).toBe(99996);
    expect((await send({ action: 'feedNow', feederIds: [], grams: 100 })).code).toBe(99996);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, OptionLogRow, Page, SettingStateAnswer } from '@farmsense/shared';
import { eq } from 'drizzle-orm';
import { flocks, standardCurves } from '../../db/tables.js';
import { addGateway, newCode, waitFor } from '../../iot/testkit.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildShed, call } from '../../test/factories.js';
import {
  APPLY,
  buildWorld,
  type ControlWorld,
  curve,
  curveCalls,
  type CurveCalls,
  expireCommand,
  FakeController,
  LOGS,
  online,
  restoreVersion,
  securityCode,
  STATE,
} from './control.fixtures.js';
import { APPLY_PARALLEL } from './settings.js';

/**
 * Durable commands through the embedded broker: a save is a version sent to the controller and
 * settled by its ack (synced, failed), expired when nobody answers, re-sent when an offline
 * controller comes back, and found in the option log with who, from what, to what and how.
 */
describe(`remote control commands (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  const devices: FakeController[] = [];

  let c: CurveCalls;
  const apply = (shedIds: number[], target: number): Promise<ApplyAnswer> => c.save(shedIds, target);
  const state = (shedId: number): Promise<SettingStateAnswer> => c.state(shedId);
  const statusOf = (shedId: number, version: number): Promise<string | undefined> => c.statusOf(shedId, version);

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    w = await buildWorld(ctx, 'cmd');
    c = curveCalls(ctx, w);
  });
  afterAll(async () => {
    for (const d of devices) await d.client.endAsync();
    await ctx?.close();
  });

  it('sends a saved curve to an online controller: pending, then synced on its ack; a second ack changes nothing', async () => {
    const dev = await FakeController.connect(ctx, w.gateways[0]!.code);
    devices.push(dev);
    await online(ctx, w.gateways[0]!.id);
    dev.mode = 'twice';
    const { results } = await apply([w.sheds[0]!], 24);
    expect(results).toEqual([
      expect.objectContaining({ shedId: w.sheds[0], shedName: 'House A', code: 1, version: 1, status: 'pending', online: true }),
    ]);
    await waitFor(async () => (await statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands[0]).toMatchObject({ id: results[0]!.commandId, op: 'setTempCurve', params: { version: 1, rhTarget: 60 } });
    const s = await state(w.sheds[0]!);
    expect(s).toMatchObject({ desiredVersion: 1, reportedVersion: 1, status: 'synced', online: true, reported: curve(24) });
    const first = s.versions[0]!;
    expect(first).toMatchObject({ attempts: 1, ackMsg: 'ok', createdByName: 'Name of ct-cmd-admin' });
    // The second ack arrived too (mode 'twice'): the row keeps its first answer.
    await new Promise((r) => setTimeout(r, 200));
    expect((await state(w.sheds[0]!)).versions[0]!.ackedAt).toBe(first.ackedAt);
  });

  it('records a refusal as failed with the device message; the reported version stays the last synced', async () => {
    devices[0]!.mode = 'refuse';
    const { results } = await apply([w.sheds[0]!], 20);
    expect(results[0]!.version).toBe(2);
    await waitFor(async () => (await statusOf(w.sheds[0]!, 2)) === 'failed');
    const s = await state(w.sheds[0]!);
    expect(s).toMatchObject({ desiredVersion: 2, reportedVersion: 1, status: 'failed' });
    expect(s.versions[0]!.ackMsg).toBe('outOfRange');
    devices[0]!.mode = 'ok';
  });

  it('expires a command nobody answers once its time is up', async () => {
    devices[0]!.mode = 'silent';
    const { results } = await apply([w.sheds[0]!], 21);
    const id = results[0]!.commandId!;
    await waitFor(() => devices[0]!.commands.some((c) => c.id === id));
    expect(await statusOf(w.sheds[0]!, 3)).toBe('pending');
    // Let its 60 s pass.
    await expireCommand(ctx, id);
    expect(await statusOf(w.sheds[0]!, 3)).toBe('expired');
    devices[0]!.mode = 'ok';
  });

  it('sends a pending command again when its controller says online without having been offline (a quick reconnect)', async () => {
    devices[0]!.mode = 'silent';
    const { results } = await apply([w.sheds[0]!], 19);
    const id = results[0]!.commandId!;
    await waitFor(() => devices[0]!.commands.some((c) => c.id === id));
    devices[0]!.mode = 'ok';
    await devices[0]!.client.publishAsync(`fs/${devices[0]!.code}/status`, 'online', { qos: 1 });
    await waitFor(async () => (await statusOf(w.sheds[0]!, results[0]!.version!)) === 'synced');
    expect(devices[0]!.commands.filter((c) => c.id === id).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a save for an offline controller pending and sends it when the controller is back', async () => {
    const { results } = await apply([w.sheds[1]!], 22);
    expect(results[0]).toMatchObject({ code: 1, version: 1, status: 'pending', online: false });
    expect((await state(w.sheds[1]!)).versions[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const dev = await FakeController.connect(ctx, w.gateways[1]!.code);
    devices.push(dev);
    await waitFor(async () => (await statusOf(w.sheds[1]!, 1)) === 'synced');
    // Sent on the transition to online and again for the status message: the same command, acked once.
    expect([...new Set(dev.commands.map((c) => c.id))]).toEqual([results[0]!.commandId]);
  });

  it('sends the command of a house whose controller comes online while the batch is being written (sendLate)', async () => {
    const { db } = ctx.database;
    const late = await buildShed(db, w.tenant, w.farm, { shedName: 'Late' });
    const lateCode = newCode('lt');
    const lateGw = await addGateway(ctx.database, { tenantId: w.tenant, code: lateCode, farmId: w.farm, shedId: late });
    const still = await buildShed(db, w.tenant, w.farm, { shedName: 'Still offline' });
    await addGateway(ctx.database, { tenantId: w.tenant, code: newCode('so'), farmId: w.farm, shedId: still });
    const dev = await FakeController.connect(ctx, lateCode);
    devices.push(dev);
    await online(ctx, lateGw);
    // The batch reads the controller offline; writing its command row records it online, with no
    // online event from the link (so resendPending sends nothing): only sendLate can send it.
    await ctx.database.query('UPDATE gateway_status SET online = false WHERE gateway_id = $1', [lateGw]);
    await ctx.database.query(`CREATE FUNCTION control_test_online() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE gateway_status SET online = true WHERE gateway_id = ${lateGw} AND NEW.gateway_id = ${lateGw}; RETURN NEW; END $$`);
    await ctx.database.query(
      'CREATE TRIGGER control_test_online AFTER INSERT ON control_commands FOR EACH ROW EXECUTE FUNCTION control_test_online()',
    );
    try {
      const { results } = await apply([late, still], 24);
      expect(results.map((r) => [r.shedId, r.code, r.status, r.online])).toEqual([
        [late, 1, 'pending', true],
        [still, 1, 'pending', false],
      ]);
      await waitFor(async () => (await statusOf(late, 1)) === 'synced');
      // The link may still be handling the controller's own 'online' status message and send the
      // pending command once more (same id, acked once): what counts is that this command reached it.
      expect([...new Set(dev.commands.map((c) => c.id))]).toEqual([results[0]!.commandId]);
      expect((await state(still)).versions[0]).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await ctx.database.query('DROP TRIGGER control_test_online ON control_commands');
      await ctx.database.query('DROP FUNCTION control_test_online()');
    }
  });

  it('applies one curve to several houses with a result per house, and supersedes an older pending version', async () => {
    devices[1]!.mode = 'silent';
    const older = await apply([w.sheds[1]!], 23);
    devices[1]!.mode = 'ok';
    const { results } = await apply(w.sheds, 25);
    expect(results.map((r) => [r.shedId, r.code, r.status])).toEqual([
      [w.sheds[0], 1, 'pending'],
      [w.sheds[1], 1, 'pending'],
    ]);
    for (const r of results) await waitFor(async () => (await statusOf(r.shedId, r.version!)) === 'synced');
    expect(await statusOf(w.sheds[1]!, older.results[0]!.version!)).toBe('expired');
  });

  it('applies a batch larger than the houses written at once with one result per house in the order asked', async () => {
    const { db } = ctx.database;
    const extra: number[] = [];
    for (let i = 0; i < APPLY_PARALLEL * 2 + 1; i++) {
      const shedId = await buildShed(db, w.tenant, w.farm, { shedName: `Batch ${i}` });
      await addGateway(ctx.database, { tenantId: w.tenant, code: newCode('bt'), farmId: w.farm, shedId });
      extra.push(shedId);
    }
    const asked = [...extra].reverse();
    const { results } = await apply(asked, 24);
    expect(results.map((r) => [r.shedId, r.shedName, r.code, r.version, r.status, r.online])).toEqual(
      asked.map((shedId) => [shedId, `Batch ${extra.indexOf(shedId)}`, 1, 1, 'pending', false]),
    );
    expect(new Set(results.map((r) => r.commandId)).size).toBe(asked.length);
    for (const shedId of asked) expect(await state(shedId)).toMatchObject({ desiredVersion: 1, status: 'pending', online: false });
  });

  it('gives two saves of one house at the same time two versions', async () => {
    const [a, b] = await Promise.all([apply([w.sheds[1]!], 27), apply([w.sheds[1]!], 28)]);
    expect(new Set([a.results[0]!.version, b.results[0]!.version]).size).toBe(2);
  });

  it('restores an earlier version as a new one, and logs every change with who, from, to, code kind and answer', async () => {
    const r = await restoreVersion(ctx, w.token, w.sheds[0]!, 'tempDayAge', 1);
    expect(r.code).toBe(1);
    const version = r.data.results[0]!.version!;
    await waitFor(async () => (await statusOf(w.sheds[0]!, version)) === 'synced');
    expect((await state(w.sheds[0]!)).reported).toEqual(curve(24));
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}`);
    expect(logs.code).toBe(1);
    const top = logs.data.list[0]!;
    expect(top).toMatchObject({
      action: 'restore',
      version,
      codeKind: 'security',
      authCodeId: null,
      status: 'synced',
      accountName: 'Name of ct-cmd-admin',
    });
    expect(top.toValue).toEqual(curve(24));
    expect(top.fromValue).toEqual(curve(25));
    const firstLog = logs.data.list.at(-1)!;
    expect(firstLog).toMatchObject({ action: 'apply', version: 1, fromValue: null });
    const safe = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `/api/safeoplog/records/page?shedId=${w.sheds[0]}`);
    expect(safe.data.total).toBe(logs.data.total);
    expect((await restoreVersion(ctx, w.token, w.sheds[0]!, 'tempDayAge', 99)).code).toBe(30001);
  });

  it('holds back set points far from the comfort curve until the user confirms them, and shows the curve and day age', async () => {
    const { db } = ctx.database;
    const birth = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await db.insert(flocks).values({
      tenantId: w.tenant,
      farmId: w.farm,
      shedId: w.sheds[0]!,
      groupNo: 'B1',
      flockType: 1,
      sex: 1,
      birthDate: birth,
      startDate: birth,
      status: 1,
    });
    await db.insert(standardCurves).values({
      tenantId: w.tenant,
      farmId: w.farm,
      flockType: 1,
      indicator: '01',
      name: 'Comfort',
      startDay: 0,
      values: Array.from({ length: 60 }, (_, d) => 34 - d / 4),
    });
    const far = await c.apply([w.sheds[0]!], curve(10));
    expect(far.data.results[0]).toMatchObject({ code: 21030, version: null });
    const s = await state(w.sheds[0]!);
    expect(s.dayAge).toBeGreaterThanOrEqual(9);
    expect(s.comfort).toMatchObject({ startDay: 0 });
    const confirmed = await call<ApplyAnswer>(ctx, w.token, 'POST', APPLY, {
      group: 'tempDayAge',
      shedIds: [w.sheds[0]],
      payload: curve(10),
      confirmOffComfort: true,
      codeKind: 'security',
      code: await securityCode(ctx),
    });
    expect(confirmed.data.results[0]).toMatchObject({ code: 1 });
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}`);
    expect(logs.data.list[0]).toMatchObject({ confirmedOffComfort: true, version: confirmed.data.results[0]!.version });
    await db.delete(flocks).where(eq(flocks.shedId, w.sheds[0]!));
  });

  it("refuses another tenant's house (30004), never settles a command from another device, and lists nothing of another tenant", async () => {
    const r = await c.apply([w.sheds[0]!, w.otherShed], curve(24));
    expect(r.code).toBe(30004);
    expect((await call(ctx, w.token, 'GET', `${STATE}?shedId=${w.otherShed}&group=tempDayAge`)).code).toBe(30004);
    expect((await call(ctx, w.otherToken, 'GET', `${STATE}?shedId=${w.sheds[0]}&group=tempDayAge`)).code).toBe(30004);
    expect((await call<Page<OptionLogRow>>(ctx, w.otherToken, 'GET', LOGS)).data.total).toBe(0);
    // A pending command acknowledged by another tenant's device stays pending.
    devices[0]!.mode = 'silent';
    const { results } = await apply([w.sheds[0]!], 26);
    const intruder = await FakeController.connect(ctx, w.otherGateway.code);
    devices.push(intruder);
    await intruder.client.publishAsync(
      `fs/${w.otherGateway.code}/ack`,
      JSON.stringify({ id: results[0]!.commandId, ok: true, msg: 'ok', data: {} }),
      { qos: 1 },
    );
    await new Promise((res) => setTimeout(res, 300));
    expect(await statusOf(w.sheds[0]!, results[0]!.version!)).toBe('pending');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, DeviceListAnswer, OptionLogRow, Page } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { closeBench, controlBench, type ControlWorld, FakeController, LOGS, restoreVersion, securityCode } from './control.fixtures.js';

const SWITCH = '/api/remotecontrol/device/switch';
const LIST = '/api/remotecontrol/device/list';

/**
 * Devices by hand (SPEC §2 /remote-control/device) through the real HTTP layer and the embedded
 * broker: a switch is sent as `setDevice` with the code, acknowledged per device, logged, and the
 * durable return job sends the device back to automatic at its time; on/off devices refuse other
 * values; another tenant's house is 30004; a switch is not restored.
 */
describe(`remote control: devices by hand (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;

  const switchDevice = async (body: Record<string, unknown>, token = w.token) =>
    call<ApplyAnswer>(ctx, token, 'POST', SWITCH, { shedId: w.sheds[0], codeKind: 'security', code: await securityCode(ctx), ...body });
  const list = async (): Promise<DeviceListAnswer> =>
    (await call<DeviceListAnswer>(ctx, w.token, 'GET', `${LIST}?shedId=${w.sheds[0]}`)).data;
  const device = async (key: string) => (await list()).devices.find((d) => d.key === key);

  beforeAll(async () => {
    ({ ctx, w, dev } = await controlBench('dev'));
  });
  afterAll(async () => closeBench(ctx, dev));

  it('switches a fan to 50 % for 5 minutes: sent, acknowledged, listed with its return time, logged', async () => {
    const r = await switchDevice({ key: 'fan.1', value: 50, returnMinutes: 5 });
    expect(r.code).toBe(1);
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 1, status: 'pending', online: true });
    await waitFor(async () => (await device('fan.1'))?.command?.status === 'synced');
    expect(dev.commands.at(-1)).toMatchObject({ op: 'setDevice', params: { version: 1, key: 'fan.1', value: 50, returnMinutes: 5 } });
    const fan = (await device('fan.1'))!;
    expect(fan).toMatchObject({ kind: 'fan', index: 1, variable: true, command: { value: 50, status: 'synced' } });
    expect(fan.command!.returnAt! - fan.command!.createdAt).toBe(5 * 60_000);
    // A pump switched on is its own device: the fan's command stays as it was.
    expect((await switchDevice({ key: 'pump.2', value: 1, returnMinutes: 30 })).data.results[0]!.version).toBe(2);
    await waitFor(async () => (await device('pump.2'))?.command?.status === 'synced');
    expect((await device('fan.1'))!.command).toMatchObject({ version: 1, status: 'synced' });
  });

  it('refuses values an on/off device cannot take, unknown devices and another tenant (99996, 30004)', async () => {
    const bad = await switchDevice({ key: 'heater.1', value: 0.5, returnMinutes: 5 });
    expect(bad.code).toBe(99996);
    expect(bad.data).toEqual({ issues: [{ field: 'value', key: 'validation.onOff' }] });
    expect((await switchDevice({ key: 'mist.1', value: 1, returnMinutes: 5 })).code).toBe(99996);
    expect((await switchDevice({ key: 'light.5', value: 50, returnMinutes: 5 })).data).toEqual({
      issues: [{ field: 'key', key: 'validation.invalid' }],
    });
    expect((await switchDevice({ key: 'light.1', value: 101, returnMinutes: 5 })).data).toEqual({
      issues: [{ field: 'value', key: 'validation.tooLarge' }],
    });
    expect((await switchDevice({ key: 'fan.1', value: 120, returnMinutes: 5 })).code).toBe(99996);
    expect((await switchDevice({ key: 'fan.1', value: 20, returnMinutes: 0 })).code).toBe(99996);
    expect((await switchDevice({ key: 'fan.1', value: 20, returnMinutes: 1441 })).data).toEqual({
      issues: [{ field: 'returnMinutes', key: 'validation.tooLarge' }],
    });
    // A hand value needs its minutes; only going back to automatic may leave them out.
    expect((await switchDevice({ key: 'fan.1', value: 20, returnMinutes: null })).data).toEqual({
      issues: [{ field: 'returnMinutes', key: 'validation.required' }],
    });
    expect((await switchDevice({ key: 'fan.1', value: 20, returnMinutes: 5, shedId: w.otherShed })).code).toBe(30004);
    expect((await call(ctx, w.otherToken, 'GET', `${LIST}?shedId=${w.sheds[0]}`)).code).toBe(30004);
    const restore = await restoreVersion(ctx, w.token, w.sheds[0]!, 'device', 1);
    expect(restore.code).toBe(10009);
  });

  it('the durable return job sends the device back to automatic at its time, logged as a return', async () => {
    const [sw] = await ctx.database.query<{ id: string }>(
      `SELECT id FROM control_commands WHERE grp = 'device' AND version = 1 AND shed_id = $1`,
      [w.sheds[0]],
    );
    // Bring the job's time forward (as if the 5 minutes had passed).
    await ctx.database.query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE key = $1`, [`return-${sw!.id}`]);
    await ctx.jobs.runDue(); // the return: its command and the job that sends it once committed
    await ctx.jobs.runDue();
    await waitFor(
      async () => (await device('fan.1'))?.command?.value === null && (await device('fan.1'))?.command?.status === 'synced',
      20_000,
    );
    expect(dev.commands.at(-1)).toMatchObject({ op: 'setDevice', params: { key: 'fan.1', value: null } });
    const logs = await call<Page<OptionLogRow>>(ctx, w.token, 'GET', `${LOGS}?shedId=${w.sheds[0]}&group=device`);
    expect(logs.data.list.map((l) => [l.action, l.version, l.accountName !== null])).toEqual([
      ['return', 3, false],
      ['switch', 2, true],
      ['switch', 1, true],
    ]);
    expect(logs.data.list[0]).toMatchObject({
      fromValue: { key: 'fan.1', value: 50 },
      toValue: { key: 'fan.1', value: null },
      status: 'synced',
    });
  });

  it('two switches in one house at the same moment both land, each with its own version', async () => {
    const [a, b] = await Promise.all([
      switchDevice({ key: 'fan.2', value: 30, returnMinutes: 10 }),
      switchDevice({ key: 'fan.3', value: 40, returnMinutes: 10 }),
    ]);
    expect([a.code, b.code]).toEqual([1, 1]);
    const versions = [a.data.results[0]!.version, b.data.results[0]!.version].sort();
    expect(versions).toEqual([4, 5]);
    expect((await device('fan.2'))!.command).toMatchObject({ value: 30 });
    expect((await device('fan.3'))!.command).toMatchObject({ value: 40 });
    // Back to automatic now, without minutes: no return job, no return time.
    const back = await switchDevice({ key: 'fan.2', value: null, returnMinutes: null });
    expect(back.data.results[0]).toMatchObject({ code: 1, version: 6 });
    expect((await device('fan.2'))!.command).toMatchObject({ value: null, returnAt: null });
    const [jobs] = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE key = $1`, [
      `return-${back.data.results[0]!.commandId}`,
    ]);
    expect(jobs!.n).toBe(0);
  });

  it('lists a lighting zone with the lux it reads, dims it by hand and the return job gives it back to its schedule', async () => {
    await ctx.database.query(
      `INSERT INTO telemetry_latest (gateway_id, key, ts, value) VALUES ($1, 'light.1', now(), 18), ($1, 'temp.1', now(), 24)`,
      [w.gateways[0]!.id],
    );
    const before = await list();
    expect(before.devices.map((d) => d.key)).toEqual(['fan.1', 'fan.2', 'fan.3', 'light.1', 'pump.2']);
    expect(before.devices.find((d) => d.key === 'light.1')).toMatchObject({
      kind: 'light',
      index: 1,
      variable: true,
      value: 18,
      command: null,
    });
    const r = await switchDevice({ key: 'light.1', value: 40, returnMinutes: 20 });
    expect(r.data.results[0]).toMatchObject({ code: 1, version: 7, status: 'pending', online: true });
    await waitFor(async () => (await device('light.1'))?.command?.status === 'synced');
    expect(dev.commands.at(-1)).toMatchObject({ op: 'setDevice', params: { version: 7, key: 'light.1', value: 40, returnMinutes: 20 } });
    const light = (await device('light.1'))!;
    expect(light.command!.returnAt! - light.command!.createdAt).toBe(20 * 60_000);
    const [job] = await ctx.database.query<{ id: string }>(`SELECT id FROM jobs WHERE key = $1`, [
      `return-${r.data.results[0]!.commandId}`,
    ]);
    expect(job).toBeDefined();
    await ctx.database.query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE key = $1`, [
      `return-${r.data.results[0]!.commandId}`,
    ]);
    await ctx.jobs.runDue();
    await ctx.jobs.runDue();
    await waitFor(
      async () => (await device('light.1'))?.command?.value === null && (await device('light.1'))?.command?.status === 'synced',
      20_000,
    );
    expect(dev.commands.at(-1)).toMatchObject({ op: 'setDevice', params: { version: 8, key: 'light.1', value: null } });
  });
  it('sends a switch to a controller read offline at the start that came online while the switch was written', async () => {
    const gw = w.gateways[0]!.id;
    await ctx.database.query('UPDATE gateway_status SET online = false WHERE gateway_id = $1', [gw]);
    // No online event from the link (resendPending sends nothing): the switch itself must look again.
    await ctx.database.query(`CREATE FUNCTION device_test_online() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE gateway_status SET online = true WHERE gateway_id = ${gw}; RETURN NEW; END $$`);
    await ctx.database.query(
      'CREATE TRIGGER device_test_online AFTER INSERT ON control_commands FOR EACH ROW EXECUTE FUNCTION device_test_online()',
    );
    try {
      const r = await switchDevice({ key: 'fan.2', value: 30, returnMinutes: 5 });
      expect(r.data.results[0]).toMatchObject({ code: 1, status: 'pending', online: true });
      await waitFor(async () => (await device('fan.2'))?.command?.status === 'synced');
      expect(dev.commands.at(-1)).toMatchObject({ op: 'setDevice', params: { key: 'fan.2', value: 30 } });
      expect((await list()).online).toBe(true);
    } finally {
      await ctx.database.query('DROP TRIGGER device_test_online ON control_commands');
      await ctx.database.query('DROP FUNCTION device_test_online()');
    }
  });
});

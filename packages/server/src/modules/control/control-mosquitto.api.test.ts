import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyAnswer, SettingStateAnswer } from '@farmsense/shared';
import { BROKER_URL, brokerAvailable, dropSession, waitFor } from '../../iot/testkit.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { buildWorld, curve, curveCalls, FakeController, type CurveCalls, online, type ControlWorld } from './control.fixtures.js';

/**
 * Remote control through the machine's real Mosquitto (external broker mode, MQTT_URL), as
 * production runs it: the command goes out on fs/{code}/cmd, the device's ack comes back on
 * fs/{code}/ack through the server's live subscription, and a controller offline at the save gets
 * its command when its status says online again. As in iot/mosquitto.api.test.ts, the devices
 * connect with their code as username (this Mosquitto allows anonymous clients; production's
 * password file and `pattern readwrite fs/%u/#` ACL are the broker's own job), the run uses its
 * own shared-subscription group and session id, and status messages are not retained, so the
 * broker keeps nothing of the run. Skipped when no broker answers, unless MQTT_TEST=required (CI).
 */
const brokerUp = await brokerAvailable();

describe.skipIf(!brokerUp)(`remote control through Mosquitto (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  const run = randomBytes(4).toString('hex');
  const clientId = `fs-test-${run}-control`;
  const devices: FakeController[] = [];

  let c: CurveCalls;
  const apply = (shedId: number, target: number): Promise<ApplyAnswer> => c.save([shedId], target);
  const state = (shedId: number): Promise<SettingStateAnswer> => c.state(shedId);
  const statusOf = (shedId: number, version: number): Promise<string | undefined> => c.statusOf(shedId, version);

  beforeAll(async () => {
    ctx = await createTestApp({
      demo: false,
      env: { MQTT_URL: BROKER_URL },
      iot: { shareGroup: `t${run}control`, clientId, lingerMs: 5, statusFlushMs: 200 },
    });
    w = await buildWorld(ctx, 'mq');
    c = curveCalls(ctx, w);
  });
  afterAll(async () => {
    for (const d of devices) d.client.end(true);
    await ctx?.close();
    await dropSession(BROKER_URL, clientId).catch(() => undefined);
  });

  it('sends a setting saved with the security code on fs/{code}/cmd and records it synced from the ack on fs/{code}/ack', async () => {
    expect(ctx.iot.mode).toBe('external');
    const dev = await FakeController.connect(ctx, w.gateways[0]!.code, BROKER_URL);
    devices.push(dev);
    await online(ctx, w.gateways[0]!.id);
    const { results } = await apply(w.sheds[0]!, 24);
    expect(results).toEqual([expect.objectContaining({ shedId: w.sheds[0], code: 1, version: 1, status: 'pending', online: true })]);
    await waitFor(async () => (await statusOf(w.sheds[0]!, 1)) === 'synced');
    expect(dev.commands).toEqual([{ id: results[0]!.commandId, op: 'setTempCurve', params: { version: 1, ...curve(24) } }]);
    const s = await state(w.sheds[0]!);
    expect(s).toMatchObject({ desiredVersion: 1, reportedVersion: 1, status: 'synced', online: true, reported: curve(24) });
    expect(s.versions[0]).toMatchObject({ attempts: 1, ackMsg: 'ok' });
  });

  it('keeps a save for a controller gone offline pending, and delivers it when the controller is back online', async () => {
    const gw = w.gateways[0]!;
    await devices.shift()!.close();
    await online(ctx, gw.id, false);
    const { results } = await apply(w.sheds[0]!, 22);
    expect(results[0]).toMatchObject({ code: 1, version: 2, status: 'pending', online: false });
    expect((await state(w.sheds[0]!)).versions[0]).toMatchObject({ version: 2, status: 'pending', attempts: 0 });
    const back = await FakeController.connect(ctx, gw.code, BROKER_URL);
    devices.push(back);
    await waitFor(async () => (await statusOf(w.sheds[0]!, 2)) === 'synced');
    expect([...new Set(back.commands.map((c) => c.id))]).toEqual([results[0]!.commandId]);
    expect(back.commands[0]!.params).toEqual({ version: 2, ...curve(22) });
    expect(await state(w.sheds[0]!)).toMatchObject({ desiredVersion: 2, reportedVersion: 2, status: 'synced', reported: curve(22) });
  });

  it('delivers to a controller that never connected before once it first comes online', async () => {
    const gw = w.gateways[1]!;
    const { results } = await apply(w.sheds[1]!, 23);
    expect(results[0]).toMatchObject({ code: 1, version: 1, status: 'pending', online: false });
    const dev = await FakeController.connect(ctx, gw.code, BROKER_URL);
    devices.push(dev);
    await waitFor(async () => (await statusOf(w.sheds[1]!, 1)) === 'synced');
    expect(dev.commands.map((c) => c.id)).toContain(results[0]!.commandId);
  });
});

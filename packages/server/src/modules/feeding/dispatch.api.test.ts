import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeederDispatchRow, PlanRow } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { createTestApp, TEST_DB, type TestContext } from '../../test/harness.js';
import { adminToken, call } from '../../test/factories.js';
import { FakeController, online } from '../control/control.fixtures.js';
import { feederPens, lactationFeed, lactationPlan, type FeederSet } from './feeding.fixtures.js';

const PLAN = '/api/feeding/plan';

/**
 * A plan dispatched through the device link: each feeder's copy is a `setRation` command to its
 * concentrator's gateway, settled by the ack (confirmed or failed) or by its expiry, kept pending
 * while the gateway is offline and sent when it comes back; failed copies are sent again on retry.
 */
describe(`feeding dispatch over the device link (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let set: FeederSet;
  let code: string;
  let planId: number;
  let device: FakeController | null = null;

  beforeAll(async () => {
    ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
    code = `fs-fdlink${TEST_DB === 'postgres' ? 'p' : 'g'}${Date.now() % 100000}`;
    const w = await feederPens(ctx, { name: 'Link', houses: ['Farrowing L', 'Farrowing L2'], code });
    set = w.set;
    token = await adminToken(ctx.database.db, w.tenant, 'lk-admin');
    const meals = [
      { startMinute: 360, endMinute: 420, share: 50 },
      { startMinute: 1020, endMinute: 1080, share: 50 },
    ];
    const feed = await lactationFeed(ctx, w.tenant);
    const add = await call<{ id: number }>(ctx, token, 'POST', PLAN, lactationPlan({ farmId: w.farm, shedId: w.shed }, feed, meals));
    planId = add.data.id;
  });
  afterAll(async () => {
    await device?.close();
    await ctx?.close();
  });

  const plan = async () => (await call<PlanRow>(ctx, token, 'GET', `${PLAN}/${planId}`)).data;
  const copies = async () => (await call<FeederDispatchRow[]>(ctx, token, 'GET', `${PLAN}/feeders/${planId}`)).data;
  const dispatch = () => call<{ dispatchStatus: string }>(ctx, token, 'POST', `${PLAN}/dispatch`, { id: planId });

  it('keeps every copy pending while the concentrator is offline and delivers them when it comes back', async () => {
    expect((await dispatch()).data).toEqual({ dispatchStatus: 'dispatching' });
    expect((await plan()).dispatch).toEqual({ feeders: 3, notSent: 0, sending: 3, sent: 0, failed: 0 });
    device = await FakeController.connect(ctx, code);
    await waitFor(async () => (await plan()).dispatchStatus === 'dispatched');
    // Each feeder's copy (the link may send one twice when the gateway says online twice: the ack settles it once).
    expect([...new Set(device.commands.map((c) => `${c.op} ${String(c.params.collector)}/${String(c.params.feeder)}`))].sort()).toEqual([
      'setRation 01/001',
      'setRation 01/002',
      'setRation 01/003',
    ]);
    const first = device.commands.find((c) => c.params.feeder === '001')!;
    expect(first.params).toMatchObject({
      feederId: set.feeders[0],
      planId,
      stages: [
        { startDay: 1, endDay: 10, grams: 4000 },
        { startDay: 11, endDay: 28, grams: 5000 },
      ],
      meals: [
        { start: 360, end: 420, share: 50 },
        { start: 1020, end: 1080, share: 50 },
      ],
    });
    expect(typeof first.params.version).toBe('number');
    expect((await copies()).map((c) => [c.status, c.result])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('shows a refusing feeder as failed, the plan as partial, and retries only the failed copy', async () => {
    await online(ctx, set.gatewayId);
    device!.mode = 'silent';
    const before = device!.commands.length;
    await dispatch();
    await waitFor(() => device!.commands.length === before + 3);
    const [first, second, third] = device!.commands.slice(before);
    const ack = (id: string, ok: boolean) =>
      device!.client.publishAsync(`fs/${code}/ack`, JSON.stringify({ id, ok, msg: ok ? 'ok' : 'motorFault', data: {} }), { qos: 1 });
    await ack(first!.id, true);
    await ack(second!.id, false);
    await ack(third!.id, true);
    await waitFor(async () => (await plan()).dispatchStatus === 'partial');
    expect((await plan()).dispatch).toMatchObject({ sent: 2, failed: 1, sending: 0 });
    expect((await copies()).map((c) => c.result)).toEqual([1, 20048, 1]);
    device!.mode = 'ok';
    const retry = await call<{ dispatchStatus: string; retried: number }>(ctx, token, 'POST', `${PLAN}/dispatch/retry`, { id: planId });
    expect(retry.data).toEqual({ dispatchStatus: 'dispatching', retried: 1 });
    await waitFor(async () => (await plan()).dispatchStatus === 'dispatched');
    expect(device!.commands.length).toBe(before + 4);
    expect(device!.commands.at(-1)!.params.feeder).toBe('002');
    expect((await copies()).map((c) => [c.result, c.attempts])).toEqual([
      [1, 1],
      [1, 2],
      [1, 1],
    ]);
  });

  it('fails a copy nobody answers at its expiry (203342), never silently', async () => {
    device!.mode = 'silent';
    await dispatch();
    await ctx.database.query(
      `UPDATE control_commands SET expires_at = now() - interval '1 second' WHERE grp = 'feeding' AND status = 'pending'`,
    );
    await ctx.database.query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE name = 'control.expire' AND state = 'queued'`);
    await ctx.jobs.runDue();
    expect((await plan()).dispatchStatus).toBe('failed');
    expect((await copies()).map((c) => [c.status, c.result])).toEqual([
      ['sent', 203342],
      ['sent', 203342],
      ['sent', 203342],
    ]);
    const retry = await call<{ retried: number }>(ctx, token, 'POST', `${PLAN}/dispatch/retry`, { id: planId });
    expect(retry.data.retried).toBe(3);
  });
});

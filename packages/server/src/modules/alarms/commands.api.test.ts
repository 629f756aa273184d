import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmRow, ApplyAnswer, LiveAlarm, Page } from '@farmsense/shared';
import { waitFor } from '../../iot/testkit.js';
import { TEST_DB, type TestContext } from '../../test/harness.js';
import { call } from '../../test/factories.js';
import { commandAlarms } from './commands.js';
import { closeBench, controlBench, type ControlWorld, curveCalls, expireCommand, FakeController } from '../control/control.fixtures.js';

const RECORD = '/api/warning/record';

/**
 * The "command failed" rule through the real path: a setting saved over HTTP, sent to a fake
 * controller over the embedded broker, refused (failed) or left unanswered until the expiry job
 * (expired); the control module settles the row and the alarms module raises one alarm per
 * (rule, controller, setting group), carrying the version, cleared by a later synced setting.
 */
describe(`command failed alarms (${TEST_DB})`, () => {
  let ctx: TestContext;
  let w: ControlWorld;
  let dev: FakeController;
  const events: LiveAlarm[] = [];

  const apply = async (target: number): Promise<ApplyAnswer['results'][number]> =>
    (await curveCalls(ctx, w).save([w.sheds[0]!], target)).results[0]!;
  const status = async (id: string): Promise<string | undefined> =>
    (await ctx.database.query<{ status: string }>('SELECT status FROM control_commands WHERE id = $1', [id]))[0]?.status;
  const alarmsOf = async (): Promise<AlarmRow[]> =>
    (await call<Page<AlarmRow>>(ctx, w.token, 'GET', `${RECORD}/page?farmId=${w.farm}&kind=commandFailed`)).data.list;

  beforeAll(async () => {
    ({ ctx, w, dev } = await controlBench('alarmcmd'));
    const group = await call<{ id: number }>(ctx, w.token, 'POST', '/api/warning/ruleGroup', {
      farmId: w.farm,
      shedType: 0,
      name: 'Houses',
    });
    expect(group.code).toBe(1);
    const rule = await call(ctx, w.token, 'POST', '/api/warning/rule', {
      groupId: group.data.id,
      name: 'Setting not applied',
      level: 2,
      kind: 'commandFailed',
      message: 'The controller did not take the setting',
    });
    expect(rule.code).toBe(1);
    // A disabled rule of the same group raises nothing.
    await call(ctx, w.token, 'POST', '/api/warning/rule', {
      groupId: group.data.id,
      name: 'Disabled',
      level: 3,
      kind: 'commandFailed',
      message: 'Off',
      enabled: false,
    });
    ctx.live.subscribe((e) => {
      if (e.type === 'alarm') events.push(e.data);
    });
  });
  afterAll(async () => closeBench(ctx, dev));

  it('stores the rule as a device-state rule without property fields', async () => {
    const page = await call<Page<{ kind: string; property: string; operator: string | null }>>(
      ctx,
      w.token,
      'GET',
      `/api/warning/rule/page?farmId=${w.farm}&kind=commandFailed`,
    );
    expect(page.data.list.map((r) => [r.kind, r.property, r.operator])).toEqual([
      ['commandFailed', 'command', null],
      ['commandFailed', 'command', null],
    ]);
  });

  it('raises one alarm on the controller when it refuses a setting, with the group and version', async () => {
    dev.mode = 'ok';
    const first = await apply(24);
    await waitFor(async () => (await status(first.commandId!)) === 'synced');
    expect(await alarmsOf()).toEqual([]);
    dev.mode = 'refuse';
    const refused = await apply(20);
    await waitFor(async () => (await status(refused.commandId!)) === 'failed');
    const list = await alarmsOf();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'commandFailed',
      key: 'command.tempDayAge',
      value: refused.version,
      gatewayId: w.gateways[0]!.id,
      shedId: w.sheds[0],
      level: 2,
      ruleName: 'Setting not applied',
      active: true,
    });
    await waitFor(() => events.some((e) => e.change === 'raised' && e.id === list[0]!.id));
  });

  it('keeps one live alarm when the next setting of the group expires unanswered, now naming that version', async () => {
    dev.mode = 'silent';
    const silent = await apply(21);
    await waitFor(() => dev.commands.some((c) => c.id === silent.commandId));
    await expireCommand(ctx, silent.commandId!);
    expect(await status(silent.commandId!)).toBe('expired');
    const list = await alarmsOf();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ active: true, value: silent.version });
    // The same outcome heard again, twice at once (a second process): no second alarm, no event.
    const cmd = {
      id: silent.commandId!,
      tenantId: w.tenant,
      farmId: w.farm,
      shedId: w.sheds[0]!,
      gatewayId: w.gateways[0]!.id,
      group: 'tempDayAge',
      version: silent.version!,
      status: 'expired' as const,
      at: new Date(),
    };
    const before = events.length;
    const after = await Promise.all([0, 1].map(() => ctx.database.db.transaction((tx) => commandAlarms(tx, ctx.deps, cmd))));
    expect(after).toEqual([undefined, undefined]);
    expect(events.length).toBe(before);
    const [n] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alarms WHERE kind = 'commandFailed' AND gateway_id = $1`,
      [w.gateways[0]!.id],
    );
    expect(n!.n).toBe(1);
  });

  it('clears when a later setting of the group is synced', async () => {
    dev.mode = 'ok';
    const good = await apply(23);
    await waitFor(async () => (await status(good.commandId!)) === 'synced');
    const [a] = await alarmsOf();
    expect(a).toMatchObject({ active: false, value: good.version! - 1 });
    expect(a!.endedAt).not.toBeNull();
    await waitFor(() => events.some((e) => e.change === 'cleared' && e.id === a!.id));
  });
});

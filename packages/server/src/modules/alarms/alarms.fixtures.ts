import type { MqttClient } from 'mqtt';
import type { LiveAlarm } from '@farmsense/shared';
import { addGateway, connected, deviceClient, newCode, waitFor } from '../../iot/testkit.js';
import type { TestContext } from '../../test/harness.js';

/**
 * The alarm tests' house controller: a gateway of the house connected to the embedded broker (its
 * readings go through ingest to the evaluator), and the live alarm events the server sends from
 * then on. Close `device` after the tests.
 */
export interface AlarmDevice {
  code: string;
  gatewayId: number;
  device: MqttClient;
  events: LiveAlarm[];
}

export async function alarmDevice(
  ctx: TestContext,
  at: { tenantId: number; farmId: number; shedId: number },
  prefix: string,
): Promise<AlarmDevice> {
  const code = newCode(prefix);
  const gatewayId = await addGateway(ctx.database, { ...at, code });
  const device = deviceClient(ctx.iot, { username: code, password: 'secret' });
  await connected(device);
  const events: LiveAlarm[] = [];
  ctx.live.subscribe((e) => {
    if (e.type === 'alarm') events.push(e.data);
  });
  return { code, gatewayId, device, events };
}

/** Waits until the evaluator has gone over every reading of the gateway up to `ts` (its progress row). */
export async function evaluatedUpTo(ctx: TestContext, gatewayId: number, ts: number): Promise<void> {
  await waitFor(async () => {
    const [p] = await ctx.database.query<{ ms: number }>(
      `SELECT extract(epoch FROM last_ts) * 1000 AS ms FROM alarm_progress WHERE gateway_id = $1`,
      [gatewayId],
    );
    return p !== undefined && Number(p.ms) >= ts;
  });
}

/** A threshold rule on the first temperature probe: a breach above `high` (every day age). */
export const hotRule = (high: number): Record<string, unknown> => ({
  name: 'Hot',
  level: 1,
  kind: 'threshold',
  property: 'temp.1',
  operator: 'gt',
  message: 'Check the house',
  stages: [{ fromDay: 0, toDay: 9999, high }],
});

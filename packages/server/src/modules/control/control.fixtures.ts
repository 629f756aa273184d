import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { AccountType, type ApplyAnswer, type SettingGroup, type SettingStateAnswer } from '@farmsense/shared';
import { accounts } from '../../db/tables.js';
import { hashPassword } from '../../lib/passwords.js';
import { addGateway, connected, deviceClient, newCode, waitFor } from '../../iot/testkit.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { buildAccount, buildFarm, buildShed, buildTenant, call, tokenFor, type ApiAnswer } from '../../test/factories.js';
import { encrypt } from '../../test/login.js';

/** Test setup of the control module: a tenant with two houses and their controllers, and device clients. */
export const SAFE_CODE = '246810';
export const APPLY = '/api/remotecontrol/setting/apply';
export const STATE = '/api/remotecontrol/setting/state';
export const RESTORE = '/api/remotecontrol/setting/restore';
export const LOGS = '/api/remotecontrol/optionLog/page';
export const CODES = '/api/safecontrol/authCode';

export const curve = (target = 24) => ({
  points: [
    { day: -2, target: target + 6, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    { day: 1, target: target + 4, heatOffset: 1, coolOffset: 2, tunnelOffset: 5 },
    { day: 21, target, heatOffset: 1, coolOffset: 2, tunnelOffset: 4 },
  ],
  rhTarget: 60,
});

export interface ControlWorld {
  tenant: number;
  farm: number;
  sheds: number[];
  gateways: { id: number; code: string }[];
  token: string;
  otherToken: string;
  otherShed: number;
  otherGateway: { id: number; code: string };
}

/** A tenant administrator whose security code is `SAFE_CODE`, as remote control asks for it: its account id and token. */
export async function safeCodeAdmin(ctx: TestContext, tenantId: number, accountCode: string): Promise<{ id: number; token: string }> {
  const { db } = ctx.database;
  const id = await buildAccount(db, { tenantId, accountCode, accountType: AccountType.TENANT_ADMIN });
  await db
    .update(accounts)
    .set({ secureHash: await hashPassword(SAFE_CODE) })
    .where(eq(accounts.id, id));
  return { id, token: await tokenFor(db, accountCode) };
}

export async function buildWorld(ctx: TestContext, name: string): Promise<ControlWorld> {
  const { db } = ctx.database;
  const tenant = await buildTenant(db, `Control ${name}`, ['pig']);
  const farm = await buildFarm(db, tenant, `Control Farm ${name}`, 1);
  const sheds = [await buildShed(db, tenant, farm, { shedName: 'House A' }), await buildShed(db, tenant, farm, { shedName: 'House B' })];
  const gateways = [];
  for (const shedId of sheds) {
    const code = newCode('ct');
    gateways.push({ id: await addGateway(ctx.database, { tenantId: tenant, code, farmId: farm, shedId }), code });
  }
  const admin = await safeCodeAdmin(ctx, tenant, `ct-${name}-admin`);
  const other = await buildTenant(db, `Control Other ${name}`, ['pig']);
  const otherFarm = await buildFarm(db, other, `Other Farm ${name}`, 1);
  const otherShed = await buildShed(db, other, otherFarm, { shedName: 'Elsewhere' });
  const otherCode = newCode('ot');
  const otherGateway = {
    id: await addGateway(ctx.database, { tenantId: other, code: otherCode, farmId: otherFarm, shedId: otherShed }),
    code: otherCode,
  };
  await buildAccount(db, { tenantId: other, accountCode: `ct-${name}-other`, accountType: AccountType.TENANT_ADMIN });
  return {
    tenant,
    farm,
    sheds,
    gateways,
    token: admin.token,
    otherToken: await tokenFor(db, `ct-${name}-other`),
    otherShed,
    otherGateway,
  };
}

export type AckMode = 'ok' | 'refuse' | 'silent' | 'twice';

/** A controller that records its commands and answers them as `mode` says. */
export class FakeController {
  readonly commands: { id: string; op: string; params: Record<string, unknown> }[] = [];
  mode: AckMode = 'ok';
  /**
   * The commands as the device acts on them, once per id in the order first received: the platform
   * sends a still-pending command again when the device comes online (an `online` heard late
   * resends what was just sent), and QoS 1 may deliver twice.
   */
  get distinct(): FakeController['commands'] {
    const seen = new Set<string>();
    return this.commands.filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  }
  private constructor(
    readonly client: MqttClient,
    readonly code: string,
    /** Status messages retained (embedded broker); not on a shared external broker, which would keep them. */
    private readonly retain: boolean,
  ) {}

  /** Through the embedded broker in process, or over TCP to the external broker at `url`. */
  static async connect(ctx: TestContext, code: string, url?: string): Promise<FakeController> {
    const client = url
      ? deviceClient(null, { url, clientId: `${code}-dev`, username: code })
      : deviceClient(ctx.iot, { username: code, password: 'secret' });
    await connected(client);
    const c = new FakeController(client, code, !url);
    client.on('message', (_topic, payload) => void c.answer(payload));
    await client.subscribeAsync(`fs/${code}/cmd`, { qos: 1 });
    await client.publishAsync(`fs/${code}/status`, 'online', { qos: 1, retain: c.retain });
    return c;
  }

  private async answer(payload: Buffer): Promise<void> {
    const cmd = JSON.parse(payload.toString()) as { id: string; op: string; params: Record<string, unknown> };
    this.commands.push(cmd);
    if (this.mode === 'silent') return;
    const ack = JSON.stringify({ id: cmd.id, ok: this.mode !== 'refuse', msg: this.mode === 'refuse' ? 'outOfRange' : 'ok', data: {} });
    await this.client.publishAsync(`fs/${this.code}/ack`, ack, { qos: 1 });
    if (this.mode === 'twice') await this.client.publishAsync(`fs/${this.code}/ack`, ack, { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client.publishAsync(`fs/${this.code}/status`, 'offline', { qos: 1, retain: this.retain });
    await this.client.endAsync();
  }
}

/** Waits until the gateway is recorded online (so a save sends at once). */
export async function online(ctx: TestContext, gatewayId: number, want = true): Promise<void> {
  await waitFor(async () => {
    const [s] = await ctx.database.query<{ online: boolean }>('SELECT online FROM gateway_status WHERE gateway_id = $1', [gatewayId]);
    return (s?.online ?? false) === want;
  });
}

/** Lets a sent command's time pass: its expiry and its expire job moved to now, then the due jobs run. */
export async function expireCommand(ctx: TestContext, id: string): Promise<void> {
  await ctx.database.query(`UPDATE control_commands SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
  await ctx.database.query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE name = 'control.expire' AND key = $1`, [
    `expire-${id}`,
  ]);
  await ctx.jobs.runDue();
}

export const securityCode = (ctx: TestContext, code = SAFE_CODE): Promise<string> => encrypt(ctx, code);

/** Restores `version` of the house's `group` as a new version, confirmed with the security code. */
export async function restoreVersion(
  ctx: TestContext,
  token: string,
  shedId: number,
  group: SettingGroup,
  version: number,
): Promise<ApiAnswer<ApplyAnswer>> {
  return call<ApplyAnswer>(ctx, token, 'POST', RESTORE, { shedId, group, version, codeKind: 'security', code: await securityCode(ctx) });
}

/** The calls of one setting group's tests: apply with the security code, the group's state, a version's status. */
export interface GroupCalls {
  apply: (shedIds: number[], payload: unknown, token?: string) => Promise<ApiAnswer<ApplyAnswer>>;
  state: (shedId: number) => Promise<SettingStateAnswer>;
  statusOf: (shedId: number, version: number) => Promise<string | undefined>;
}

/**
 * The remote-control test bench: an app without demo data on the embedded broker, a world named
 * `name`, and its first house's controller connected and recorded online; `closeBench` ends it.
 */
export async function controlBench(name: string): Promise<{ ctx: TestContext; w: ControlWorld; dev: FakeController }> {
  const ctx = await createTestApp({ demo: false, iot: { tcpPort: null, lingerMs: 5 } });
  const w = await buildWorld(ctx, name);
  const dev = await FakeController.connect(ctx, w.gateways[0]!.code);
  await online(ctx, w.gateways[0]!.id);
  return { ctx, w, dev };
}

/** A setting group's test bench: `controlBench` and the group's calls. */
export async function groupBench(
  name: string,
  group: SettingGroup,
): Promise<{ ctx: TestContext; w: ControlWorld; dev: FakeController; g: GroupCalls }> {
  const bench = await controlBench(name);
  return { ...bench, g: groupCalls(bench.ctx, bench.w, group) };
}

/** The group's calls as the world's administrator (apply confirmed with the security code). */
export function groupCalls(ctx: TestContext, w: ControlWorld, group: SettingGroup): GroupCalls {
  const state = async (shedId: number): Promise<SettingStateAnswer> =>
    (await call<SettingStateAnswer>(ctx, w.token, 'GET', `${STATE}?shedId=${shedId}&group=${group}`)).data;
  return {
    apply: async (shedIds, payload, token = w.token) =>
      call<ApplyAnswer>(ctx, token, 'POST', APPLY, { group, shedIds, payload, codeKind: 'security', code: await securityCode(ctx) }),
    state,
    statusOf: async (shedId, version) => (await state(shedId)).versions.find((v) => v.version === version)?.status,
  };
}

/** The command tests' calls on the day-age curve: `save` applies `curve(target)`, which must be accepted, and answers the results. */
export interface CurveCalls extends GroupCalls {
  save: (shedIds: number[], target: number) => Promise<ApplyAnswer>;
}

export function curveCalls(ctx: TestContext, w: ControlWorld): CurveCalls {
  const g = groupCalls(ctx, w, 'tempDayAge');
  return {
    ...g,
    save: async (shedIds, target) => {
      const r = await g.apply(shedIds, curve(target));
      expect(r.code).toBe(1);
      return r.data;
    },
  };
}

/** Ends a bench's controller and app (either may be missing when its start failed). */
export async function closeBench(ctx: TestContext | undefined, dev: FakeController | undefined): Promise<void> {
  await dev?.client.endAsync();
  await ctx?.close();
}

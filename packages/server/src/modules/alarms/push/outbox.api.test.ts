import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Page, PushMessageRow } from '@farmsense/shared';
import { accounts } from '../../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../../test/harness.js';
import { adminToken, buildAccount, buildFarm, buildRole, buildShed, buildTenant, call, tokenFor } from '../../../test/factories.js';
import { addGateway, newCode } from '../../../iot/testkit.js';
import { evaluateReadings, type GatewayRef } from '../evaluate.js';
import { enqueueSweep } from '../jobs.js';
import { alarms } from '../tables.js';
import { pushEpisodes, pushMessages } from './tables.js';
import { advance, fakeProvider, type FakeProvider } from './testkit.js';

const MIN = 60_000;

/**
 * The durable outbox: alarms raised by the evaluator and the sweep are planned after the send
 * delay, one message per shed, repeated and escalated each interval until acknowledged, retried
 * every PUSH_RETRY_MINUTES while the provider is down, sent once however the worker ends.
 */
describe(`push outbox (${TEST_DB})`, () => {
  let ctx: TestContext;
  let provider: FakeProvider;
  let admin: string;
  let mailReader: string;
  let tenant: number;
  let farm: number;
  const gw: Record<string, GatewayRef> = {};

  const readings = (g: GatewayRef, values: Record<string, number>, ts = Date.now() - 1000) =>
    evaluateReadings(ctx.deps, g, [{ ts, values }]);
  const episodesOf = (shedId: number) => ctx.database.db.select().from(pushEpisodes).where(eq(pushEpisodes.shedId, shedId));
  const messagesOf = async (episodeId: number) =>
    (await ctx.database.db.select().from(pushMessages).where(eq(pushMessages.episodeId, episodeId))).sort((a, b) => a.id - b.id);

  beforeAll(async () => {
    provider = await fakeProvider();
    ctx = await createTestApp({
      demo: false,
      env: { SMS_WEBHOOK_URL: `${provider.url}/sms`, PUSH_RETRY_MINUTES: '4', PUSH_MAX_ATTEMPTS: '3' },
    });
    const { db } = ctx.database;
    tenant = await buildTenant(db, 'Push Live', ['pig']);
    farm = await buildFarm(db, tenant, 'Push Live Farm', 1);
    admin = await adminToken(db, tenant, 'po-admin');
    const role = await buildRole(db, tenant, 'Mail list', [{ code: 'pushmanagement.pushlist', ops: ['view'] }]);
    await buildAccount(db, { tenantId: tenant, accountCode: 'po-mail', farmIds: [farm], roleIds: [role] });
    mailReader = await tokenFor(db, 'po-mail');
    const people: number[] = [];
    for (const n of [1, 2]) {
      const id = await buildAccount(db, { tenantId: tenant, accountCode: `po-keeper${n}`, farmIds: [farm] });
      await db
        .update(accounts)
        .set({ email: `keeper${n}@example.com`, phoneNo: `1390000000${n}` })
        .where(eq(accounts.id, id));
      people.push(id);
    }
    for (const name of ['a', 'b', 'c', 'd']) {
      const shedId = await buildShed(db, tenant, farm, { shedName: `House ${name.toUpperCase()}`, shedType: 3 });
      const code = newCode();
      const id = await addGateway(ctx.database, { tenantId: tenant, code, farmId: farm, shedId });
      gw[name] = { id, code, tenantId: tenant, farmId: farm, shedId, timeZone: 'UTC' };
    }
    const group = await call<{ id: number }>(ctx, admin, 'POST', '/api/warning/ruleGroup', { farmId: farm, shedType: 3, name: 'Sows' });
    const rule = async (over: Record<string, unknown>) =>
      expect(
        (await call(ctx, admin, 'POST', '/api/warning/rule', { groupId: group.data.id, message: 'Check the house', ...over })).code,
      ).toBe(1);
    const stages = [{ fromDay: 0, toDay: 9999, high: 30 }];
    await rule({ name: 'Hot', level: 1, kind: 'threshold', property: 'temp', operator: 'gt', stages });
    await rule({
      name: 'Wet',
      level: 2,
      kind: 'threshold',
      property: 'rh',
      operator: 'gt',
      stages: [{ fromDay: 0, toDay: 9999, high: 90 }],
    });
    await rule({ name: 'Gone', level: 1, kind: 'offline' });
    const strategy = await call(ctx, admin, 'POST', '/api/warning/push/strategy', {
      farmId: farm,
      name: 'Night',
      levels: [1, 2],
      kinds: ['threshold', 'offline'],
      accountIds: people,
      extraEmails: 'office@example.com',
      language: 'en-us',
      methods: ['email', 'sms'],
      intervalMinutes: 10,
      sendDelaySec: 60,
    });
    expect(strategy.code).toBe(1);
  });
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  it('sends a shed burst as one message after the send delay, repeats and escalates, retries a provider outage, stops on acknowledge', async () => {
    const shed = gw.a!.shedId!;
    await readings(gw.a!, { 'temp.1': 35, 'rh.1': 95 });
    await readings(gw.a!, { 'temp.2': 36 });
    await ctx.jobs.runDue();
    let [ep] = await episodesOf(shed);
    expect([ep!.alarmIds.length, ep!.round, ep!.outcome]).toEqual([3, 0, 'open']);
    expect(await messagesOf(ep!.id)).toEqual([]);

    await advance(ctx, MIN);
    let sent = await messagesOf(ep!.id);
    expect(sent.map((m) => [m.method, m.recipient, m.round, m.status, m.channel])).toEqual([
      ['email', 'keeper1@example.com', 1, 'success', 'outbox'],
      ['email', 'office@example.com', 1, 'success', 'outbox'],
      ['sms', '13900000001', 1, 'success', 'webhook'],
    ]);
    // One message names the three alarms; its text is the catalogue's, with a working link.
    expect(sent[0]!.subject).toBe('[High] Push Live Farm / House A: 3 alarms');
    expect(sent[0]!.body.split('\n').filter((l) => l.includes('Check the house'))).toHaveLength(3);
    expect(provider.delivered.get(`push-${sent[2]!.id}`)?.text).toMatch(
      /Acknowledge: http:\/\/localhost:8080\/api\/warning\/push\/ack\/[\w-]{43}$/,
    );

    // The provider goes down for ten minutes: round 2 adds keeper 2; its SMS are retried every 4 minutes.
    provider.down = true;
    await advance(ctx, 10 * MIN);
    sent = await messagesOf(ep!.id);
    const round2 = sent.filter((m) => m.round === 2);
    expect(round2.map((m) => [m.method, m.recipient])).toEqual([
      ['email', 'keeper1@example.com'],
      ['email', 'keeper2@example.com'],
      ['email', 'office@example.com'],
      ['sms', '13900000001'],
      ['sms', '13900000002'],
    ]);
    const sms = round2.filter((m) => m.method === 'sms');
    expect(sms.map((m) => [m.status, m.attempts, m.lastError])).toEqual([
      ['pushing', 1, 'http.503'],
      ['pushing', 1, 'http.503'],
    ]);
    expect(sms[0]!.nextAttemptAt!.getTime() - sms[0]!.updatedAt.getTime()).toBe(4 * MIN);
    await advance(ctx, 4 * MIN);
    provider.down = false;
    await advance(ctx, 4 * MIN);
    const after = await ctx.database.db
      .select()
      .from(pushMessages)
      .where(
        inArray(
          pushMessages.id,
          sms.map((m) => m.id),
        ),
      );
    expect(after.map((m) => [m.status, m.attempts, m.lastError])).toEqual([
      ['success', 3, null],
      ['success', 3, null],
    ]);
    // Every SMS reached the provider's phones once.
    expect([...provider.delivered.keys()].filter((k) => sent.some((m) => k === `push-${m.id}`)).length).toBe(3);

    // Acknowledged from the records screen: the next round ends the episode, nothing more is sent.
    const ids = ep!.alarmIds;
    expect((await call(ctx, admin, 'POST', '/api/warning/record/ack', { ids })).code).toBe(1);
    const before = (await messagesOf(ep!.id)).length;
    await advance(ctx, 10 * MIN);
    [ep] = await episodesOf(shed);
    expect([ep!.outcome, (await messagesOf(ep!.id)).length]).toEqual(['acknowledged', before]);
  });

  it('gives up after everyone has been reached and two more rounds, which is not an acknowledgement', async () => {
    const shed = gw.b!.shedId!;
    await readings(gw.b!, { 'temp.1': 40 });
    for (let i = 0; i < 6; i++) await advance(ctx, i === 0 ? MIN : 10 * MIN);
    const [ep] = await episodesOf(shed);
    expect([ep!.outcome, ep!.round]).toEqual(['gaveUp', 4]);
    const [alarm] = await ctx.database.db.select().from(alarms).where(eq(alarms.shedId, shed));
    expect([alarm!.active, alarm!.acknowledged]).toEqual([true, false]);
  });

  it('an offline gateway stands for its sensor alarms: one "shed offline" message', async () => {
    const g = gw.c!;
    await readings(g, { 'temp.1': 33 });
    await ctx.database.query(`INSERT INTO gateway_status (gateway_id, online, since, last_seen_at) VALUES ($1, false, $2, $2)`, [
      g.id,
      new Date(Date.now() - 5 * MIN),
    ]);
    await enqueueSweep(ctx.deps);
    await ctx.jobs.runDue();
    // Raised while the gateway is offline: left out of the plan altogether.
    await readings(g, { 'rh.1': 99 });
    const [ep] = await episodesOf(g.shedId!);
    expect(ep!.alarmIds).toHaveLength(2);
    await advance(ctx, MIN);
    const [mail] = await messagesOf(ep!.id);
    expect(mail!.body.split('\n')[0]).toMatch(/^House C is offline since .+; 1 of its sensor alarms is left out$/);
    expect(mail!.alarmIds).toHaveLength(1);
  });

  it('a send cut short mid-request (the worker stops) runs again with the same key: delivered once', async () => {
    const g = gw.d!;
    await readings(g, { 'temp.1': 41 });
    provider.hang = true;
    const heldBefore = provider.held;
    // The worker loop takes the first round and its sends; the SMS request is held at the provider.
    await ctx.database.query(`UPDATE jobs SET run_at = now() WHERE state = 'queued' AND run_at <= now() + interval '1 minute'`);
    ctx.jobs.start();
    const end = Date.now() + 10_000;
    while (provider.held === heldBefore && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(provider.held).toBe(heldBefore + 1);
    await ctx.jobs.stop(0);
    provider.hang = false;
    await ctx.jobs.runDue();
    const [ep] = await episodesOf(g.shedId!);
    const sms = (await messagesOf(ep!.id)).filter((m) => m.method === 'sms');
    expect(sms.map((m) => [m.status, m.attempts])).toEqual([['success', 1]]);
    const key = `push-${sms[0]!.id}`;
    expect(provider.requests.filter((r) => r.key === key)).toHaveLength(2);
    expect(provider.delivered.has(key)).toBe(true);
  });

  it('lists e-mails and phone pushes with status, attempts, last error and times; filters and their refusals', async () => {
    const mails = await call<Page<PushMessageRow>>(ctx, mailReader, 'GET', `/api/warning/push/record/email?farmId=${farm}&pageSize=100`);
    expect(mails.code).toBe(1);
    expect(mails.data.list.every((m) => m.method === 'email')).toBe(true);
    const first = mails.data.list.find((m) => m.shedName === 'House A' && m.round === 1 && m.recipient === 'keeper1@example.com')!;
    expect(first).toMatchObject({
      status: 'success',
      channel: 'outbox',
      attempts: 1,
      lastError: null,
      outcome: 'acknowledged',
      farmName: 'Push Live Farm',
    });
    expect(first.body).not.toContain('/ack/');
    const sms = await call<Page<PushMessageRow>>(
      ctx,
      admin,
      'GET',
      `/api/warning/push/record/phone?method=sms&recipient=0002&shedId=${gw.a!.shedId}`,
    );
    expect(sms.data.list.map((m) => [m.recipient, m.status, m.attempts, m.lastError])).toEqual([['13900000002', 'success', 3, null]]);
    const gaveUp = await call<Page<PushMessageRow>>(ctx, admin, 'GET', `/api/warning/push/record/email?shedId=${gw.b!.shedId}&pageSize=1`);
    expect([gaveUp.data.list[0]!.outcome, gaveUp.data.total]).toEqual(['gaveUp', 11]);
    const none = await call<Page<PushMessageRow>>(ctx, admin, 'GET', '/api/warning/push/record/phone?status=failure');
    expect(none.data.total).toBe(0);
    const wide = await call(ctx, admin, 'GET', '/api/warning/push/record/email?startTime=2026-01-01 00:00:00&endTime=2026-03-01 00:00:00');
    expect([wide.code, (wide.data as { issues: unknown }).issues]).toEqual([99996, [{ field: 'endTime', key: 'validation.rangeMaxDays' }]]);
    const reversed = await call(
      ctx,
      admin,
      'GET',
      '/api/warning/push/record/email?startTime=2026-03-02 00:00:00&endTime=2026-03-01 00:00:00',
    );
    expect(reversed.code).toBe(20027);
    expect((await call(ctx, admin, 'GET', '/api/warning/push/record/phone?method=fax')).code).toBe(99996);
    // The e-mail list's function does not open the phone list.
    expect((await call(ctx, mailReader, 'GET', '/api/warning/push/record/phone')).code).toBe(10009);
  });
});

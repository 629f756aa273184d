import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../../test/harness.js';
import { call } from '../../../test/factories.js';
import { evaluateReadings, type GatewayRef } from '../evaluate.js';
import { pushFarm, pushStrategy } from './push.fixtures.js';
import { pushEpisodes, pushMessages } from './tables.js';
import { advance, fakeProvider, type FakeProvider } from './testkit.js';

const MIN = 60_000;
const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'b2'.repeat(16);

/**
 * SMS and calls through Twilio's REST API (a fake on loopback): form-encoded Messages.json and
 * Calls.json with basic auth, calls to the callees in priority order each round until one
 * presses 1 on the call's own callback, which acknowledges and ends the calling.
 */
describe(`push through Twilio, calls by priority until a keypress (${TEST_DB})`, () => {
  let ctx: TestContext;
  let provider: FakeProvider;
  let g: GatewayRef;

  beforeAll(async () => {
    provider = await fakeProvider();
    ctx = await createTestApp({ demo: false, env: { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_API_URL: provider.url } });
    const f = await pushFarm(ctx, {
      name: 'Call',
      prefix: 'tw',
      house: 'Barn 9',
      keeper: { phoneNo: '+8613900000007' },
      rule: { name: 'Hot', message: 'Too hot' },
    });
    ({ g } = f);
    const { admin, farm } = f;
    const contact = (name: string, number: string, priority: number) => ({ name, number, priority });
    expect(
      (
        await call(ctx, admin, 'POST', '/api/warning/push/phone', {
          farmId: farm,
          callers: [contact('Line', '+15005550006', 1)],
          callees: [contact('Deputy', '+15005550002', 5), contact('Manager', '+15005550001', 9)],
          templateContent: 'Alarm at {{farm}}, {{shed}}: {{alarms}}.',
          language: 'en-us',
          intervalMinutes: 5,
        })
      ).code,
    ).toBe(1);
    const strategy = { name: 'Calls', language: 'en-us', methods: ['sms', 'voice'], intervalMinutes: 15, sendDelaySec: 30 };
    expect(await pushStrategy(ctx, f, strategy)).toBe(1);
  });
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  it('texts and calls the highest priority first, then the next, until a keypress acknowledges', async () => {
    await evaluateReadings(ctx.deps, g, [{ ts: Date.now() - 1000, values: { 'temp.1': 39 } }]);
    await advance(ctx, 30_000);
    const base = `/2010-04-01/Accounts/${SID}`;
    const [sms, call1] = provider.requests;
    expect(sms).toMatchObject({ path: `${base}/Messages.json`, body: { To: '+8613900000007', From: '+15005550006' } });
    expect(sms!.body.Body).toMatch(
      /^Call Farm Barn 9: .+Too hot.+ Acknowledge: http:\/\/localhost:8080\/api\/warning\/push\/ack\/[\w-]{43}$/,
    );
    expect(sms!.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(call1).toMatchObject({ path: `${base}/Calls.json`, body: { To: '+15005550001', From: '+15005550006' } });
    expect(call1!.body.Twiml).toMatch(
      /^<Response><Gather numDigits="1" method="POST" action="http:\/\/localhost:8080\/api\/warning\/push\/voice\/[\w-]{43}"><Say language="en-US">Alarm at Call Farm, Barn 9: .+Too hot.+ Press 1 to acknowledge\.<\/Say><\/Gather><\/Response>$/,
    );

    // Nobody presses a key: the next round (the phone interval, 5 minutes) calls the deputy.
    await advance(ctx, 5 * MIN);
    const call2 = provider.requests.filter((r) => r.path.endsWith('Calls.json'))[1]!;
    expect(call2.body.To).toBe('+15005550002');
    const voice = await ctx.database.db.select().from(pushMessages).where(eq(pushMessages.method, 'voice'));
    expect(voice.map((m) => [m.recipientName, m.round, m.status, m.channel, m.providerId])).toEqual([
      ['Manager', 1, 'success', 'twilio', `SM-push-${voice[0]!.id}`],
      ['Deputy', 2, 'success', 'twilio', `SM-push-${voice[1]!.id}`],
    ]);

    // The deputy presses 2, then 1 (Twilio posts the call's fields form-encoded).
    const action = /action="http:\/\/localhost:8080([^"]+)"/.exec(call2.body.Twiml!)![1]!;
    const press = (digits: string) =>
      ctx.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ CallSid: 'CA123', AccountSid: SID, Digits: digits, To: '+15005550002' }).toString(),
      });
    expect((await press('2')).json().code).toBe(99996);
    expect((await press('1')).json()).toMatchObject({ code: 1, data: { acknowledged: 1, via: 'Deputy (+15005550002)' } });
    expect((await press('1')).json().code).toBe(21020);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'alarms.push.ack'));
    expect(audit.map((a) => (a.detail as { how: string }).how)).toEqual(['keypress']);

    const calls = provider.requests.length;
    await advance(ctx, 15 * MIN);
    const [ep] = await ctx.database.db.select().from(pushEpisodes).where(eq(pushEpisodes.shedId, g.shedId!));
    expect([ep!.outcome, ep!.ackVia, provider.requests.length]).toEqual(['acknowledged', 'Deputy (+15005550002)', calls]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { type AlarmRow, type Page } from '@farmsense/shared';
import { auditLog } from '../../../db/tables.js';
import { createTestApp, TEST_DB, type TestContext } from '../../../test/harness.js';
import { call } from '../../../test/factories.js';
import { evaluateReadings, type GatewayRef } from '../evaluate.js';
import { pushFarm, pushStrategy } from './push.fixtures.js';
import { pushAckTokens, pushMessages } from './tables.js';

interface Captured {
  from: string;
  to: string[];
  raw: string;
}

/** The text part of a captured mail: headers dropped, quoted-printable undone. */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const qp = /content-transfer-encoding:\s*quoted-printable/i.test(raw);
  const text = qp ? body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : body;
  return Buffer.from(text, 'latin1').toString('utf8');
}

/**
 * E-mail through nodemailer to an SMTP server on loopback (smtp-server, port 0): the mail in the
 * strategy's language, its one-time acknowledge link followed from the captured text, the audit
 * entry, and the link's refusals (used, unknown, malformed, expired, throttled).
 */
describe(`push e-mail and acknowledge link (${TEST_DB})`, () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  const mails: Captured[] = [];
  let admin: string;
  let keeper: number;
  let g: GatewayRef;
  let ackPath = '';

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, cb) {
        if (address.address.startsWith('bounce@')) {
          const err = Object.assign(new Error('no such mailbox'), { responseCode: 550 });
          cb(err);
          return;
        }
        cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('latin1'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as AddressInfo).port;
    ctx = await createTestApp({
      demo: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'Farm Alarms <alarms@farm.test>', PUBLIC_URL: 'https://farm.test/' },
    });
    const f = await pushFarm(ctx, {
      name: 'Mail',
      prefix: 'ml',
      house: 'Сарай 1',
      keeper: { email: 'keeper@farm.test' },
      rule: { name: 'Жарко', message: 'Проверьте вентиляцию' },
    });
    ({ admin, keeper, g } = f);
    const strategy = {
      name: 'Почта',
      extraEmails: 'bounce@farm.test',
      language: 'ru',
      methods: ['email'],
      intervalMinutes: 30,
    };
    expect(await pushStrategy(ctx, f, strategy)).toBe(1);
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  });

  it('mails the alarm in the strategy language; opening the link changes nothing, its button acknowledges once in the name of the recipient, audit-logged', async () => {
    await evaluateReadings(ctx.deps, g, [{ ts: Date.now() - 1000, values: { 'temp.1': 38.5 } }]);
    await ctx.jobs.runDue();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(['keeper@farm.test']);
    expect(mail!.from).toBe('alarms@farm.test');
    const text = bodyOf(mail!.raw);
    expect(text).toContain('[Высокий] Жарко: Проверьте вентиляцию (temp.1 38.5)');
    const link = /Подтвердить без входа: (\S+)/.exec(text)![1]!;
    expect(link).toMatch(/^https:\/\/farm\.test\/api\/warning\/push\/ack\/[\w-]{43}$/);
    expect(mail!.raw).toMatch(/^Message-ID: <push-\d+@farmsense>/im);

    // The stored message keeps no usable link, and the token only as its hash.
    const sent = await ctx.database.db.select().from(pushMessages).where(eq(pushMessages.recipient, 'keeper@farm.test'));
    expect([sent[0]!.status, sent[0]!.channel, sent[0]!.body.includes(link)]).toEqual(['success', 'smtp', false]);
    expect(sent[0]!.subject).toMatch(/: 1 тревога$/);
    const token = link.split('/').pop()!;
    const tokens = await ctx.database.db.select().from(pushAckTokens);
    expect(tokens.some((t) => t.tokenHash.includes(token))).toBe(false);

    const path = new URL(link).pathname;
    ackPath = path;
    // Opening the link (a person, or a mail scanner before them) shows the page and changes nothing.
    for (let i = 0; i < 2; i++) {
      const opened = await ctx.app.inject({ method: 'GET', url: path });
      expect([opened.statusCode, opened.headers['content-type'], opened.headers['referrer-policy']]).toEqual([
        200,
        'text/html; charset=utf-8',
        'no-referrer',
      ]);
      expect(opened.body).toContain('<html lang="ru">');
      for (const shown of ['Подтверждение тревог', 'Mail Farm / Сарай 1', 'Высокий', 'Жарко', 'Проверьте вентиляцию', 'temp.1 38.5'])
        expect(opened.body).toContain(shown);
      expect(opened.body).toMatch(/<form method="post"><button type="submit" id="push-ack-confirm">Подтвердить<\/button><\/form>/);
      expect(opened.body).toContain('keeper@farm.test');
    }
    const untouched = await call<Page<AlarmRow>>(ctx, admin, 'GET', `/api/warning/record/page?shedId=${g.shedId}`);
    expect(untouched.data.list[0]).toMatchObject({ acknowledged: false, ackBy: null });
    expect((await ctx.database.db.select().from(pushAckTokens)).every((t) => t.usedAt === null)).toBe(true);
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'alarms.push.ack'))).toEqual([]);

    // The page's button: a form POST to the same address.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const first = await ctx.app.inject({ method: 'POST', url: path, headers: form, payload: '' });
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(first.body).toContain('<h1 class="ok">Подтверждено</h1>');
    expect(first.body).toContain('data-acknowledged="1"');
    expect(first.body).toContain('1 тревога подтверждена от имени Name of ml-keeper (keeper@farm.test)');
    const records = await call<Page<AlarmRow>>(ctx, admin, 'GET', `/api/warning/record/page?shedId=${g.shedId}`);
    expect(records.data.list[0]).toMatchObject({ acknowledged: true, ackBy: keeper, ackComment: 'Name of ml-keeper (keeper@farm.test)' });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'alarms.push.ack'));
    expect(audit.map((a) => [a.accountId, a.outcome])).toEqual([[keeper, 'ok']]);

    // Used: the button and the link answer the refusal page, in the message's language, with its code.
    for (const method of ['POST', 'GET'] as const) {
      const again = await ctx.app.inject({ method, url: path, headers: { ...form, 'accept-language': 'en' }, payload: '' });
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('data-code="21020"');
      expect(again.body).toContain('Код 21020');
      expect(again.body).toContain('Ссылка уже использована в');
    }
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'alarms.push.ack'))).toHaveLength(1);
  });

  it('refuses an unknown, malformed or expired token with a coded page, and throttles guessing', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/warning/push/ack/${'A'.repeat(43)}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect([unknown.statusCode, unknown.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(unknown.body).toContain('data-code="21019"');
    expect(unknown.body).toContain('The acknowledge link is not valid or has expired');
    expect(unknown.body).toContain('Code 21019');
    const unknownPost = await ctx.app.inject({ method: 'POST', url: `/api/warning/push/ack/${'A'.repeat(43)}` });
    expect([unknownPost.statusCode, unknownPost.body.includes('data-code="21019"')]).toEqual([404, true]);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/warning/push/ack/short' });
    expect(malformed.json().code).toBe(99996);
    // The used link, unused again but past its expiry: not valid, for the page and the button alike.
    await ctx.database.db.update(pushAckTokens).set({ expiresAt: new Date(Date.now() - 1000), usedAt: null });
    for (const method of ['GET', 'POST'] as const) {
      const expired = await ctx.app.inject({ method, url: ackPath });
      expect([expired.statusCode, expired.body.includes('data-code="21019"'), expired.body.includes('Код 21019')]).toEqual([
        404,
        true,
        true,
      ]);
    }
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/warning/push/ack/${'B'.repeat(43)}` });
      codes.push(res.statusCode === 429 ? res.json().code : res.statusCode);
    }
    expect(codes).toContain(21011);
  });

  it('a mailbox the server refuses (550) is a failure at once, with its code', async () => {
    const [bounced] = await ctx.database.db.select().from(pushMessages).where(eq(pushMessages.recipient, 'bounce@farm.test'));
    expect([bounced!.status, bounced!.attempts, bounced!.lastError]).toEqual(['failure', 1, 'smtp.550']);
  });
});

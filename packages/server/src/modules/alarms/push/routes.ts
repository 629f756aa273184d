import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, ErrorCodes, pushAckApi, pushConfigApi, pushListApi, type AppCode } from '@farmsense/shared';
import { router, type PageAnswer } from '../../../core/serve.js';
import { paramError } from '../../../lib/param-error.js';
import { writeAudit } from '../../../plugins/audit.js';
import { scopeOf } from '../../../scope/index.js';
import type { ModuleRoutes } from '../../module.js';
import { acknowledgeByToken, previewByToken, refusedLink } from './ack.js';
import { confirmPage, donePage, refusedPage } from './ack-page.js';
import { emailPage, phoneMessagePage } from './lists.js';
import {
  addPhone,
  addStrategy,
  farmPeopleList,
  phoneDetail,
  phonePage,
  removePhone,
  removeStrategy,
  strategyDetail,
  strategyPage,
  updatePhone,
  updateStrategy,
} from './config.js';

/** The push policy screen (shared permissions.ts, pushmanagement). */
export const PUSH_POLICY_APP: AppCode = 'pushmanagement.pushpolicyconfiguration';
export const PUSH_EMAIL_APP: AppCode = 'pushmanagement.pushlist';
export const PUSH_PHONE_APP: AppCode = 'pushmanagement.pushlist-phone';

/** What is read of a provider's callback: the key pressed (Twilio `Digits`, webhook `digits`). */
const keypress = z.object({ Digits: z.string().max(16).optional(), digits: z.string().max(16).optional() });

/** Guessing at tokens (32 random bytes) is hopeless; the throttle keeps it from being a load. */
export const ACK_RATE = { max: 30, timeWindow: 60_000 } as const;

const LINK_REFUSALS: ReadonlySet<number> = new Set([ErrorCodes.PUSH_LINK_INVALID, ErrorCodes.PUSH_LINK_USED]);

/** Contracts: packages/shared/src/alarms/push-endpoints.ts. Writes are audit-logged by the audit plugin. */
export const pushRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const policy = router(app, { tags: ['alarms'], app: PUSH_POLICY_APP, module: 'pushmanagement' });
  policy(pushConfigApi.people, async ({ req, query }) => farmPeopleList(db, scopeOf(req), query.farmId));
  policy(pushConfigApi.strategyPage, async ({ req, query }) => strategyPage(db, scopeOf(req), query));
  policy(pushConfigApi.strategyDetail, async ({ req, params }) => strategyDetail(db, scopeOf(req), params.id));
  policy(pushConfigApi.strategyAdd, async ({ req, body }) => addStrategy(db, scopeOf(req), body));
  policy(pushConfigApi.strategyUpdate, async ({ req, body }) => updateStrategy(db, scopeOf(req), body));
  policy(pushConfigApi.strategyRemove, async ({ req, params }) => {
    await removeStrategy(db, scopeOf(req), params.id);
    return null;
  });
  policy(pushConfigApi.phonePage, async ({ req, query }) => phonePage(db, scopeOf(req), query));
  policy(pushConfigApi.phoneDetail, async ({ req, params }) => phoneDetail(db, scopeOf(req), params.id));
  policy(pushConfigApi.phoneAdd, async ({ req, body }) => addPhone(db, scopeOf(req), body));
  policy(pushConfigApi.phoneUpdate, async ({ req, body }) => updatePhone(db, scopeOf(req), body));
  policy(pushConfigApi.phoneRemove, async ({ req, params }) => {
    await removePhone(db, scopeOf(req), params.id);
    return null;
  });

  const emails = router(app, { tags: ['alarms'], app: PUSH_EMAIL_APP, module: 'pushmanagement' });
  emails(pushListApi.emailPage, async ({ req, query }) => emailPage(db, scopeOf(req), query));
  const phones = router(app, { tags: ['alarms'], app: PUSH_PHONE_APP, module: 'pushmanagement' });
  phones(pushListApi.phonePage, async ({ req, query }) => phoneMessagePage(db, scopeOf(req), query));

  // The acknowledge link: no session (the one-time token is the credential), its own throttle,
  // and an audit entry naming the recipient the link was sent to.
  await app.register(async (pub) => {
    await pub.register(rateLimit, { global: false, hook: 'preValidation' });
    // Voice providers post their callbacks form-encoded (Twilio); only this scope reads that.
    pub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const open = router(pub, { tags: ['alarms'], public: true, module: 'pushmanagement', rateLimit: ACK_RATE });
    const acknowledge = async (req: FastifyRequest, token: string, how: 'link' | 'keypress') => {
      const done = await acknowledgeByToken(db, token);
      await writeAudit(db, req, {
        outcome: 'ok',
        action: 'alarms.push.ack',
        detail: { how, via: done.answer.via, messageId: done.audit.messageId, alarmIds: done.audit.alarmIds },
        account: { id: done.audit.accountId, tenantId: done.audit.tenantId, accountCode: null },
      });
      for (const e of done.events) deps.live.publishAlarm(e);
      return done;
    };
    /** The link's pages answer a refused token with a page of its own (its code on it), not the envelope. */
    const asPage = async <T>(req: FastifyRequest, token: string, work: () => Promise<T>, show: (r: T) => PageAnswer) => {
      try {
        return show(await work());
      } catch (err) {
        if (!(err instanceof AppError) || !LINK_REFUSALS.has(err.code)) throw err;
        return refusedPage(err.code, await refusedLink(db, token), req.locale);
      }
    };
    // Opening the link changes nothing (mail scanners open links): the page's button posts.
    open(pushAckApi.page, async ({ req, params }) => asPage(req, params.token, () => previewByToken(db, params.token), confirmPage));
    open(pushAckApi.ack, async ({ req, params }) => asPage(req, params.token, () => acknowledge(req, params.token, 'link'), donePage));
    open(pushAckApi.voiceKey, async ({ req, params }) => {
      const pressed = keypress.safeParse(req.body ?? {});
      const digits = pressed.success ? (pressed.data.Digits ?? pressed.data.digits) : undefined;
      if (digits !== '1') throw paramError('Digits', 'validation.invalid');
      return (await acknowledge(req, params.token, 'keypress')).answer;
    });
  });
};

import { z } from 'zod';
import { get, pageOf } from '../contract.js';
import { shedPlaceFields } from '../directory/endpoints.js';
import { optionalText, pageQuery } from '../schemas/common.js';
import { absentIfBlank, timeFilter, withinQueryRange, shedFilters } from '../schemas/time.js';
import { PUSH_METHODS } from './push-schemas.js';

/**
 * The push lists (issue 13): sent e-mails (/pushmanagement/pushlist, app code
 * pushmanagement.pushlist) and phone pushes, SMS and calls (/pushmanagement/pushlist-phone,
 * pushmanagement.pushlist-phone). One row per message of the outbox, newest first.
 */
/** SPEC §3: pushing, success, failure. */
export const PUSH_STATUSES = ['pushing', 'success', 'failure'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];
/** How the notification of the message's alarms ended; `gaveUp` is not an acknowledgement. */
export const PUSH_OUTCOMES = ['open', 'acknowledged', 'cleared', 'gaveUp', 'stopped'] as const;
export type PushOutcome = (typeof PUSH_OUTCOMES)[number];
/** What carried a message: the local outbox (no provider configured), SMTP, the webhook, Twilio. */
export const PUSH_CHANNELS = ['outbox', 'smtp', 'webhook', 'twilio'] as const;

/** Filters: farm, shed, status, method (phone list), recipient text, creation time (at most 30 days, SPEC §9). */
const listQuery = pageQuery
  .extend({
    ...shedFilters,
    status: absentIfBlank(z.enum(PUSH_STATUSES, { error: 'validation.invalid' })),
    recipient: optionalText(),
    startTime: timeFilter(),
    endTime: timeFilter(),
  })
  .strict();
export const pushEmailPageQuery = listQuery.superRefine(withinQueryRange);
export type PushEmailPageQuery = z.infer<typeof pushEmailPageQuery>;
export const pushPhonePageQuery = listQuery
  .extend({ method: absentIfBlank(z.enum(['sms', 'voice'], { error: 'validation.invalid' })) })
  .superRefine(withinQueryRange);
export type PushPhonePageQuery = z.infer<typeof pushPhonePageQuery>;

export const pushMessageRow = z.object({
  id: z.number(),
  ...shedPlaceFields,
  method: z.enum(PUSH_METHODS),
  /** Null until the first attempt. */
  channel: z.enum(PUSH_CHANNELS).nullable(),
  recipient: z.string(),
  recipientName: z.string().nullable(),
  /** 1 for the first message of a notification, then one more per repeat. */
  round: z.number(),
  alarmIds: z.array(z.number()),
  subject: z.string(),
  /** The text as sent, the acknowledge link left out. */
  body: z.string(),
  status: z.enum(PUSH_STATUSES),
  attempts: z.number(),
  /** The last failed attempt's code: `http.503`, `network`, `timeout`, `smtp.550`, `noCaller`. */
  lastError: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  outcome: z.enum(PUSH_OUTCOMES),
  /** Who acknowledged through a message of this notification. */
  ackVia: z.string().nullable(),
});
export type PushMessageRow = z.infer<typeof pushMessageRow>;

export const pushListApi = {
  emailPage: get('/warning/push/record/email', 'Paged alarm e-mails, newest first (farm, shed, status, recipient, time up to 30 days)', {
    query: pushEmailPageQuery,
    answer: pageOf(pushMessageRow),
  }),
  phonePage: get('/warning/push/record/phone', 'Paged alarm SMS and calls, newest first (farm, shed, method, status, recipient, time)', {
    query: pushPhonePageQuery,
    answer: pageOf(pushMessageRow),
  }),
};

import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { get, idAnswer, PAGE_ANSWER, post, resource } from '../contract.js';
import {
  phoneConfigAddBody,
  phoneConfigUpdateBody,
  PUSH_METHODS,
  pushConfigPageQuery,
  pushIdParams,
  pushPeopleQuery,
  pushStrategyAddBody,
  pushStrategyUpdateBody,
} from './push-schemas.js';
import { ALARM_KINDS } from './schemas.js';

/** Answers of the push configuration; times are epoch milliseconds. Provider secrets never appear. */

/** A person of a strategy, with what the messages use from the profile (null when not filled in). */
export const pushPerson = z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), phoneNo: z.string().nullable() });
export type PushPerson = z.infer<typeof pushPerson>;

export const pushStrategyRow = z.object({
  id: z.number(),
  farmId: z.number(),
  farmName: z.string(),
  name: z.string(),
  levels: z.array(z.number()),
  kinds: z.array(z.enum(ALARM_KINDS)),
  properties: z.array(z.string()),
  people: z.array(pushPerson),
  extraEmails: z.array(z.string()),
  language: z.enum(LOCALES),
  methods: z.array(z.enum(PUSH_METHODS)),
  intervalMinutes: z.number(),
  sendDelaySec: z.number(),
  enabled: z.boolean(),
  updatedAt: z.number(),
});
export type PushStrategyRow = z.infer<typeof pushStrategyRow>;

export const phoneContactRow = z.object({ name: z.string(), number: z.string(), priority: z.number() });
export const phoneConfigRow = z.object({
  id: z.number(),
  farmId: z.number(),
  farmName: z.string(),
  /** Highest priority first. */
  callers: z.array(phoneContactRow),
  callees: z.array(phoneContactRow),
  templateId: z.string().nullable(),
  templateContent: z.string(),
  language: z.enum(LOCALES),
  intervalMinutes: z.number(),
  enabled: z.boolean(),
  updatedAt: z.number(),
});
export type PhoneConfigRow = z.infer<typeof phoneConfigRow>;

/**
 * Push configuration (issue 13, /pushmanagement/pushpolicyconfiguration, app code
 * pushmanagement.pushpolicyconfiguration): one push strategy and one phone notification
 * configuration per farm (20029 for a second). A farm the caller does not see is 10007; a
 * strategy or configuration of one is 30001.
 */
export const pushConfigApi = {
  people: get('/warning/push/people', "The accounts who can see a farm: the only people its strategy may name (the picker's list)", {
    query: pushPeopleQuery,
    answer: z.array(pushPerson),
  }),
  ...resource('strategy', '/warning/push/strategy', {
    params: pushIdParams,
    row: pushStrategyRow,
    page: { summary: 'Paged push strategies of the farms the account sees', query: pushConfigPageQuery },
    detail: 'One push strategy',
    add: { summary: "Adds a farm's push strategy (20029 when the farm has one)", body: pushStrategyAddBody },
    update: { summary: 'Replaces a push strategy (its farm stays)', body: pushStrategyUpdateBody, answer: idAnswer },
    remove: 'Deletes a push strategy; messages already planned are not sent',
  }),
  ...resource('phone', '/warning/push/phone', {
    params: pushIdParams,
    row: phoneConfigRow,
    page: { summary: 'Paged phone notification configurations of the farms the account sees', query: pushConfigPageQuery },
    detail: 'One phone notification configuration',
    add: { summary: "Adds a farm's phone notification configuration (20029 when the farm has one)", body: phoneConfigAddBody },
    update: { summary: 'Replaces a phone notification configuration (its farm stays)', body: phoneConfigUpdateBody, answer: idAnswer },
    remove: 'Deletes a phone notification configuration',
  }),
};

/** The token of an acknowledge link: base64url of 32 bytes. */
export const pushAckParams = z.strictObject({
  token: z.string({ error: 'validation.invalid' }).regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid'),
});
export const pushAckAnswer = z.object({
  /** Alarms this acknowledged (0 when someone had acknowledged them all already). */
  acknowledged: z.number(),
  farmName: z.string(),
  shedName: z.string(),
  /** The recipient the link was sent to. */
  via: z.string(),
});
export type PushAckAnswer = z.infer<typeof pushAckAnswer>;

/**
 * The one-time acknowledge link of an alarm message (no session: the token is the credential;
 * rate-limited). Mail scanners open links before people do, so opening it changes nothing: the
 * GET is a page in the message's language naming the alarms, farm, shed, level and time, with a
 * button that POSTs to the same address, which acknowledges and answers the result page. A link
 * that is not one or has expired (21019) or was used already (21020) answers a page with its code.
 */
export const pushAckApi = {
  page: get('/warning/push/ack/:token', 'The page of a one-time acknowledge link (changes nothing)', {
    params: pushAckParams,
    answer: PAGE_ANSWER,
  }),
  ack: post('/warning/push/ack/:token', "Acknowledges a message's alarms (the link page's button); answers a page", {
    params: pushAckParams,
    answer: PAGE_ANSWER,
  }),
  /**
   * A voice provider's keypress callback for one call (the call's own token in the path). The
   * provider's form or JSON fields are its own; only `Digits` (Twilio) or `digits` is read, and 1
   * acknowledges; any other key is 99996 and leaves the link unused.
   */
  voiceKey: post('/warning/push/voice/:token', 'Keypress callback of an alarm call (1 acknowledges)', {
    params: pushAckParams,
    answer: pushAckAnswer,
  }),
};

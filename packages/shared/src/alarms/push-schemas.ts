import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { bodyId, idParam, isFreeText, optionalText, pageQuery, requiredText } from '../schemas/common.js';
import { idFilter } from '../schemas/time.js';
import { ALARM_KEY_KINDS, ALARM_LEVELS, ALARM_KINDS, COMMAND_PROPERTY, OFFLINE_PROPERTY } from './schemas.js';

/**
 * Push requests (issue 13; SPEC §3 "Push strategy", "Notification configuration", §5 phone rule,
 * §9; code 20029 for a farm that already has one). A farm has at most one push strategy (who is
 * told of which alarms, how and how often) and one phone notification configuration (the numbers
 * a voice call comes from and goes to, in priority order). Messages of the field checks are i18n
 * keys: `validation.*` (the envelope sends only those).
 */

/** How a strategy reaches people: e-mail, SMS, phone call (voice). */
export const PUSH_METHODS = ['email', 'sms', 'voice'] as const;
export type PushMethod = (typeof PUSH_METHODS)[number];

/** At most this many extra e-mail addresses, people and numbers. */
export const PUSH_MAX_EMAILS = 20;
export const PUSH_MAX_PEOPLE = 50;
export const PUSH_MAX_NUMBERS = 20;
/** The phone template text (the voice and SMS body), characters. */
export const PUSH_TEMPLATE_MAX = 500;
/** SPEC §5: at least 1 calling and 2 called numbers. */
export const PUSH_MIN_CALLERS = 1;
export const PUSH_MIN_CALLEES = 2;

const EMAIL = z.email();
/**
 * The non-system e-mails of a strategy: addresses separated by semicolons (ASCII or full-width),
 * blanks between them ignored. Returns the addresses, or the index of the first bad one.
 */
export function parseEmailList(text: string): { emails: string[] } | { bad: number } {
  const parts = text
    .split(/[;；]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const bad = parts.findIndex((p) => p.length > 254 || !EMAIL.safeParse(p).success);
  if (bad >= 0) return { bad };
  return { emails: [...new Set(parts.map((p) => p.toLowerCase()))] };
}

/** Index of the first entry whose priority an earlier entry already has, or -1. */
export function repeatedPriority(list: readonly { priority: number }[]): number {
  const seen = new Set<number>();
  return list.findIndex((e) => {
    if (seen.has(e.priority)) return true;
    seen.add(e.priority);
    return false;
  });
}

/** Highest priority first (SPEC §5: a higher number means a higher priority). */
export function byPriority<T extends { priority: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.priority - a.priority);
}

const int = (min: number, max: number, minKey = 'validation.invalid') =>
  z.number({ error: 'validation.integer' }).int('validation.integer').min(min, minKey).max(max, 'validation.tooLarge');
const language = z.enum(LOCALES, { error: 'validation.invalid' });
const levels = z
  .array(
    z.number({ error: 'validation.invalid' }).refine((v) => (ALARM_LEVELS as readonly number[]).includes(v), 'validation.invalid'),
    { error: 'validation.required' },
  )
  .min(1, 'validation.selectAtLeastOne')
  .max(ALARM_LEVELS.length, 'validation.tooMany');
const kinds = z
  .array(z.enum(ALARM_KINDS, { error: 'validation.invalid' }), { error: 'validation.required' })
  .min(1, 'validation.selectAtLeastOne')
  .max(ALARM_KINDS.length, 'validation.tooMany');
/** Value kinds (`temp`, `rh`, ...), 'offline' or 'command'; none means every property. */
const properties = z
  .array(
    z
      .string({ error: 'validation.invalid' })
      .refine((p) => p === OFFLINE_PROPERTY || p === COMMAND_PROPERTY || Object.hasOwn(ALARM_KEY_KINDS, p), 'validation.invalid'),
    { error: 'validation.invalid' },
  )
  .max(Object.keys(ALARM_KEY_KINDS).length + 1, 'validation.tooMany')
  .default([]);
const methods = z
  .array(z.enum(PUSH_METHODS, { error: 'validation.invalid' }), { error: 'validation.required' })
  .min(1, 'validation.selectAtLeastOne')
  .max(PUSH_METHODS.length, 'validation.tooMany');
const extraEmails = z
  .string({ error: 'validation.invalid' })
  .max(PUSH_MAX_EMAILS * 80, 'validation.maxLength')
  .default('')
  .transform((text, ctx) => {
    const r = parseEmailList(text);
    if ('bad' in r) {
      ctx.addIssue({ code: 'custom', message: 'validation.email', path: [r.bad] });
      return z.NEVER;
    }
    if (r.emails.length > PUSH_MAX_EMAILS) {
      ctx.addIssue({ code: 'custom', message: 'validation.tooMany' });
      return z.NEVER;
    }
    return r.emails;
  });

const strategyFields = {
  farmId: bodyId,
  name: requiredText(),
  /** Condition: the alarm levels that are pushed (1 high, 2 medium, 3 low). */
  levels,
  /** Alarm types: the rule kinds, and the properties (none = all). */
  kinds,
  properties,
  /** People: accounts that see the farm (their e-mail and phone from their profile). */
  accountIds: z.array(bodyId, { error: 'validation.invalid' }).max(PUSH_MAX_PEOPLE, 'validation.tooMany').default([]),
  /** Non-system e-mails, `a@x.cn;b@y.cn`; answered as a list. */
  extraEmails,
  language,
  methods,
  /** Repeat while unacknowledged, then escalate, every this many minutes. */
  intervalMinutes: int(1, 1440, 'validation.positiveInteger'),
  /** Alarms of one shed within this many seconds go out as one message. */
  sendDelaySec: int(0, 3600, 'validation.nonNegative'),
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
};

function strategyChecks(v: { accountIds: number[]; extraEmails: string[]; methods: string[] }, ctx: z.RefinementCtx): void {
  if (v.accountIds.length === 0 && v.extraEmails.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'validation.pushNoRecipient', path: ['accountIds'] });
  }
  if (new Set(v.accountIds).size !== v.accountIds.length)
    ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['accountIds'] });
  if (new Set(v.methods).size !== v.methods.length) ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['methods'] });
}

export const pushStrategyAddBody = z.strictObject(strategyFields).superRefine(strategyChecks);
export type PushStrategyAddBody = z.infer<typeof pushStrategyAddBody>;
/** The farm of a strategy is fixed: another farm's strategy is another strategy. */
export const pushStrategyUpdateBody = z
  .strictObject({ id: bodyId, ...strategyFields, farmId: bodyId.optional() })
  .superRefine(strategyChecks);
export type PushStrategyUpdateBody = z.infer<typeof pushStrategyUpdateBody>;

const PHONE = /^\+?[0-9][0-9 -]{3,19}$/;
export const phoneContact = z.strictObject({
  name: requiredText(),
  number: requiredText(24).pipe(z.string().regex(PHONE, 'validation.phone')),
  /** Higher is called first (SPEC §5); unique in its list. */
  priority: int(1, 99, 'validation.positiveInteger'),
});
export type PhoneContact = z.infer<typeof phoneContact>;

const contacts = (min: number, key: string) =>
  z
    .array(phoneContact, { error: 'validation.required' })
    .min(min, key)
    .max(PUSH_MAX_NUMBERS, 'validation.tooMany')
    .superRefine((list, ctx) => {
      const i = repeatedPriority(list);
      if (i >= 0) ctx.addIssue({ code: 'custom', message: 'validation.priorityRepeated', path: [i, 'priority'] });
    });

const phoneFields = {
  farmId: bodyId,
  /** The numbers a call or SMS comes from (the provider's), at least 1. */
  callers: contacts(PUSH_MIN_CALLERS, 'validation.callersMin'),
  /** The numbers called, highest priority first, until one acknowledges; at least 2. */
  callees: contacts(PUSH_MIN_CALLEES, 'validation.calleesMin'),
  /** The provider's template id, when it needs one. */
  templateId: optionalText(64),
  /** What the call says and the SMS reads; `{{farm}}`, `{{shed}}`, `{{alarms}}` are filled in. */
  templateContent: z
    .string({ error: 'validation.required' })
    .refine(isFreeText, 'validation.invalidCharacters')
    .trim()
    .min(1, 'validation.required')
    .max(PUSH_TEMPLATE_MAX, 'validation.maxLength'),
  language,
  intervalMinutes: int(1, 1440, 'validation.positiveInteger'),
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
};
export const phoneConfigAddBody = z.strictObject(phoneFields);
export type PhoneConfigAddBody = z.infer<typeof phoneConfigAddBody>;
export const phoneConfigUpdateBody = z.strictObject({ id: bodyId, ...phoneFields, farmId: bodyId.optional() });
export type PhoneConfigUpdateBody = z.infer<typeof phoneConfigUpdateBody>;

export const pushConfigPageQuery = pageQuery.extend({ farmId: idFilter() });
export type PushConfigPageQuery = z.infer<typeof pushConfigPageQuery>;
export const pushIdParams = z.strictObject({ id: idParam });
/** The farm whose people a strategy may name. */
export const pushPeopleQuery = z.strictObject({ farmId: idParam });

import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PhoneContact, PushMethod, AlarmKind } from '@farmsense/shared';
import { inFarm } from '../../../db/schema/owners.js';
import { stamps, ts } from '../../../db/schema/columns.js';

/**
 * Push configuration (issue 13; SPEC §3 "Push strategy", "Notification configuration"): one
 * strategy and one phone configuration per farm, held by a unique index on the farm (a second
 * one, even from two requests at once, is 20029). Lists are jsonb: they are read and written
 * whole with their row, never searched. Provider accounts and secrets live in the configuration
 * (environment), never here.
 */

export const pushStrategies = pgTable(
  'push_strategies',
  {
    id: serial('id').primaryKey(),
    ...inFarm,
    name: text('name').notNull(),
    levels: jsonb('levels').$type<number[]>().notNull(),
    kinds: jsonb('kinds').$type<AlarmKind[]>().notNull(),
    /** Value kinds (`temp`) or 'offline'; empty is every property. */
    properties: jsonb('properties').$type<string[]>().notNull(),
    accountIds: jsonb('account_ids').$type<number[]>().notNull(),
    extraEmails: jsonb('extra_emails').$type<string[]>().notNull(),
    language: text('language').notNull(),
    methods: jsonb('methods').$type<PushMethod[]>().notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    sendDelaySec: integer('send_delay_sec').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('push_strategies_farm_uq').on(t.farmId)],
);

export const pushPhoneConfigs = pgTable(
  'push_phone_configs',
  {
    id: serial('id').primaryKey(),
    ...inFarm,
    callers: jsonb('callers').$type<PhoneContact[]>().notNull(),
    callees: jsonb('callees').$type<PhoneContact[]>().notNull(),
    templateId: text('template_id'),
    templateContent: text('template_content').notNull(),
    language: text('language').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('push_phone_configs_farm_uq').on(t.farmId)],
);

/**
 * A notification episode: the alarms of one shed that one strategy tells people about together.
 * While it waits out the send delay (`round` 0) new alarms of the shed join it (the partial unique
 * index: one waiting episode per strategy and shed), so a burst is one message. Each round sends
 * and plans the next one an interval later, until the alarms are acknowledged, all cleared, or the
 * rounds run out (`gaveUp`, which is not an acknowledgement).
 */
export const pushEpisodes = pgTable(
  'push_episodes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...inFarm,
    shedId: integer('shed_id').notNull(),
    strategyId: integer('strategy_id').references(() => pushStrategies.id, { onDelete: 'set null' }),
    alarmIds: jsonb('alarm_ids').$type<number[]>().notNull(),
    /** Rounds sent so far. */
    round: integer('round').notNull().default(0),
    /** open, acknowledged, cleared, gaveUp, stopped (the strategy was disabled or deleted). */
    outcome: text('outcome').notNull().default('open'),
    /** Who acknowledged through a notification (a recipient's name, address or number). */
    ackVia: text('ack_via'),
    openedAt: ts('opened_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('push_episodes_waiting_uq')
      .on(t.strategyId, t.shedId)
      .where(sql`${t.round} = 0 AND ${t.outcome} = 'open'`),
    index('push_episodes_farm_idx').on(t.farmId, t.openedAt),
    check('push_episodes_outcome_ck', sql`${t.outcome} IN ('open', 'acknowledged', 'cleared', 'gaveUp', 'stopped')`),
  ],
);

/**
 * The outbox: one message per episode x recipient x method x round (the unique index makes a
 * planned message exist once however often its round runs). Sent by its own job, retried every
 * PUSH_RETRY_MINUTES up to PUSH_MAX_ATTEMPTS; `status` pushing, success or failure (SPEC §3).
 * `channel` is what carried it: smtp, webhook, twilio, or outbox (kept here, no provider set).
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...inFarm,
    shedId: integer('shed_id').notNull(),
    episodeId: bigint('episode_id', { mode: 'number' })
      .notNull()
      .references(() => pushEpisodes.id, { onDelete: 'cascade' }),
    alarmIds: jsonb('alarm_ids').$type<number[]>().notNull(),
    method: text('method').$type<PushMethod>().notNull(),
    channel: text('channel'),
    recipient: text('recipient').notNull(),
    recipientName: text('recipient_name'),
    accountId: integer('account_id'),
    round: integer('round').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pushing'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    nextAttemptAt: ts('next_attempt_at'),
    sentAt: ts('sent_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_messages_once_uq').on(t.episodeId, t.recipient, t.method, t.round),
    index('push_messages_farm_created_idx').on(t.farmId, t.createdAt),
    check('push_messages_status_ck', sql`${t.status} IN ('pushing', 'success', 'failure')`),
  ],
);

/**
 * One-time acknowledge tokens of the messages (the link in an e-mail or SMS, the keypress of a
 * call): only the SHA-256 of the random token is kept, so the table does not hold usable links.
 */
export const pushAckTokens = pgTable('push_ack_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  messageId: bigint('message_id', { mode: 'number' })
    .notNull()
    .references(() => pushMessages.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

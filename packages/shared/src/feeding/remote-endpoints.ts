import { z } from 'zod';
import { get, pageOf, post } from '../contract.js';
import { CODE_KINDS, COMMAND_STATUSES } from '../control/logic.js';
import { confirmCodeFields } from '../control/schemas.js';
import { bodyId, distinctIds, idParam, NUMBER_ERROR, pageQuery, strictObject } from '../schemas/common.js';
import { idFilter, absentIfBlank, timeFilter } from '../schemas/time.js';
import { feederParamRules, limitsInOrder, limitsIssue, serialRules, storedFeederParams, storedSerial } from './device-schemas.js';

/**
 * Remote control of the feeding devices (/remote-control/feed-device/feeder and /concentrator,
 * /remotecontrolfowl/feed-device/concentrator; issue 15 with the security codes of issue 14).
 * Every action names one house and one or several of its devices, and carries the account's
 * security code or an authorization code covering the house and the `feedDevice` group (20054,
 * 20055, 20058, 20061, 21012 as every remote action). Each device gets its own command of the
 * house's `feedDevice` group (desired = the newest, reported = the newest acknowledged), pending
 * while its concentrator is offline and sent again when it comes back, until it expires (60 s),
 * with its option-log entry. The concentrator receives, for the device at a bus address:
 *   setFeederParams {version, deviceId, collector, feeder, brightness, lockSeconds, touchLock,
 *                    baitWeight, tempLow, tempHigh, intervalMinutes, amountPerFeed}
 *   feedNow         {version, deviceId, collector, feeder, grams}   one feeding of `grams` now
 *   syncTime        {version, deviceId, collector?, feeder?, time}  the platform's clock, epoch ms
 *   setSerial       {version, deviceId, baudRate, dataBits, stopBits, parity}  its bus settings
 * A device not of the house (or of nobody) is 203336; a house not seen 30004.
 */
export const FEED_REMOTE_ACTIONS = ['params', 'serial', 'timeSync', 'feedNow'] as const;
export type FeedRemoteAction = (typeof FEED_REMOTE_ACTIONS)[number];
export const FEED_REMOTE_OPS: Readonly<Record<FeedRemoteAction, string>> = {
  params: 'setFeederParams',
  serial: 'setSerial',
  timeSync: 'syncTime',
  feedNow: 'feedNow',
};
/** A one-off feeding, g; and the devices one action may name. */
export const FEED_NOW_LIMITS = Object.freeze({ minGrams: 10, maxGrams: 5000, maxDevices: 200 });

const deviceIds = distinctIds(FEED_NOW_LIMITS.maxDevices);
export const feedNowGrams = z
  .number(NUMBER_ERROR)
  .int('validation.integer')
  .min(FEED_NOW_LIMITS.minGrams, 'validation.invalid')
  .max(FEED_NOW_LIMITS.maxGrams, 'validation.tooLarge');

export const feederParamsPayload = strictObject(feederParamRules).refine(limitsInOrder, limitsIssue);
export type FeederParamsPayload = z.infer<typeof feederParamsPayload>;
export const serialPayload = strictObject(serialRules);
export type SerialPayload = z.infer<typeof serialPayload>;

export const feederSendBody = z.discriminatedUnion('action', [
  strictObject({ action: z.literal('params'), shedId: bodyId, feederIds: deviceIds, params: feederParamsPayload, ...confirmCodeFields }),
  strictObject({ action: z.literal('timeSync'), shedId: bodyId, feederIds: deviceIds, ...confirmCodeFields }),
  strictObject({ action: z.literal('feedNow'), shedId: bodyId, feederIds: deviceIds, grams: feedNowGrams, ...confirmCodeFields }),
]);
export type FeederSendBody = z.infer<typeof feederSendBody>;

export const concentratorSendBody = z.discriminatedUnion('action', [
  strictObject({ action: z.literal('serial'), shedId: bodyId, concentratorIds: deviceIds, serial: serialPayload, ...confirmCodeFields }),
  strictObject({ action: z.literal('timeSync'), shedId: bodyId, concentratorIds: deviceIds, ...confirmCodeFields }),
]);
export type ConcentratorSendBody = z.infer<typeof concentratorSendBody>;

export const feedRemoteListQuery = strictObject({ shedId: idParam });
export type FeedRemoteListQuery = z.infer<typeof feedRemoteListQuery>;

const commandStatus = z.enum(COMMAND_STATUSES);

/** A device's newest command of one action: desired (sent) and how the device answered. */
export const feedRemoteCommand = z.object({
  action: z.enum(FEED_REMOTE_ACTIONS),
  version: z.number(),
  status: commandStatus,
  ackMsg: z.string().nullable(),
  /** A feed-now's amount, g. */
  grams: z.number().nullable(),
  createdAt: z.number(),
  ackedAt: z.number().nullable(),
});
export type FeedRemoteCommand = z.infer<typeof feedRemoteCommand>;

/** A feeder with its live state (today's figures from its newest report) and its parameters as last acknowledged. */
export const feederRemoteRow = z.object({
  id: z.number(),
  deviceNo: z.string(),
  name: z.string(),
  collectorNo: z.string(),
  penId: z.number(),
  penColumn: z.number(),
  penRow: z.number(),
  online: z.boolean(),
  /** g planned and dispensed today, the feeder state (0 idle, 1 feeding, 2 not eating), the report's time. */
  planned: z.number().nullable(),
  dispensed: z.number().nullable(),
  state: z.number().nullable(),
  reportedAt: z.number().nullable(),
  params: storedFeederParams,
  /** Newest command per action. */
  commands: z.array(feedRemoteCommand),
});
export type FeederRemoteRow = z.infer<typeof feederRemoteRow>;

export const concentratorRemoteRow = z.object({
  id: z.number(),
  deviceNo: z.string(),
  name: z.string(),
  gatewayCode: z.string(),
  online: z.boolean(),
  collectors: z.number(),
  feeders: z.number(),
  serial: storedSerial,
  commands: z.array(feedRemoteCommand),
});
export type ConcentratorRemoteRow = z.infer<typeof concentratorRemoteRow>;

/** One device of an action: 1 and its command, or the code it was refused with. */
export const feedSendResult = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  code: z.number(),
  version: z.number().nullable(),
  commandId: z.string().nullable(),
  status: commandStatus.nullable(),
  /** Its concentrator was online when sent; when not, the command applies once back online. */
  online: z.boolean(),
});
export type FeedSendResult = z.infer<typeof feedSendResult>;
export const feedSendAnswer = z.object({ results: z.array(feedSendResult) });
export type FeedSendAnswer = z.infer<typeof feedSendAnswer>;

const optionalId = idFilter();

/** The feed-now record (/accurate-feeding/records/feed-immediate): newest first. */
export const feedNowRecordsQuery = pageQuery.extend({
  farmId: idParam,
  shedId: optionalId,
  penId: optionalId,
  feederId: optionalId,
  status: absentIfBlank(z.enum(COMMAND_STATUSES, { error: 'validation.invalid' })),
  startTime: timeFilter(),
  endTime: timeFilter(),
});
export type FeedNowRecordsQuery = z.infer<typeof feedNowRecordsQuery>;

export const feedNowRecordRow = z.object({
  commandId: z.string(),
  createdAt: z.number(),
  accountName: z.string().nullable(),
  codeKind: z.enum(CODE_KINDS).nullable(),
  feederId: z.number().nullable(),
  feederNo: z.string().nullable(),
  feederName: z.string().nullable(),
  penId: z.number().nullable(),
  penColumn: z.number().nullable(),
  penRow: z.number().nullable(),
  shedId: z.number(),
  shedName: z.string().nullable(),
  grams: z.number(),
  status: commandStatus,
  ackMsg: z.string().nullable(),
  ackedAt: z.number().nullable(),
});
export type FeedNowRecordRow = z.infer<typeof feedNowRecordRow>;

export const feedRemoteApi = {
  feeders: get('/feeding/remote/feeder/list', "A house's feeders with their live state, parameters and newest remote commands", {
    query: feedRemoteListQuery,
    answer: z.array(feederRemoteRow),
  }),
  feederSend: post('/feeding/remote/feeder/send', 'Writes parameters, syncs the clock or feeds now on feeders of a house (code)', {
    body: feederSendBody,
    answer: feedSendAnswer,
  }),
  concentrators: get(
    '/feeding/remote/concentrator/list',
    "A house's concentrators with their link, serial settings and newest remote commands",
    {
      query: feedRemoteListQuery,
      answer: z.array(concentratorRemoteRow),
    },
  ),
  concentratorSend: post(
    '/feeding/remote/concentrator/send',
    'Writes serial settings or syncs the clock of concentrators of a house (code)',
    {
      body: concentratorSendBody,
      answer: feedSendAnswer,
    },
  ),
  feedNowRecords: get('/feeding/remote/feedNow/page', 'The feed-now commands of a farm with their outcome, newest first', {
    query: feedNowRecordsQuery,
    answer: pageOf(feedNowRecordRow),
  }),
};

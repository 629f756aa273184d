import { z } from 'zod';
import { get, noAnswer, pageOf, post } from '../contract.js';
import { CODE_KINDS, COMMAND_STATUSES, OPTION_ACTIONS, OPTION_LOG_GROUPS, SETTING_GROUPS } from './logic.js';
import {
  authCodeEnableBody,
  authCodeGenerateBody,
  authCodePageQuery,
  optionLogPageQuery,
  settingApplyBody,
  settingRestoreBody,
  settingStateQuery,
} from './schemas.js';
import { DEVICE_KINDS, deviceListQuery, deviceSwitchBody } from './devices.js';

export * from './devices.js';
export * from './fans.js';
export * from './heater.js';
export * from './lighting.js';
export * from './logic.js';
export * from './openings.js';
export * from './overview.js';
export * from './pumps.js';
export * from './schemas.js';
export * from './setting-list.js';
export * from './ventilation.js';
export * from './warn.js';

/* Answers of the remote-control module; times are epoch milliseconds. */

const commandStatus = z.enum(COMMAND_STATUSES);

/** One house of a (batch) apply: the version and command it got, or the code it was refused with. */
export const applyResultRow = z.object({
  shedId: z.number(),
  shedName: z.string().nullable(),
  /** 1 when the house got a new version; else the refusal's code (30004, 10011, 20054...). */
  code: z.number(),
  version: z.number().nullable(),
  commandId: z.string().nullable(),
  status: commandStatus.nullable(),
  /** The controller was online when the command was sent; when not, it applies once back online. */
  online: z.boolean(),
});
export type ApplyResultRow = z.infer<typeof applyResultRow>;
export const applyAnswer = z.object({ results: z.array(applyResultRow) });
export type ApplyAnswer = z.infer<typeof applyAnswer>;

export const settingVersionRow = z.object({
  version: z.number(),
  status: commandStatus,
  payload: z.unknown(),
  commandId: z.string(),
  attempts: z.number(),
  ackMsg: z.string().nullable(),
  ackedAt: z.number().nullable(),
  expiresAt: z.number(),
  createdAt: z.number(),
  createdByName: z.string().nullable(),
});
export type SettingVersionRow = z.infer<typeof settingVersionRow>;

/** A house's setting group: desired (newest) against reported (newest acknowledged) version. */
export const settingStateAnswer = z.object({
  shedId: z.number(),
  group: z.enum(SETTING_GROUPS),
  gatewayId: z.number().nullable(),
  online: z.boolean(),
  desiredVersion: z.number().nullable(),
  reportedVersion: z.number().nullable(),
  status: commandStatus.nullable(),
  /** The payload the controller acknowledged last (null before any). */
  reported: z.unknown(),
  /** Newest first, at most 20. */
  versions: z.array(settingVersionRow),
  /** The house's current flock's day age today (null: no current flock). */
  dayAge: z.number().nullable(),
  /** The breed's comfort curve (the farm's target-temperature standard for the flock's type), null without one. */
  comfort: z.object({ startDay: z.number(), values: z.array(z.number().nullable()) }).nullable(),
});
export type SettingStateAnswer = z.infer<typeof settingStateAnswer>;

export const authCodeRow = z.object({
  id: z.number(),
  shedIds: z.array(z.number()),
  shedNames: z.array(z.string()),
  /** null: every action on those houses. */
  actions: z.array(z.enum(SETTING_GROUPS)).nullable(),
  validMinutes: z.number(),
  expiresAt: z.number(),
  expired: z.boolean(),
  enabled: z.boolean(),
  uses: z.number(),
  lastUsedAt: z.number().nullable(),
  remark: z.string().nullable(),
  createdAt: z.number(),
  createdByName: z.string().nullable(),
});
export type AuthCodeRow = z.infer<typeof authCodeRow>;

/** The new code in clear, answered once to the administrator who generated it. */
export const authCodeGenerated = z.object({ id: z.number(), code: z.string(), expiresAt: z.number() });
export type AuthCodeGenerated = z.infer<typeof authCodeGenerated>;

/** Who changed what, from which value to which, confirmed how, and what the device answered. */
export const optionLogRow = z.object({
  id: z.number(),
  farmId: z.number(),
  farmName: z.string().nullable(),
  shedId: z.number(),
  shedName: z.string().nullable(),
  group: z.enum(OPTION_LOG_GROUPS),
  action: z.enum(OPTION_ACTIONS),
  fromValue: z.unknown(),
  toValue: z.unknown(),
  version: z.number(),
  codeKind: z.enum(CODE_KINDS),
  authCodeId: z.number().nullable(),
  confirmedOffComfort: z.boolean(),
  accountId: z.number().nullable(),
  accountName: z.string().nullable(),
  status: commandStatus,
  ackMsg: z.string().nullable(),
  ackedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type OptionLogRow = z.infer<typeof optionLogRow>;

/** A device of the house with its live value and its newest hand command (null: never switched). */
export const deviceRow = z.object({
  key: z.string(),
  kind: z.enum(DEVICE_KINDS),
  index: z.number(),
  /** 0-100 % (fans, inlets, curtains) rather than on/off. */
  variable: z.boolean(),
  /** The newest reported value (%, on/off; lux for a lighting zone), with its time. */
  value: z.number().nullable(),
  ts: z.number().nullable(),
  command: z
    .object({
      version: z.number(),
      /** The hand value; null: back to automatic. */
      value: z.number().nullable(),
      status: commandStatus,
      ackMsg: z.string().nullable(),
      /** When the device goes back to automatic (null: it is automatic, or already back). */
      returnAt: z.number().nullable(),
      createdAt: z.number(),
    })
    .nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;
export const deviceListAnswer = z.object({
  shedId: z.number(),
  gatewayId: z.number().nullable(),
  online: z.boolean(),
  devices: z.array(deviceRow),
});
export type DeviceListAnswer = z.infer<typeof deviceListAnswer>;

export const controlApi = {
  devices: get('/remotecontrol/device/list', 'Every controllable device of a house with its live value and hand command', {
    query: deviceListQuery,
    answer: deviceListAnswer,
  }),
  switchDevice: post('/remotecontrol/device/switch', 'Switch a device by hand, back to automatic after the chosen minutes', {
    body: deviceSwitchBody,
    answer: applyAnswer,
  }),
  apply: post(
    '/remotecontrol/setting/apply',
    'Apply a setting group to houses (security or authorization code; 20053 heater limits, 20010 pump kind)',
    {
      body: settingApplyBody,
      answer: applyAnswer,
    },
  ),
  state: get('/remotecontrol/setting/state', 'A house setting group: desired and reported versions', {
    query: settingStateQuery,
    answer: settingStateAnswer,
  }),
  restore: post('/remotecontrol/setting/restore', 'Restore an earlier version of a house setting group', {
    body: settingRestoreBody,
    answer: applyAnswer,
  }),
  optionLogs: get('/remotecontrol/optionLog/page', 'Remote-control option log', {
    query: optionLogPageQuery,
    answer: pageOf(optionLogRow),
  }),
  safeRecords: get('/safeoplog/records/page', 'Safe operation records (remote actions and their codes)', {
    query: optionLogPageQuery,
    answer: pageOf(optionLogRow),
  }),
};

export const authCodeApi = {
  generate: post('/safecontrol/authCode/generate', 'Generate an authorization code', {
    body: authCodeGenerateBody,
    answer: authCodeGenerated,
  }),
  page: get('/safecontrol/authCode/page', 'Authorization codes with their uses', { query: authCodePageQuery, answer: pageOf(authCodeRow) }),
  enable: post('/safecontrol/authCode/enable', 'Enable or disable an authorization code', { body: authCodeEnableBody, answer: noAnswer }),
};

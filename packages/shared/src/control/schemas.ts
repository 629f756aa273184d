import { z } from 'zod';
import { bodyId, cipherText, distinctIds, idParam, NUMBER_ERROR, optionalText, pageQuery, strictObject } from '../schemas/common.js';
import { fixedWindPayload } from './fans.js';
import { heaterPayloadShape } from './heater.js';
import { increasingBy, inRange, settingList, wholeInRange } from './setting-list.js';
import { windowPayload } from './openings.js';
import { lightingPayload } from './lighting.js';
import { pumpsPayloadShape } from './pumps.js';
import { dynamicWindPayload } from './ventilation.js';
import { warnBarPayload, warnButtonPayload, warnNh3Payload, warnRhPayload } from './warn.js';
import { AUTH_CODE_LIMITS, CODE_KINDS, CURVE_LIMITS, MAX_BATCH_SHEDS, OPTION_LOG_GROUPS, SETTING_GROUPS } from './logic.js';

/**
 * Requests of the remote-control module (issue 14). Every remote action carries its confirmation:
 * `codeKind` says whether `code` is the account's security code or an authorization code, sent
 * as RSA-OAEP ciphertext (CONTRACT §3).
 */
export const confirmCodeFields = { codeKind: z.enum(CODE_KINDS, { error: 'validation.controlCode' }), code: cipherText };

export const curvePoint = strictObject({
  day: wholeInRange(CURVE_LIMITS.minDay, CURVE_LIMITS.maxDay),
  target: inRange(CURVE_LIMITS.minTarget, CURVE_LIMITS.maxTarget),
  heatOffset: inRange(0, CURVE_LIMITS.maxOffset),
  coolOffset: inRange(0, CURVE_LIMITS.maxOffset),
  tunnelOffset: inRange(0, CURVE_LIMITS.maxOffset),
});
export type CurvePoint = z.infer<typeof curvePoint>;

/** The day-age temperature curve: 1 to 10 points, days strictly increasing, and the RH target. */
export const tempDayAgePayload = strictObject({
  points: settingList(curvePoint, CURVE_LIMITS.maxPoints, [increasingBy((p) => p.day, 'day', 'validation.daysIncreasing')]),
  rhTarget: inRange(CURVE_LIMITS.minRh, CURVE_LIMITS.maxRh),
});
export type TempDayAgePayload = z.infer<typeof tempDayAgePayload>;

/** The houses an action is for: 1 to MAX_BATCH_SHEDS ids, none twice. */
const shedIds = distinctIds(MAX_BATCH_SHEDS);

/** Applies one group's settings to several houses (each gets its own version and command). */
export const settingApplyBody = z.discriminatedUnion('group', [
  strictObject({
    group: z.literal('tempDayAge'),
    shedIds,
    payload: tempDayAgePayload,
    /** The user confirmed set points far from the breed's comfort curve (logged). */
    confirmOffComfort: z.boolean().optional(),
    ...confirmCodeFields,
  }),
  /** Heater limits: the contract reads their types; their rules (heater.ts) answer 20053 per field. */
  strictObject({ group: z.literal('heater'), shedIds, payload: heaterPayloadShape, ...confirmCodeFields }),
  /** Fixed-speed fan stages (fans.ts): refused with 99996 per field, the SPEC having no code of its own. */
  strictObject({ group: z.literal('fixedWind'), shedIds, payload: fixedWindPayload, ...confirmCodeFields }),
  /** Cooling pad and mist pumps (pumps.ts): an unknown kind answers 20010 (route), the other rules 99996 per field. */
  strictObject({ group: z.literal('pumps'), shedIds, payload: pumpsPayloadShape, ...confirmCodeFields }),
  /** Variable-speed fans and minimum ventilation (ventilation.ts): 99996 per field, the SPEC having no code of its own. */
  strictObject({ group: z.literal('dynamicWind'), shedIds, payload: dynamicWindPayload, ...confirmCodeFields }),
  /** Inlets and curtains (openings.ts): 99996 per field, the SPEC having no code of its own. */
  strictObject({ group: z.literal('window'), shedIds, payload: windowPayload, ...confirmCodeFields }),
  /** The controller's own alarm limits (warn.ts), one group per page: 99996 per field. */
  strictObject({ group: z.literal('warnRh'), shedIds, payload: warnRhPayload, ...confirmCodeFields }),
  strictObject({ group: z.literal('warnBar'), shedIds, payload: warnBarPayload, ...confirmCodeFields }),
  strictObject({ group: z.literal('warnNh3'), shedIds, payload: warnNh3Payload, ...confirmCodeFields }),
  strictObject({ group: z.literal('warnButton'), shedIds, payload: warnButtonPayload, ...confirmCodeFields }),
  /** Lighting schedule by day age (lighting.ts): 99996 per field, the SPEC having no code of its own. */
  strictObject({ group: z.literal('lighting'), shedIds, payload: lightingPayload, ...confirmCodeFields }),
]);
export type SettingApplyBody = z.infer<typeof settingApplyBody>;

export const settingGroup = z.enum(SETTING_GROUPS, { error: 'validation.invalid' });

export const settingStateQuery = strictObject({ shedId: idParam, group: settingGroup });
export type SettingStateQuery = z.infer<typeof settingStateQuery>;

/** Puts an earlier version back: it becomes the newest version and is sent again. */
export const settingRestoreBody = strictObject({
  shedId: bodyId,
  group: settingGroup,
  version: z.number(NUMBER_ERROR).int('validation.integer').positive('validation.invalid').max(2_147_483_647, 'validation.invalid'),
  ...confirmCodeFields,
});
export type SettingRestoreBody = z.infer<typeof settingRestoreBody>;

export const authCodeGenerateBody = strictObject({
  validMinutes: z
    .number(NUMBER_ERROR)
    .int('validation.integer')
    .min(AUTH_CODE_LIMITS.minMinutes, 'validation.positiveInteger')
    .max(AUTH_CODE_LIMITS.maxMinutes, 'validation.tooLarge'),
  shedIds: distinctIds(AUTH_CODE_LIMITS.maxSheds),
  /** The setting groups it allows; absent = every remote action on those houses. */
  actions: z.array(settingGroup).min(1, 'validation.selectAtLeastOne').optional(),
  remark: optionalText(),
});
export type AuthCodeGenerateBody = z.infer<typeof authCodeGenerateBody>;

export const authCodePageQuery = pageQuery;
export type AuthCodePageQuery = z.infer<typeof authCodePageQuery>;

export const authCodeEnableBody = strictObject({ id: bodyId, enabled: z.boolean({ error: 'validation.required' }) });
export type AuthCodeEnableBody = z.infer<typeof authCodeEnableBody>;

export const optionLogPageQuery = pageQuery.extend({
  shedId: idParam.optional(),
  group: z.enum(OPTION_LOG_GROUPS, { error: 'validation.invalid' }).optional(),
  authCodeId: idParam.optional(),
});
export type OptionLogPageQuery = z.infer<typeof optionLogPageQuery>;

import { z } from 'zod';
import { bodyId, idParam, NUMBER_ERROR, optionalText, pageQuery, requiredText, strictObject } from '../schemas/common.js';
import { idFilter, textFilter, shedFilters } from '../schemas/time.js';

/**
 * Requests of the feeding devices (issue 15; SPEC §3 "Feeder, collector, concentrator"; codes
 * 20041, 20050, 203339): a house's feeder hierarchy.
 * - a concentrator is the house's link to the platform: it is a feeder main gateway (type 102) of
 *   the same house, which speaks CONTRACT §4 for every device below it; one concentrator per gateway;
 * - a collector sits on a concentrator's RS-485 bus, with the bus's serial settings;
 * - a feeder sits on a collector and feeds one pen of the house, with its own parameters;
 * - a device number is unique among the devices of its parent (a concentrator's in the tenant):
 *   203339 otherwise;
 * - a concentrator with collectors cannot be deleted (20041), nor a collector with feeders (20050).
 */
export const FEED_DEVICE_KINDS = ['concentrator', 'collector', 'feeder'] as const;
export type FeedDeviceKind = (typeof FEED_DEVICE_KINDS)[number];

/** The feeder main gateway type (SPEC §3 gateway types): the one a concentrator is. */
export const CONCENTRATOR_GATEWAY_TYPE = 102;

export const BAUD_RATES = [2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const PARITIES = ['none', 'odd', 'even'] as const;
export type Parity = (typeof PARITIES)[number];

const intIn = (min: number, max: number) =>
  z.number(NUMBER_ERROR).int('validation.integer').min(min, 'validation.invalid').max(max, 'validation.tooLarge');
const oneOf = <T extends number>(values: readonly T[]) =>
  z.number(NUMBER_ERROR).refine((v): v is T => (values as readonly number[]).includes(v), 'validation.invalid');

const base = {
  shedId: bodyId,
  /** The device's own number on its bus (its address, as printed on it). */
  deviceNo: requiredText(20),
  name: requiredText(),
  model: optionalText(),
  remark: optionalText(200),
};

/** A bus's serial settings, each required (a remote write sends them all). */
export const serialRules = {
  baudRate: oneOf(BAUD_RATES),
  dataBits: oneOf([7, 8] as const),
  stopBits: oneOf([1, 2] as const),
  parity: z.enum(PARITIES, { error: 'validation.invalid' }),
};

const serial = {
  baudRate: serialRules.baudRate.default(9600),
  dataBits: serialRules.dataBits.default(8),
  stopBits: serialRules.stopBits.default(1),
  parity: serialRules.parity.default('none'),
};

/** Feeder defaults: what a sow feeder ships with. */
export const FEEDER_DEFAULTS = {
  brightness: 80,
  lockSeconds: 60,
  touchLock: false,
  baitWeight: 150,
  tempLow: 5,
  tempHigh: 35,
  intervalMinutes: 30,
  amountPerFeed: 300,
} as const;

/** A feeder's parameters, each required (a remote write sends them all). */
export const feederParamRules = {
  /** Display brightness, %. */
  brightness: intIn(0, 100),
  /** Screen lock after this many seconds without a touch. */
  lockSeconds: intIn(0, 3600),
  touchLock: z.boolean({ error: 'validation.invalid' }),
  /** One drop of the auger, g. */
  baitWeight: intIn(1, 5000),
  /** Trough temperature alarm limits, °C (low below high). */
  tempLow: intIn(-20, 60),
  tempHigh: intIn(-20, 60),
  /** Minutes between two feedings within a meal. */
  intervalMinutes: intIn(1, 240),
  /** The amount one feeding gives, g. */
  amountPerFeed: intIn(1, 10000),
};

const feederParams = {
  brightness: feederParamRules.brightness.default(FEEDER_DEFAULTS.brightness),
  lockSeconds: feederParamRules.lockSeconds.default(FEEDER_DEFAULTS.lockSeconds),
  touchLock: feederParamRules.touchLock.default(FEEDER_DEFAULTS.touchLock),
  baitWeight: feederParamRules.baitWeight.default(FEEDER_DEFAULTS.baitWeight),
  tempLow: feederParamRules.tempLow.default(FEEDER_DEFAULTS.tempLow),
  tempHigh: feederParamRules.tempHigh.default(FEEDER_DEFAULTS.tempHigh),
  intervalMinutes: feederParamRules.intervalMinutes.default(FEEDER_DEFAULTS.intervalMinutes),
  amountPerFeed: feederParamRules.amountPerFeed.default(FEEDER_DEFAULTS.amountPerFeed),
};

export const limitsInOrder = (b: { tempLow: number; tempHigh: number }) => b.tempLow < b.tempHigh;
export const limitsIssue = { message: 'validation.lowBelowHigh', path: ['tempHigh'] };

export const concentratorAddBody = strictObject({ ...base, ...serial, gatewayId: bodyId });
export type ConcentratorAddBody = z.infer<typeof concentratorAddBody>;
export const concentratorUpdateBody = concentratorAddBody.extend({ id: bodyId });
export type ConcentratorUpdateBody = z.infer<typeof concentratorUpdateBody>;

export const collectorAddBody = strictObject({ ...base, ...serial, parentId: bodyId });
export type CollectorAddBody = z.infer<typeof collectorAddBody>;
export const collectorUpdateBody = collectorAddBody.extend({ id: bodyId });
export type CollectorUpdateBody = z.infer<typeof collectorUpdateBody>;

export const feederAddBody = strictObject({ ...base, ...feederParams, parentId: bodyId, penId: bodyId }).refine(limitsInOrder, limitsIssue);
export type FeederAddBody = z.infer<typeof feederAddBody>;
export const feederUpdateBody = strictObject({ ...base, ...feederParams, parentId: bodyId, penId: bodyId, id: bodyId }).refine(
  limitsInOrder,
  limitsIssue,
);
export type FeederUpdateBody = z.infer<typeof feederUpdateBody>;

export const feedDevicePageQuery = pageQuery.extend({
  ...shedFilters,
  parentId: idFilter(),
  name: textFilter(),
});
export type FeedDevicePageQuery = z.infer<typeof feedDevicePageQuery>;

export const feedDeviceListQuery = strictObject({ shedId: idParam });
export type FeedDeviceListQuery = z.infer<typeof feedDeviceListQuery>;

export const feedDeviceIdParams = strictObject({ id: idParam });

/* As stored and answered: null where never set or not of the device's kind. */

/** A concentrator's or collector's bus settings as stored. */
export const storedSerial = z.object({
  baudRate: z.number().nullable(),
  dataBits: z.number().nullable(),
  stopBits: z.number().nullable(),
  parity: z.enum(PARITIES).nullable(),
});

/** A feeder's parameters as stored (the last ones it acknowledged). */
export const storedFeederParams = z.object({
  brightness: z.number().nullable(),
  lockSeconds: z.number().nullable(),
  touchLock: z.boolean().nullable(),
  baitWeight: z.number().nullable(),
  tempLow: z.number().nullable(),
  tempHigh: z.number().nullable(),
  intervalMinutes: z.number().nullable(),
  amountPerFeed: z.number().nullable(),
});

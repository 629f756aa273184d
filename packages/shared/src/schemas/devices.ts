import { z } from 'zod';
import { DEVICE_CODE_PATTERN, SENSOR_LIMITS } from '../constants.js';
import { CLIMATE_SUB_DEVICES, CURTAIN_TYPES, DEVICE_CATEGORIES, FAN_TYPES, GATEWAY_TYPES, HEAT_COOL_TYPES } from '../enums/index.js';
import { idParam, isPlainText, NUMBER_ERROR, optionalText, requiredText } from './common.js';

/**
 * Device registry (SPEC §3 Controller, Gateway, Network device; §5 device code, IP/port rules).
 * Gateways are the CONTRACT §4 MQTT clients; channels say which value key of a gateway is which
 * climate sub-device; network devices are switches and servers reached by IP.
 */
const bodyId = z.number({ error: 'validation.required' }).int('validation.invalid').positive('validation.required');
const oneOf = (values: readonly number[]) =>
  z
    .number({ error: 'validation.required' })
    .int('validation.invalid')
    .refine((v) => values.includes(v), 'validation.invalid');

export const deviceCode = z
  .string({ error: 'validation.required' })
  .refine(isPlainText, 'validation.invalidCharacters')
  .trim()
  .regex(DEVICE_CODE_PATTERN, 'validation.deviceCode');

/** A whole number in [min, max], or absent/null. */
const optionalInt = (min: number, max: number) =>
  z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(min, 'validation.invalid')
    .max(max, 'validation.invalid')
    .nullish();

/** Communication point number of a bus controller on its port: a Modbus/485-style station 1-247. */
export const COMM_POINT_MAX = 247;
/** The model family of /device-mng/controller4008: its page lists models containing this. */
export const CONTROLLER_4008_FAMILY = '4008';
/** Device categories of the 4008 page: poultry and livestock climate controllers. */
export const CONTROLLER_4008_CATEGORIES = [200, 201] as const;

const controllerFields = {
  code: deviceCode,
  name: requiredText(),
  gatewayType: oneOf(GATEWAY_TYPES),
  deviceCategory: oneOf(DEVICE_CATEGORIES),
  model: optionalText(),
  serialNo: optionalText(),
  farmId: bodyId,
  shedId: bodyId.nullish(),
  /** Bus location (SPEC §3 network, port, communication point number): all three or none (200323). */
  networkId: bodyId.nullish(),
  port: optionalInt(1, 65535),
  commPointNo: optionalInt(1, COMM_POINT_MAX),
  /** The DTU (gateway type 1000) this device reports through (200321 when it is none). */
  parentId: bodyId.nullish(),
};
/**
 * Connection check code: the MQTT password of the gateway, stored hashed. When adding, the
 * installer may give the code the device is set to; without one the server generates it. Either
 * way the add answer shows it once; afterwards only "regenerate" replaces it (and shows the new one).
 */
export const CHECK_CODE_MIN_LENGTH = 4;
export const controllerAddBody = z.strictObject({
  ...controllerFields,
  checkCode: requiredText(64).pipe(z.string().min(CHECK_CODE_MIN_LENGTH, 'validation.invalid')).optional(),
});
export type ControllerAddBody = z.infer<typeof controllerAddBody>;
export const controllerUpdateBody = z.strictObject({ id: bodyId, ...controllerFields });
export type ControllerUpdateBody = z.infer<typeof controllerUpdateBody>;

export const controllerPageBody = z.strictObject({
  farmId: bodyId.nullish(),
  shedId: bodyId.nullish(),
  keyword: optionalText(),
  gatewayType: oneOf(GATEWAY_TYPES).nullish(),
  /** Only these device categories (the 4008 page asks for 200 and 201). */
  deviceCategories: z.array(oneOf(DEVICE_CATEGORIES)).max(DEVICE_CATEGORIES.length).nullish(),
  /** Models containing this text, case-insensitive (the 4008 page sends '4008'). */
  modelFamily: optionalText(),
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
});
export type ControllerPageBody = z.infer<typeof controllerPageBody>;

export const deviceIdParams = z.strictObject({ id: idParam });
export const controllerBindBody = z.strictObject({ id: bodyId, shedId: bodyId });
export const controllerIdBody = z.strictObject({ id: bodyId });
export const controllerEnableBody = z.strictObject({ ids: z.array(bodyId).min(1).max(1000), enabled: z.boolean() });

/**
 * Why the broker refused a gateway's CONNECT: a wrong check code, a client id that is not its
 * code (or code-suffix, CONTRACT §4), or the gateway is disabled. `unknownCode` is only logged.
 */
export const DEVICE_REFUSAL_REASONS = ['checkCode', 'clientId', 'disabled', 'unknownCode'] as const;
export type DeviceRefusalReason = (typeof DEVICE_REFUSAL_REASONS)[number];

/**
 * Device-management commands (CONTRACT §4 `cmd`): `time.sync` sets the controller clock (the
 * server supplies the time and the farm's zone), `params.read` asks for the named parameters
 * (`params.keys`, a non-empty list; missing: 200323). None of them moves an actuator, so they
 * need no security code; remote control of the barn lives elsewhere.
 */
export const CONTROLLER_COMMAND_OPS = ['time.sync', 'params.read'] as const;
export type ControllerCommandOp = (typeof CONTROLLER_COMMAND_OPS)[number];
export const controllerCommandBody = z.strictObject({
  id: bodyId,
  op: z.enum(CONTROLLER_COMMAND_OPS, { error: 'validation.invalid' }),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ControllerCommandBody = z.infer<typeof controllerCommandBody>;

/** Sensor kinds a channel may configure, with their CONTRACT §4 limits, and actuator kinds. */
export const CHANNEL_KINDS = {
  temp: SENSOR_LIMITS.temp,
  rh: SENSOR_LIMITS.rh,
  co2: SENSOR_LIMITS.co2,
  nh3: SENSOR_LIMITS.nh3,
  h2s: SENSOR_LIMITS.h2s,
  pa: SENSOR_LIMITS.pa,
  light: SENSOR_LIMITS.light,
  wind: SENSOR_LIMITS.wind,
  ph: SENSOR_LIMITS.ph,
  outTemp: 1,
  fan: 32,
  window: 16,
  curtain: 16,
  heater: 16,
  pump: 16,
  mist: 16,
} as const;
export type ChannelKind = keyof typeof CHANNEL_KINDS;

/** Whether `key` is `<kind>.<n>` with n from 1 up to the kind's limit. */
export function channelKeyValid(key: string): boolean {
  const m = /^([A-Za-z]+)\.([1-9]\d*)$/.exec(key);
  if (!m) return false;
  const limit = (CHANNEL_KINDS as Record<string, number>)[m[1]!];
  return limit !== undefined && Number(m[2]) <= limit;
}
export const channelKindOf = (key: string): string => key.split('.')[0] ?? '';

export const channelItem = z.strictObject({
  key: z
    .string({ error: 'validation.required' })
    .refine(isPlainText, 'validation.invalidCharacters')
    .trim()
    .refine(channelKeyValid, 'validation.invalid'),
  subDevice: oneOf(CLIMATE_SUB_DEVICES),
  name: optionalText(),
  fanType: z.number().int().nullish(),
  curtainType: z.number().int().nullish(),
  heatType: z.number().int().nullish(),
});
export type ChannelItem = z.infer<typeof channelItem>;
export const channelsBody = z.strictObject({ id: bodyId, channels: z.array(channelItem).max(200) });
export type ChannelsBody = z.infer<typeof channelsBody>;
/** A gateway by id, or by device code (the running-status page knows only the code). */
export const channelsQuery = z
  .strictObject({ id: idParam.optional(), code: deviceCode.optional() })
  .refine((v) => v.id !== undefined || v.code !== undefined, { message: 'validation.required', path: ['id'] });
export type ChannelsQuery = z.infer<typeof channelsQuery>;

export const FAN_TYPE_VALUES: readonly number[] = FAN_TYPES;
export const CURTAIN_TYPE_VALUES: readonly number[] = CURTAIN_TYPES;
export const HEAT_TYPE_VALUES: readonly number[] = HEAT_COOL_TYPES;

export const CONNECTION_MODES = ['tcpClient', 'tcpServer', 'mqtt'] as const;
export type ConnectionMode = (typeof CONNECTION_MODES)[number];

const networkFields = {
  name: requiredText(),
  /** Format checked by the server (200324) and by the form with isIpAddress. */
  ip: z
    .string({ error: 'validation.required' })
    .refine(isPlainText, 'validation.invalidCharacters')
    .trim()
    .min(1, 'validation.required')
    .max(45, 'validation.maxLength'),
  serverPort: z.number(NUMBER_ERROR),
  connectionMode: z.enum(CONNECTION_MODES, { error: 'validation.invalid' }),
  farmId: bodyId,
};
export const networkAddBody = z.strictObject(networkFields);
export type NetworkAddBody = z.infer<typeof networkAddBody>;
export const networkUpdateBody = z.strictObject({ id: bodyId, ...networkFields });
export type NetworkUpdateBody = z.infer<typeof networkUpdateBody>;
export const networkPageBody = z.strictObject({
  farmId: bodyId.nullish(),
  keyword: optionalText(),
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(20),
});
export type NetworkPageBody = z.infer<typeof networkPageBody>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** IPv4 dotted quad or IPv6 (full, compressed, or with an embedded IPv4 tail). */
export function isIpAddress(ip: string): boolean {
  if (IPV4.test(ip)) return true;
  if (!/^[0-9A-Fa-f:.]+$/.test(ip) || !ip.includes(':')) return false;
  let head = ip;
  let groupsFromV4 = 0;
  const lastColon = ip.lastIndexOf(':');
  const tail = ip.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return false;
    head = ip.slice(0, lastColon + 1) + '0';
    groupsFromV4 = 1;
  }
  const parts = head.split('::');
  if (parts.length > 2) return false;
  const groups = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const left = groups(parts[0]!);
  const right = parts.length === 2 ? groups(parts[1]!) : [];
  if ([...left, ...right].some((g) => !/^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  const total = left.length + right.length + groupsFromV4;
  return parts.length === 2 ? total <= 7 : total === 8;
}

/** SPEC §5: a server port is a whole number from 1 to 65535. */
export function isServerPort(port: unknown): boolean {
  return typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535;
}

import { z } from 'zod';
import { get, idAnswer, noAnswer, post, put, resource } from '../contract.js';
import {
  CONNECTION_MODES,
  DEVICE_REFUSAL_REASONS,
  channelsBody,
  channelsQuery,
  controllerAddBody,
  controllerBindBody,
  controllerCommandBody,
  controllerEnableBody,
  controllerIdBody,
  controllerPageBody,
  controllerUpdateBody,
  deviceIdParams,
  networkAddBody,
  networkPageBody,
  networkUpdateBody,
} from '../schemas/devices.js';

/** Refused connections of a gateway: how many, and the last one (ISO 8601 moment). */
export const deviceRefusal = z.object({ count: z.number(), lastReason: z.enum(DEVICE_REFUSAL_REASONS), lastAt: z.string() });
export type DeviceRefusal = z.infer<typeof deviceRefusal>;

/** A gateway's model fields as the registry keeps them (also in the environment answers). */
export const gatewayModelFields = {
  gatewayType: z.number(),
  deviceCategory: z.number().nullable(),
  model: z.string().nullable(),
  serialNo: z.string().nullable(),
};

/** Where a gateway is: its farm and shed (null while unbound). */
export const gatewayPlaceFields = {
  farmId: z.number().nullable(),
  farmName: z.string().nullable(),
  shedId: z.number().nullable(),
  shedName: z.string().nullable(),
};

/** A row of controller/page. */
export const controllerRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  ...gatewayModelFields,
  ...gatewayPlaceFields,
  enabled: z.boolean(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  /** The check code itself is never sent back. */
  checkCodeSet: z.boolean(),
  /** Refused connections signed in with this gateway's code (null: none). */
  refusal: deviceRefusal.nullable(),
  networkId: z.number().nullable(),
  networkName: z.string().nullable(),
  port: z.number().nullable(),
  commPointNo: z.number().nullable(),
  parentId: z.number().nullable(),
  parentCode: z.string().nullable(),
});
export type ControllerRow = z.infer<typeof controllerRow>;

/** The answer of regenerating a gateway's check code (and part of adding one): the code in effect, shown once. */
export const checkCodeAnswer = z.object({ checkCode: z.string() });
export type CheckCodeAnswer = z.infer<typeof checkCodeAnswer>;

/** What the device answered in its ack's `data`. */
export const controllerCommandAnswer = z.object({ data: z.record(z.string(), z.unknown()) });
export type ControllerCommandAnswer = z.infer<typeof controllerCommandAnswer>;

export const channelRow = z.object({
  key: z.string(),
  subDevice: z.number(),
  name: z.string().nullable(),
  fanType: z.number().nullable(),
  curtainType: z.number().nullable(),
  heatType: z.number().nullable(),
});
export type ChannelRow = z.infer<typeof channelRow>;

export const networkRow = z.object({
  id: z.number(),
  name: z.string(),
  ip: z.string(),
  serverPort: z.number(),
  connectionMode: z.enum(CONNECTION_MODES),
  farmId: z.number(),
  farmName: z.string().nullable(),
  /** Controllers wired to it (their bus location), and how many of them are online now. */
  gateways: z.number(),
  gatewaysOnline: z.number(),
});
export type NetworkRow = z.infer<typeof networkRow>;

const C = '/breedpigdevice/controller';
const N = '/breedpigdevice/network';

/**
 * Device registry (/device-mng/controller, controller4008, network; read-only on the connection
 * screens): gateways with their sub-device channels and commands, and network devices.
 */
export const devicesApi = {
  ...resource('', C, {
    paths: 'named',
    params: deviceIdParams,
    row: controllerRow,
    page: { summary: "Gateways of the caller's farms with their online state", body: controllerPageBody },
    add: {
      summary: 'Adds a gateway (203339 code, 203340 name in farm, 20063 shed taken, 20102 device limit)',
      body: controllerAddBody,
      answer: idAnswer.extend(checkCodeAnswer.shape),
    },
    update: { summary: 'Edits a gateway (its check code is kept: regenerateCheckCode replaces it)', body: controllerUpdateBody },
    remove: 'Deletes an unbound gateway with its channels (bound: 20090)',
  }),
  regenerateCheckCode: post(
    `${C}/regenerateCheckCode`,
    'Replaces the check code with a new one, answered once; the live session is closed (20088 unknown gateway)',
    { body: controllerIdBody, answer: checkCodeAnswer },
  ),
  bind: post(`${C}/bind`, 'Binds a gateway to a shed of its farm (20039 already bound, 20063 shed taken)', {
    body: controllerBindBody,
    answer: noAnswer,
  }),
  unbind: post(`${C}/unbind`, 'Unbinds a gateway from its shed', { body: controllerIdBody, answer: noAnswer }),
  enable: post(`${C}/enable`, 'Enables or disables gateways (a disabled one is refused at CONNECT)', {
    body: controllerEnableBody,
    answer: noAnswer,
  }),
  channels: get(`${C}/channels`, 'Sub-device channels of a gateway (by id or code)', { query: channelsQuery, answer: z.array(channelRow) }),
  saveChannels: put(`${C}/channels`, 'Replaces the channels (20008 fan, 20009 curtain, 20010 heating type; duplicate key 99996)', {
    body: channelsBody,
    answer: noAnswer,
  }),
  command: post(
    `${C}/command`,
    'Sends time.sync or params.read to a gateway and returns its ack data (200323 params, 20086 disabled, 203342 offline, 20048 refused)',
    { body: controllerCommandBody, answer: controllerCommandAnswer },
  ),
  ...resource('network', N, {
    paths: 'named',
    params: deviceIdParams,
    row: networkRow,
    page: { summary: 'Network devices and switches', body: networkPageBody },
    add: { summary: 'Adds a network device (200324 IP, 200325 port, 200326 IP exists)', body: networkAddBody },
    update: { summary: 'Edits a network device', body: networkUpdateBody },
    remove: 'Deletes a network device',
  }),
};

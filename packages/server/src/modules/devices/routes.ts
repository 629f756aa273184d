import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
  type ChannelRow,
  type CheckCodeAnswer,
  type ControllerCommandAnswer,
  type ControllerRow,
  type NetworkRow,
  type Page,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { listChannels, saveChannels } from './channels.js';
import { regenerateCheckCode } from './check-code.js';
import { controllerCommand } from './commands.js';
import {
  type Changed,
  addController,
  bindController,
  deleteController,
  enableControllers,
  pageControllers,
  unbindController,
  updateController,
} from './controllers.js';
import { addNetwork, deleteNetwork, pageNetwork, updateNetwork } from './network.js';

/**
 * The screens that manage gateways (administration: add, change, bind, delete, command); the
 * connection screen lists the same ones read-only. The 4008 page is the controller page cut to
 * one model family. The running-status page embedded
 * in other screens reads a gateway's channels too.
 */
export const CONTROLLER_MANAGE_APPS = ['device-mng.controller', 'device-mng.controller4008'];
export const CONTROLLER_APPS = [...CONTROLLER_MANAGE_APPS, 'device-connect.controller'];
export const RUNNING_STATUS_APP = 'device-running-status.controller.iframe';
export const CHANNEL_READ_APPS = [...CONTROLLER_APPS, RUNNING_STATUS_APP];
export const NETWORK_MANAGE_APPS = ['device-mng.network'];
export const NETWORK_APPS = [...NETWORK_MANAGE_APPS, 'device-connect.network'];

/**
 * Device registry: gateways/controllers with their sub-device channels, and network devices.
 * Writes are audited by the audit plugin; reads are marked readOnly.
 */
export const deviceRoutes: ModuleRoutes = async (base, { database, iot }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['devices'];
  const module = 'device-mng';
  const ctl = { app: CONTROLLER_MANAGE_APPS, module };
  const ctlRead = { app: CONTROLLER_APPS, module, readOnly: true };
  const net = { app: NETWORK_MANAGE_APPS, module };
  // The broker caches registry lookups for a few seconds: forget a changed gateway at once, and
  // end the live session of one that lost its right to it (disabled, deleted, re-keyed).
  const changed: Changed = (code, kick) => {
    iot.devices.invalidate(code);
    if (kick) void iot.kick(code, kick.gatewayId).catch((err: unknown) => base.log.warn({ code, err }, 'closing a device session failed'));
  };
  const C = '/api/breedpigdevice/controller';
  const N = '/api/breedpigdevice/network';

  app.post(
    `${C}/page`,
    {
      config: ctlRead,
      schema: { tags, summary: "Gateways of the caller's farms with their online state", body: controllerPageBody },
    },
    async (req): Promise<Page<ControllerRow>> => pageControllers(db, scopeOf(req), tenantOf(req), req.body),
  );

  app.post(
    `${C}/add`,
    {
      config: ctl,
      schema: {
        tags,
        summary: 'Adds a gateway (203339 code, 203340 name in farm, 20063 shed taken, 20102 device limit)',
        body: controllerAddBody,
      },
    },
    async (req): Promise<{ id: number } & CheckCodeAnswer> => addController(db, scopeOf(req), tenantOf(req), req.body),
  );

  app.post(
    `${C}/regenerateCheckCode`,
    {
      config: ctl,
      schema: {
        tags,
        summary: 'Replaces the check code with a new one, answered once; the live session is closed (20088 unknown gateway)',
        body: controllerIdBody,
      },
    },
    async (req): Promise<CheckCodeAnswer> => regenerateCheckCode(db, scopeOf(req), tenantOf(req), req.body.id, changed),
  );

  app.put(
    `${C}/update`,
    {
      config: ctl,
      schema: { tags, summary: 'Edits a gateway (its check code is kept: regenerateCheckCode replaces it)', body: controllerUpdateBody },
    },
    async (req) => {
      await updateController(db, scopeOf(req), tenantOf(req), req.body, changed);
      return NO_DATA;
    },
  );

  app.delete(
    `${C}/delete/:id`,
    {
      config: ctl,
      schema: { tags, summary: 'Deletes an unbound gateway with its channels (bound: 20090)', params: deviceIdParams },
    },
    async (req) => {
      await deleteController(db, scopeOf(req), tenantOf(req), req.params.id, changed);
      return NO_DATA;
    },
  );

  app.post(
    `${C}/bind`,
    {
      config: ctl,
      schema: { tags, summary: 'Binds a gateway to a shed of its farm (20039 already bound, 20063 shed taken)', body: controllerBindBody },
    },
    async (req) => {
      await bindController(db, scopeOf(req), tenantOf(req), req.body.id, req.body.shedId, changed);
      return NO_DATA;
    },
  );

  app.post(
    `${C}/unbind`,
    {
      config: ctl,
      schema: { tags, summary: 'Unbinds a gateway from its shed', body: controllerIdBody },
    },
    async (req) => {
      await unbindController(db, scopeOf(req), tenantOf(req), req.body.id, changed);
      return NO_DATA;
    },
  );

  app.post(
    `${C}/enable`,
    {
      config: ctl,
      schema: { tags, summary: 'Enables or disables gateways (a disabled one is refused at CONNECT)', body: controllerEnableBody },
    },
    async (req) => {
      await enableControllers(db, scopeOf(req), tenantOf(req), req.body.ids, req.body.enabled, changed);
      return NO_DATA;
    },
  );

  app.get(
    `${C}/channels`,
    {
      config: { app: CHANNEL_READ_APPS, module, readOnly: true },
      schema: { tags, summary: 'Sub-device channels of a gateway (by id or code)', querystring: channelsQuery },
    },
    async (req): Promise<ChannelRow[]> => listChannels(db, scopeOf(req), tenantOf(req), req.query),
  );

  app.put(
    `${C}/channels`,
    {
      config: ctl,
      schema: {
        tags,
        summary: 'Replaces the channels (20008 fan, 20009 curtain, 20010 heating type; duplicate key 99996)',
        body: channelsBody,
      },
    },
    async (req) => {
      await saveChannels(db, scopeOf(req), tenantOf(req), req.body.id, req.body.channels);
      return NO_DATA;
    },
  );

  app.post(
    `${C}/command`,
    {
      config: ctl,
      schema: {
        tags,
        summary:
          'Sends time.sync or params.read to a gateway and returns its ack data (200323 params, 20086 disabled, 203342 offline, 20048 refused)',
        body: controllerCommandBody,
      },
    },
    async (req): Promise<ControllerCommandAnswer> => controllerCommand(database, iot, scopeOf(req), tenantOf(req), req.body),
  );

  app.post(
    `${N}/page`,
    {
      config: { app: NETWORK_APPS, module, readOnly: true },
      schema: { tags, summary: 'Network devices and switches', body: networkPageBody },
    },
    async (req): Promise<Page<NetworkRow>> => pageNetwork(db, scopeOf(req), tenantOf(req), req.body),
  );

  app.post(
    `${N}/add`,
    {
      config: net,
      schema: { tags, summary: 'Adds a network device (200324 IP, 200325 port, 200326 IP exists)', body: networkAddBody },
    },
    async (req): Promise<{ id: number }> => addNetwork(db, scopeOf(req), tenantOf(req), req.body),
  );

  app.put(
    `${N}/update`,
    {
      config: net,
      schema: { tags, summary: 'Edits a network device', body: networkUpdateBody },
    },
    async (req) => {
      await updateNetwork(db, scopeOf(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.delete(
    `${N}/delete/:id`,
    {
      config: net,
      schema: { tags, summary: 'Deletes a network device', params: deviceIdParams },
    },
    async (req) => {
      await deleteNetwork(db, scopeOf(req), tenantOf(req), req.params.id);
      return NO_DATA;
    },
  );
};

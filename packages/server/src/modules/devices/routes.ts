import { devicesApi, type AppCode } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { router } from '../../core/serve.js';
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
export const CONTROLLER_MANAGE_APPS: AppCode[] = ['device-mng.controller', 'device-mng.controller4008'];
export const CONTROLLER_APPS: AppCode[] = [...CONTROLLER_MANAGE_APPS, 'device-connect.controller'];
export const RUNNING_STATUS_APP: AppCode = 'device-running-status.controller.iframe';
export const CHANNEL_READ_APPS: AppCode[] = [...CONTROLLER_APPS, RUNNING_STATUS_APP];
export const NETWORK_MANAGE_APPS: AppCode[] = ['device-mng.network'];
export const NETWORK_APPS: AppCode[] = [...NETWORK_MANAGE_APPS, 'device-connect.network'];

/**
 * Device registry: gateways/controllers with their sub-device channels, and network devices
 * (contracts: packages/shared/src/devices/endpoints.ts). Writes are audited by the audit plugin;
 * reads are marked readOnly.
 */
export const deviceRoutes: ModuleRoutes = async (app, { database, iot }) => {
  const db = database.db;
  const module = 'device-mng';
  const serve = router(app, { tags: ['devices'], app: CONTROLLER_MANAGE_APPS, module });
  const ctlRead = { app: CONTROLLER_APPS, module, readOnly: true };
  const net = { app: NETWORK_MANAGE_APPS, module };
  // The broker caches registry lookups for a few seconds: forget a changed gateway at once, and
  // end the live session of one that lost its right to it (disabled, deleted, re-keyed).
  const changed: Changed = (code, kick) => {
    iot.devices.invalidate(code);
    if (kick) void iot.kick(code, kick.gatewayId).catch((err: unknown) => app.log.warn({ code, err }, 'closing a device session failed'));
  };

  serve(devicesApi.page, ctlRead, async ({ req, body }) => pageControllers(db, scopeOf(req), tenantOf(req), body));
  serve(devicesApi.add, async ({ req, body }) => addController(db, scopeOf(req), tenantOf(req), body));
  serve(devicesApi.regenerateCheckCode, async ({ req, body }) => regenerateCheckCode(db, scopeOf(req), tenantOf(req), body.id, changed));
  serve(devicesApi.update, async ({ req, body }) => updateController(db, scopeOf(req), tenantOf(req), body, changed));
  serve(devicesApi.remove, async ({ req, params }) => deleteController(db, scopeOf(req), tenantOf(req), params.id, changed));
  serve(devicesApi.bind, async ({ req, body }) => bindController(db, scopeOf(req), tenantOf(req), body.id, body.shedId, changed));
  serve(devicesApi.unbind, async ({ req, body }) => unbindController(db, scopeOf(req), tenantOf(req), body.id, changed));
  serve(devicesApi.enable, async ({ req, body }) => enableControllers(db, scopeOf(req), tenantOf(req), body.ids, body.enabled, changed));
  serve(devicesApi.channels, { app: CHANNEL_READ_APPS, module, readOnly: true }, async ({ req, query }) =>
    listChannels(db, scopeOf(req), tenantOf(req), query),
  );
  serve(devicesApi.saveChannels, async ({ req, body }) => saveChannels(db, scopeOf(req), tenantOf(req), body.id, body.channels));
  serve(devicesApi.command, async ({ req, body }) => controllerCommand(database, iot, scopeOf(req), tenantOf(req), body));

  serve(devicesApi.networkPage, { app: NETWORK_APPS, module, readOnly: true }, async ({ req, body }) =>
    pageNetwork(db, scopeOf(req), tenantOf(req), body),
  );
  serve(devicesApi.networkAdd, net, async ({ req, body }) => addNetwork(db, scopeOf(req), tenantOf(req), body));
  serve(devicesApi.networkUpdate, net, async ({ req, body }) => updateNetwork(db, scopeOf(req), tenantOf(req), body));
  serve(devicesApi.networkRemove, net, async ({ req, params }) => deleteNetwork(db, scopeOf(req), tenantOf(req), params.id));
};

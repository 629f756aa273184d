import {
  AppError,
  authCodeApi,
  controlApi,
  envControlApi,
  ErrorCodes,
  heaterIssues,
  pumpKindIssues,
  type AppCode,
  type SettingGroup,
} from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { transportKeys } from '../../lib/transport-crypto.js';
import { forbidden, requireFunction, scopeOf, type Scope } from '../../scope/index.js';
import type { ModuleRoutes } from '../module.js';
import { authCodePage, countUse, enableAuthCode, generateAuthCode } from './auth-codes.js';
import { watchDevices } from './delivery.js';
import { deviceList, switchDevice } from './devices.js';
import { optionLogPage } from './option-logs.js';
import { envOverview } from './overview.js';
import { applySetting, settingState, versionPayload } from './settings.js';
import { confirmAction, type CodeFields, type Confirmation } from './verify.js';

/** The page (application code) of each setting group: the right to change it (shared permissions.ts). */
export const GROUP_APPS = {
  tempDayAge: 'remote-control.env-control.temp-dayage',
  heater: 'remote-control.env-control.heater',
  fixedWind: 'remote-control.env-control.fixed-wind',
  pumps: 'remote-control.env-control.pumps',
  dynamicWind: 'remote-control.env-control.dynamic-wind',
  window: 'remote-control.env-control.window',
  warnRh: 'remote-control.warn.rh',
  warnBar: 'remote-control.warn.bar',
  warnNh3: 'remote-control.warn.nh3',
  warnButton: 'remote-control.warn.button',
  lighting: 'remote-control.env-control.light',
  device: 'remote-control.device',
  /** Feeding devices' remote actions (feeding/remote.ts): their versions are read on the feeder page. */
  feedDevice: 'remote-control.feed-device.feeder',
} as const satisfies Record<SettingGroup, AppCode>;
export const SAFE_SETTINGS_APP: AppCode = 'safe-control.settings';
export const OPTION_LOG_APP: AppCode = 'remote-control.option-logs';
export const SAFE_RECORDS_APP: AppCode = 'safe-oplog.records';
/** The climate overview pages: per house and per pen. */
export const OVERVIEW_APPS: AppCode[] = ['remote-control.env-control.shed', 'remote-control.env-control.column'];

/** Contracts: packages/shared/src/control/endpoints.ts. Writes are audit-logged by the audit plugin (never the codes). */
export const controlRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const keys = transportKeys(db);
  // Acks and reconnects of this process's device link settle and re-send the durable commands.
  const unwatch = watchDevices(deps, app.log);
  app.addHook('onClose', async () => unwatch());

  /** The group's own right, then the code; a use of an authorization code is counted. */
  const confirmed =
    (scope: Scope, group: SettingGroup, shedIds: readonly number[], fields: CodeFields) => async (): Promise<Confirmation> => {
      const c = await confirmAction(db, keys, scope, fields, { shedIds, group });
      if (c.authCodeId !== null) await countUse(db, c.authCodeId);
      return c;
    };
  const settings = router(app, { tags: ['control'], app: Object.values(GROUP_APPS), module: 'remote-control' });
  settings(controlApi.apply, async ({ req, body }) => {
    const scope = scopeOf(req);
    requireFunction(scope.req, scope.functions, [GROUP_APPS[body.group]]);
    // Heater limits that would harm the animals or the equipment: 20053, per field, before any code is tried.
    if (body.group === 'heater') {
      const issues = heaterIssues(body.payload);
      if (issues.length > 0) throw new AppError(ErrorCodes.HEATER_PARAM_WRONG, { data: { issues } });
    }
    // A pump kind that is neither cooling pad nor mist: a wrong cooling type, 20010 per field.
    if (body.group === 'pumps') {
      const issues = pumpKindIssues(body.payload);
      if (issues.length > 0) throw new AppError(ErrorCodes.HEAT_TYPE_WRONG, { data: { issues } });
    }
    const { codeKind, code, shedIds, group, payload } = body;
    const confirmOffComfort = body.group === 'tempDayAge' && body.confirmOffComfort === true;
    return applySetting(
      deps,
      scope,
      shedIds,
      { group, payload, action: 'apply', confirmedOffComfort: confirmOffComfort },
      confirmed(scope, group, shedIds, { codeKind, code }),
    );
  });
  settings(controlApi.state, async ({ req, query }) => {
    const scope = scopeOf(req);
    requireFunction(scope.req, scope.functions, [GROUP_APPS[query.group]]);
    return settingState(db, scope, query);
  });
  settings(controlApi.restore, async ({ req, body }) => {
    const scope = scopeOf(req);
    requireFunction(scope.req, scope.functions, [GROUP_APPS[body.group]]);
    // A hand switch is not a setting to put back (its device returns to automatic by itself).
    // Nor a feeding device's action (a feed-now, a clock sync): each is sent once, from its own page.
    if (body.group === 'device' || body.group === 'feedDevice') throw forbidden(scope.req, { refused: `restore ${body.group}` });
    const payload = await versionPayload(db, scope, body.shedId, body.group, body.version);
    const { codeKind, code } = body;
    return applySetting(
      deps,
      scope,
      [body.shedId],
      { group: body.group, payload, action: 'restore', confirmedOffComfort: false },
      confirmed(scope, body.group, [body.shedId], { codeKind, code }),
    );
  });

  const devices = router(app, { tags: ['control'], app: GROUP_APPS.device, module: 'remote-control' });
  devices(controlApi.devices, async ({ req, query }) => deviceList(deps, scopeOf(req), query.shedId));
  devices(controlApi.switchDevice, async ({ req, body }) => {
    const scope = scopeOf(req);
    const { codeKind, code } = body;
    return switchDevice(deps, scope, body, confirmed(scope, 'device', [body.shedId], { codeKind, code }));
  });

  const logs = router(app, { tags: ['control'], module: 'remote-control' });
  logs(controlApi.optionLogs, { app: OPTION_LOG_APP }, async ({ req, query }) => optionLogPage(db, scopeOf(req), query));
  logs(envControlApi.overview, { app: OVERVIEW_APPS }, async ({ req, query }) => envOverview(deps.database, scopeOf(req), query));
  logs(controlApi.safeRecords, { app: SAFE_RECORDS_APP }, async ({ req, query }) => optionLogPage(db, scopeOf(req), query));

  const codes = router(app, { tags: ['control'], app: SAFE_SETTINGS_APP, module: 'safe-control' });
  codes(authCodeApi.generate, async ({ req, body }) => generateAuthCode(db, scopeOf(req), body));
  codes(authCodeApi.page, async ({ req, query }) => authCodePage(db, scopeOf(req), query));
  codes(authCodeApi.enable, async ({ req, body }) => {
    await enableAuthCode(db, scopeOf(req), body);
    return null;
  });
};

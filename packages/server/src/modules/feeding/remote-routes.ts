import { feedRemoteApi, type AppCode } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { transportKeys } from '../../lib/transport-crypto.js';
import { scopeOf, type Scope } from '../../scope/index.js';
import { confirmAction, countUse, type CodeFields, type Confirmation } from '../control/index.js';
import type { ModuleRoutes } from '../module.js';
import { remoteTargets, sendRemote } from './remote.js';
import { concentratorRemoteList, feederRemoteList } from './remote-list.js';
import { feedNowRecords } from './remote-records.js';

/** Remote control of feeders and of concentrators (the poultry farm's concentrator page too), and the feed-now record. */
export const REMOTE_FEEDER_APP: AppCode = 'remote-control.feed-device.feeder';
export const REMOTE_CONCENTRATOR_APPS: AppCode[] = ['remote-control.feed-device.concentrator', 'remotecontrolfowl.concentrator'];
export const FEED_NOW_RECORDS_APP: AppCode = 'accurate-feeding.records.feed-immediate';

/** Contracts: packages/shared/src/feeding/remote-endpoints.ts. Writes are audit-logged (never the codes). */
export const remoteRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const keys = transportKeys(db);
  /** The code, checked for the house and the feedDevice group; a use of an authorization code is counted. */
  const confirmed = (scope: Scope, shedId: number, fields: CodeFields) => async (): Promise<Confirmation> => {
    const c = await confirmAction(db, keys, scope, fields, { shedIds: [shedId], group: 'feedDevice' });
    if (c.authCodeId !== null) await countUse(db, c.authCodeId);
    return c;
  };
  const serve = router(app, { tags: ['feeding'], app: REMOTE_FEEDER_APP, module: 'remote-control' });

  serve(feedRemoteApi.feeders, async ({ req, query }) => feederRemoteList(deps.database, scopeOf(req), query.shedId));
  serve(feedRemoteApi.feederSend, async ({ req, body }) => {
    const scope = scopeOf(req);
    const found = await remoteTargets(db, scope, body.shedId, 'feeder', body.feederIds);
    const payload = body.action === 'params' ? { ...body.params } : body.action === 'feedNow' ? { grams: body.grams } : {};
    const { codeKind, code } = body;
    return sendRemote(deps, scope, found, { action: body.action, payload }, confirmed(scope, body.shedId, { codeKind, code }));
  });

  const jzq = { app: REMOTE_CONCENTRATOR_APPS };
  serve(feedRemoteApi.concentrators, jzq, async ({ req, query }) => concentratorRemoteList(deps.database, scopeOf(req), query.shedId));
  serve(feedRemoteApi.concentratorSend, jzq, async ({ req, body }) => {
    const scope = scopeOf(req);
    const found = await remoteTargets(db, scope, body.shedId, 'concentrator', body.concentratorIds);
    const payload = body.action === 'serial' ? { ...body.serial } : {};
    const { codeKind, code } = body;
    return sendRemote(deps, scope, found, { action: body.action, payload }, confirmed(scope, body.shedId, { codeKind, code }));
  });

  serve(feedRemoteApi.feedNowRecords, { app: FEED_NOW_RECORDS_APP, module: 'accurate-feeding' }, async ({ req, query }) =>
    feedNowRecords(db, scopeOf(req), query),
  );
};

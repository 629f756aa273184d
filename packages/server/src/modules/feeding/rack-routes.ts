import { feedRackApi, type AppCode } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { scopeOf } from '../../scope/index.js';
import type { ModuleRoutes } from '../module.js';
import { bindFeeder, moveFeeder, renameFeeder, unbindFeeder } from './position-writes.js';
import { columnView, feederPlaces, positionPage } from './positions.js';
import { addRack, rackPage, removeRack, updateRack } from './racks.js';

/** Rack management (pig mode), the feeder column view and the feeder to position relation. */
export const RACK_APP: AppCode = 'accurate-feeding.column';
export const FEEDER_COLUMN_APP: AppCode = 'device-mng.feed.swq.column';
export const FEEDER_RELATION_APP: AppCode = 'device-mng.feed.swq.relation';

/** Contracts: packages/shared/src/feeding/rack-endpoints.ts. Writes are audit-logged. */
export const rackRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const serve = router(app, { tags: ['feeding'], app: RACK_APP, module: 'accurate-feeding' });
  serve(feedRackApi.rackPage, async ({ req, query }) => rackPage(db, scopeOf(req), query));
  serve(feedRackApi.rackAdd, async ({ req, body }) => addRack(db, scopeOf(req), body));
  serve(feedRackApi.rackUpdate, async ({ req, body }) => updateRack(db, scopeOf(req), body));
  serve(feedRackApi.rackRemove, async ({ req, params }) => removeRack(db, scopeOf(req), params.id));

  const devices = router(app, { tags: ['feeding'], app: FEEDER_RELATION_APP, module: 'device-mng' });
  devices(feedRackApi.columns, { app: FEEDER_COLUMN_APP }, async ({ req, query }) => columnView(db, scopeOf(req), query));
  devices(feedRackApi.positionPage, async ({ req, query }) => positionPage(db, scopeOf(req), query));
  devices(feedRackApi.feeders, async ({ req, query }) => feederPlaces(db, scopeOf(req), query));
  devices(feedRackApi.bind, async ({ req, body }) => bindFeeder(db, scopeOf(req), body));
  devices(feedRackApi.unbind, async ({ req, body }) => unbindFeeder(db, scopeOf(req), body));
  devices(feedRackApi.move, async ({ req, body }) => moveFeeder(db, scopeOf(req), body));
  devices(feedRackApi.rename, async ({ req, body }) => renameFeeder(db, scopeOf(req), body));
};

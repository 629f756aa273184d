import { silosApi, type AppCode } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { scopeOf } from '../../scope/index.js';
import type { ModuleRoutes } from '../module.js';
import { addSilo, bindScale, removeSilo, scaleOptions, siloPage, unbindScale, updateSilo } from './silos.js';
import { dailyPage, deliveryPage, siloStatus } from './status.js';

/** The weighing screens (shared permissions.ts, weight: a hidden menu group). */
export const BIND_APP: AppCode = 'weight.bind';
export const BIND_FEED_APP: AppCode = 'weight.bind-feed';
export const STATUS_APPS: AppCode[] = ['weight.status', 'weight.monitoring'];
export const RECORDS_APP: AppCode = 'weight.records';

/** Contracts: packages/shared/src/silos/endpoints.ts. Writes are audit-logged by the audit plugin. */
export const siloRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const serve = router(app, { tags: ['silos'], module: 'weight' });

  // The silo list is the bind pages' table and the records page's silo picker.
  serve(silosApi.page, { app: [BIND_APP, BIND_FEED_APP, RECORDS_APP] }, async ({ req, query }) => siloPage(db, scopeOf(req), query));
  serve(silosApi.add, { app: BIND_APP }, async ({ req, body }) => addSilo(db, scopeOf(req), body));
  serve(silosApi.update, { app: BIND_APP }, async ({ req, body }) => updateSilo(db, scopeOf(req), body));
  serve(silosApi.remove, { app: BIND_APP }, async ({ req, params }) => {
    await removeSilo(db, scopeOf(req), params.id);
  });
  serve(silosApi.scales, { app: BIND_APP }, async ({ req, query }) => scaleOptions(db, scopeOf(req), query));
  serve(silosApi.bindScale, { app: BIND_APP }, async ({ req, body }) => {
    await bindScale(db, scopeOf(req), body);
  });
  serve(silosApi.unbindScale, { app: BIND_APP }, async ({ req, body }) => {
    await unbindScale(db, scopeOf(req), body.id);
  });

  serve(silosApi.status, { app: STATUS_APPS }, async ({ req, query }) => siloStatus(db, scopeOf(req), query));
  serve(silosApi.deliveries, { app: RECORDS_APP }, async ({ req, query }) => deliveryPage(db, scopeOf(req), query));
  serve(silosApi.daily, { app: RECORDS_APP }, async ({ req, query }) => dailyPage(db, scopeOf(req), query));
};

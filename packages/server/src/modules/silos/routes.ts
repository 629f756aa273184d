import { siloReportsApi, silosApi, type AppCode } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { requireFunction, scopeOf } from '../../scope/index.js';
import type { ModuleRoutes } from '../module.js';
import { addSilo, bindScale, removeSilo, scaleOptions, siloPage, unbindScale, updateSilo } from './silos.js';
import { exportSiloReport, siloReport } from './reports.js';
import { dailyPage, deliveryPage, siloStatus } from './status.js';

/** The weighing screens (shared permissions.ts, weight: a hidden menu group). */
export const BIND_APP: AppCode = 'weight.bind';
export const BIND_FEED_APP: AppCode = 'weight.bind-feed';
export const STATUS_APPS: AppCode[] = ['weight.status', 'weight.monitoring'];
export const RECORDS_APP: AppCode = 'weight.records';
/** The reports, one screen per period. */
export const REPORT_APPS = { day: 'weight.ddreports', month: 'weight.mmreports', year: 'weight.yyreports' } as const satisfies Record<
  string,
  AppCode
>;

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

  // Any of the three report screens lets the route in; the period asked for needs its own.
  serve(siloReportsApi.report, { app: Object.values(REPORT_APPS) }, async ({ req, query }) => {
    const scope = scopeOf(req);
    requireFunction(scope.req, scope.functions, [REPORT_APPS[query.period]]);
    return siloReport(db, scope, query);
  });
  serve(siloReportsApi.export, { app: Object.values(REPORT_APPS) }, async ({ req, query }) => {
    const scope = scopeOf(req);
    requireFunction(scope.req, scope.functions, [REPORT_APPS[query.period]]);
    const { file, filename } = await exportSiloReport(db, scope, query, req.locale);
    return { file, filename, mime: XLSX_MIME };
  });
};

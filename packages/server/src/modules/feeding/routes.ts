import {
  feedAnalysisApi,
  feedDeviceApi,
  feedMonitorApi,
  feedReconcileApi,
  feedRecordsApi,
  feedingFeedApi,
  feedingPlanApi,
  feedingStandardApi,
  type AppCode,
} from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { scopeOf } from '../../scope/index.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import type { ModuleRoutes } from '../module.js';
import { alarmStats } from './alarm-stats.js';
import { amountRecords, exportAmountRecords } from './amounts.js';
import { exportFeedAnalysis, feedAnalysis, intakeTrend } from './analysis.js';
import { addDevice, concentratorGateways, deviceList, devicePage, removeDevice, updateDevice } from './devices.js';
import { dispatchPlan, feederRows, retryDispatch } from './dispatch.js';
import { addInfo, addType, infoList, infoPage, removeInfo, removeType, typeList, typePage, updateInfo, updateType } from './feeds.js';
import { penMonitor } from './monitor.js';
import { feedReconcile } from './reconcile.js';
import { exportFeedingRecords, feedingRecords, notEatingList } from './records.js';
import { addPlan, planDetail, planPage, removePlan, updatePlan } from './plans.js';
import { rackRoutes } from './rack-routes.js';
import { mealRoutes } from './meal-routes.js';
import { remoteRoutes } from './remote-routes.js';
import { addStandard, removeStandard, standardList, standardPage, updateStandard } from './standards.js';

/** The feed catalogue's two tabs and the plan screen (shared permissions.ts, accurate-feeding). */
export const FEED_TYPE_APP: AppCode = 'accurate-feeding.info.type';
export const FEED_INFO_APP: AppCode = 'accurate-feeding.info.info';
export const PLAN_APP: AppCode = 'accurate-feeding.plan';
/** The live feeding monitor per pen. */
export const MONITOR_APP: AppCode = 'accurate-feeding.mornitoring';
/** The feeding records per feeder and day, and the morning list of sows that did not eat. */
export const RECORDS_APP: AppCode = 'accurate-feeding.records.feeding';
export const NOT_EATING_APP: AppCode = 'accurate-feeding.feed-alarm.records';
/** The daily amounts per feeder, the feed analysis, the intake trend and the not-eaten statistics. */
export const AMOUNT_APP: AppCode = 'accurate-feeding.records.amount';
export const ANALYSIS_APP: AppCode = 'accurate-feeding.feed-analysis';
export const INTAKE_APP: AppCode = 'accurate-feeding.slb-analysis';
export const ALARM_STATS_APP: AppCode = 'accurate-feeding.feed-alarm.analysis';
/** The feeding devices (/device-mng/feed/jzq, cjq, swq). */
export const CONCENTRATOR_APP: AppCode = 'device-mng.feed.jzq';
export const COLLECTOR_APP: AppCode = 'device-mng.feed.cjq';
export const FEEDER_APP: AppCode = 'device-mng.feed.swq';
/** The feeding standards (/std/mgn). */
export const STANDARD_APP: AppCode = 'std.mgn';

/** Contracts: packages/shared/src/feeding/endpoints.ts. Writes are audit-logged by the audit plugin. */
export const feedingRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const serve = router(app, { tags: ['feeding'], app: FEED_TYPE_APP, module: 'accurate-feeding' });

  serve(feedingFeedApi.typePage, async ({ req, query }) => typePage(db, scopeOf(req), query));
  // The feed info form picks a type.
  serve(feedingFeedApi.typeList, { app: [FEED_TYPE_APP, FEED_INFO_APP] }, async ({ req }) => typeList(db, scopeOf(req)));
  serve(feedingFeedApi.typeAdd, async ({ req, body }) => addType(db, scopeOf(req), body));
  serve(feedingFeedApi.typeUpdate, async ({ req, body }) => updateType(db, scopeOf(req), body));
  serve(feedingFeedApi.typeRemove, async ({ req, params }) => removeType(db, scopeOf(req), params.id));

  const info = { app: FEED_INFO_APP };
  serve(feedingFeedApi.infoPage, info, async ({ req, query }) => infoPage(db, scopeOf(req), query));
  // The plan form picks a feed per stage.
  serve(feedingFeedApi.infoList, { app: [FEED_INFO_APP, PLAN_APP] }, async ({ req, query }) => infoList(db, scopeOf(req), query));
  serve(feedingFeedApi.infoAdd, info, async ({ req, body }) => addInfo(db, scopeOf(req), body));
  serve(feedingFeedApi.infoUpdate, info, async ({ req, body }) => updateInfo(db, scopeOf(req), body));
  serve(feedingFeedApi.infoRemove, info, async ({ req, params }) => removeInfo(db, scopeOf(req), params.id));

  const plan = { app: PLAN_APP };
  serve(feedingPlanApi.page, plan, async ({ req, query }) => planPage(db, scopeOf(req), query));
  serve(feedingPlanApi.detail, plan, async ({ req, params }) => planDetail(db, scopeOf(req), params.id));
  serve(feedingPlanApi.add, plan, async ({ req, body }) => addPlan(db, scopeOf(req), body));
  serve(feedingPlanApi.update, plan, async ({ req, body }) => updatePlan(db, scopeOf(req), body));
  serve(feedingPlanApi.remove, plan, async ({ req, params }) => removePlan(db, scopeOf(req), params.id));
  serve(feedingPlanApi.dispatch, plan, async ({ req, body }) => dispatchPlan(db, deps, scopeOf(req), body.id));
  serve(feedingPlanApi.retry, plan, async ({ req, body }) => retryDispatch(db, deps, scopeOf(req), body.id));
  serve(feedingPlanApi.feeders, plan, async ({ req, params }) => feederRows(db, scopeOf(req), params.id));

  serve(feedMonitorApi.pens, { app: MONITOR_APP }, async ({ req, query }) => penMonitor(db, scopeOf(req), query));
  const records = { app: RECORDS_APP };
  serve(feedRecordsApi.feeding, records, async ({ req, query }) => feedingRecords(deps.database, scopeOf(req), query));
  serve(feedRecordsApi.feedingExport, records, async ({ req, query }) => {
    const { file, filename } = await exportFeedingRecords(deps.database, scopeOf(req), query, req.locale);
    return { file, filename, mime: XLSX_MIME };
  });
  serve(feedRecordsApi.notEating, { app: NOT_EATING_APP }, async ({ req, query }) => notEatingList(deps.database, scopeOf(req), query));
  serve(feedAnalysisApi.amount, { app: AMOUNT_APP }, async ({ req, query }) => amountRecords(deps.database, scopeOf(req), query));
  serve(feedAnalysisApi.amountExport, { app: AMOUNT_APP }, async ({ req, query }) => {
    const { file, filename } = await exportAmountRecords(deps.database, scopeOf(req), query, req.locale);
    return { file, filename, mime: XLSX_MIME };
  });
  serve(feedAnalysisApi.analysis, { app: ANALYSIS_APP }, async ({ req, query }) => feedAnalysis(deps.database, scopeOf(req), query));
  serve(feedAnalysisApi.analysisExport, { app: ANALYSIS_APP }, async ({ req, query }) => {
    const { file, filename } = await exportFeedAnalysis(deps.database, scopeOf(req), query, req.locale);
    return { file, filename, mime: XLSX_MIME };
  });
  // Reconciliation is a section of the feed analysis page.
  serve(feedReconcileApi.reconcile, { app: ANALYSIS_APP }, async ({ req, query }) => feedReconcile(deps.database, scopeOf(req), query));
  serve(feedAnalysisApi.intake, { app: INTAKE_APP }, async ({ req, query }) => intakeTrend(deps.database, scopeOf(req), query));
  serve(feedAnalysisApi.alarmStats, { app: ALARM_STATS_APP }, async ({ req, query }) => alarmStats(deps.database, scopeOf(req), query));

  const std = { app: STANDARD_APP };
  serve(feedingStandardApi.page, std, async ({ req, query }) => standardPage(db, scopeOf(req), query));
  // The plan form picks the standard a plan keeps to.
  serve(feedingStandardApi.list, { app: [STANDARD_APP, PLAN_APP] }, async ({ req }) => standardList(db, scopeOf(req)));
  serve(feedingStandardApi.add, std, async ({ req, body }) => addStandard(db, scopeOf(req), body));
  serve(feedingStandardApi.update, std, async ({ req, body }) => updateStandard(db, scopeOf(req), body));
  serve(feedingStandardApi.remove, std, async ({ req, params }) => removeStandard(db, scopeOf(req), params.id));

  const devices = router(app, { tags: ['feeding'], app: CONCENTRATOR_APP, module: 'device-mng' });
  const jzq = { app: CONCENTRATOR_APP };
  devices(feedDeviceApi.concentratorPage, jzq, async ({ req, query }) => devicePage(db, scopeOf(req), 'concentrator', query));
  // The collector form picks its concentrator.
  devices(feedDeviceApi.concentratorList, { app: [CONCENTRATOR_APP, COLLECTOR_APP] }, async ({ req, query }) =>
    deviceList(db, scopeOf(req), 'concentrator', query.shedId),
  );
  devices(feedDeviceApi.concentratorGateways, jzq, async ({ req, query }) => concentratorGateways(db, scopeOf(req), query.shedId));
  devices(feedDeviceApi.concentratorAdd, jzq, async ({ req, body }) => addDevice(db, scopeOf(req), { kind: 'concentrator', body }));
  devices(feedDeviceApi.concentratorUpdate, jzq, async ({ req, body }) => {
    await updateDevice(db, scopeOf(req), { kind: 'concentrator', body, id: body.id });
  });
  devices(feedDeviceApi.concentratorRemove, jzq, async ({ req, params }) => removeDevice(db, scopeOf(req), 'concentrator', params.id));

  const cjq = { app: COLLECTOR_APP };
  devices(feedDeviceApi.collectorPage, cjq, async ({ req, query }) => devicePage(db, scopeOf(req), 'collector', query));
  // The feeder form picks its collector.
  devices(feedDeviceApi.collectorList, { app: [COLLECTOR_APP, FEEDER_APP] }, async ({ req, query }) =>
    deviceList(db, scopeOf(req), 'collector', query.shedId),
  );
  devices(feedDeviceApi.collectorAdd, cjq, async ({ req, body }) => addDevice(db, scopeOf(req), { kind: 'collector', body }));
  devices(feedDeviceApi.collectorUpdate, cjq, async ({ req, body }) => {
    await updateDevice(db, scopeOf(req), { kind: 'collector', body, id: body.id });
  });
  devices(feedDeviceApi.collectorRemove, cjq, async ({ req, params }) => removeDevice(db, scopeOf(req), 'collector', params.id));

  const swq = { app: FEEDER_APP };
  devices(feedDeviceApi.feederPage, swq, async ({ req, query }) => devicePage(db, scopeOf(req), 'feeder', query));
  devices(feedDeviceApi.feederAdd, swq, async ({ req, body }) => addDevice(db, scopeOf(req), { kind: 'feeder', body }));
  devices(feedDeviceApi.feederUpdate, swq, async ({ req, body }) => {
    await updateDevice(db, scopeOf(req), { kind: 'feeder', body, id: body.id });
  });
  devices(feedDeviceApi.feederRemove, swq, async ({ req, params }) => removeDevice(db, scopeOf(req), 'feeder', params.id));

  await remoteRoutes(app, deps);
  await rackRoutes(app, deps);
  await mealRoutes(app, deps);
};

import { alarmReportsApi, alarmsApi, type AppCode } from '@farmsense/shared';
import { router } from '../../core/serve.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { requireFunction, scopeOf } from '../../scope/index.js';
import type { ModuleRoutes } from '../module.js';
import { pushRoutes } from './push/routes.js';
import { exportHistory, exportRank } from './report-export.js';
import { alarmAnalysis, alarmRank } from './reports.js';
import { ackAlarms, alarmCount, alarmPage, clearAlarm, shelveAlarm } from './records.js';
import { addGroup, addRule, groupPage, removeGroup, removeRule, ruleDetail, rulePage, updateGroup, updateRule } from './rules.js';

/** The rules screen and the alarm records screen (shared permissions.ts, warningmanagement). */
export const RULES_APP: AppCode = 'warningmanagement.warningconfiguration';
export const RECORDS_APP: AppCode = 'warningmanagement.warningrecord';
/** The alarm reports (shared permissions.ts, reports): history, analysis per period, ranking. */
export const HISTORY_APP: AppCode = 'reports.env-alerts-his';
export const ANALYSIS_APPS = {
  day: 'reports.env-alerts-analysis.day',
  week: 'reports.env-alerts-analysis.week',
  month: 'reports.env-alerts-analysis.month',
} as const satisfies Record<string, AppCode>;
export const RANK_APP: AppCode = 'reports.device-alerts-rank';

/** Contracts: packages/shared/src/alarms/endpoints.ts. Writes are audit-logged by the audit plugin. */
export const alarmRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const rules = router(app, { tags: ['alarms'], app: RULES_APP, module: 'warningmanagement' });

  rules(alarmsApi.groupPage, async ({ req, query }) => groupPage(db, scopeOf(req), query));
  rules(alarmsApi.groupAdd, async ({ req, body }) => addGroup(db, scopeOf(req), body));
  rules(alarmsApi.groupUpdate, async ({ req, body }) => updateGroup(db, deps.live, scopeOf(req), body));
  rules(alarmsApi.groupRemove, async ({ req, params }) => {
    await removeGroup(db, deps.live, scopeOf(req), params.id);
    return null;
  });
  rules(alarmsApi.rulePage, async ({ req, query }) => rulePage(db, scopeOf(req), query));
  rules(alarmsApi.ruleDetail, async ({ req, params }) => ruleDetail(db, scopeOf(req), params.id));
  rules(alarmsApi.ruleAdd, async ({ req, body }) => addRule(db, scopeOf(req), body));
  rules(alarmsApi.ruleUpdate, async ({ req, body }) => updateRule(db, deps.live, scopeOf(req), body));
  rules(alarmsApi.ruleRemove, async ({ req, params }) => {
    await removeRule(db, deps.live, scopeOf(req), params.id);
    return null;
  });

  const records = router(app, { tags: ['alarms'], app: RECORDS_APP, module: 'warningmanagement' });
  records(alarmsApi.page, async ({ req, query }) => alarmPage(db, scopeOf(req), query));
  records(alarmsApi.count, async ({ req, query }) => alarmCount(db, scopeOf(req), query));
  records(alarmsApi.ack, async ({ req, body }) => ackAlarms(db, deps.live, scopeOf(req), body));
  records(alarmsApi.clear, async ({ req, body }) => {
    await clearAlarm(db, deps.live, scopeOf(req), body);
    return null;
  });
  records(alarmsApi.shelve, async ({ req, body }) => {
    await shelveAlarm(db, deps.live, scopeOf(req), body);
    return null;
  });

  const reports = router(app, { tags: ['alarms'], module: 'reports' });
  reports(alarmReportsApi.history, { app: HISTORY_APP }, async ({ req, query }) => alarmPage(db, scopeOf(req), query));
  reports(alarmReportsApi.historyExport, { app: HISTORY_APP }, async ({ req, query }) => {
    const { file, filename } = await exportHistory(db, scopeOf(req), query, req.locale);
    return { file, filename, mime: XLSX_MIME };
  });
  // Any of the three tabs lets the route in; the period asked for needs its own tab.
  reports(alarmReportsApi.analysis, { app: Object.values(ANALYSIS_APPS) }, async ({ req, query }) => {
    const scope = scopeOf(req);
    requireFunction(scope.req, scope.functions, [ANALYSIS_APPS[query.period]]);
    return alarmAnalysis(db, scope, query);
  });
  reports(alarmReportsApi.rank, { app: RANK_APP }, async ({ req, query }) => alarmRank(db, scopeOf(req), query));
  reports(alarmReportsApi.rankExport, { app: RANK_APP }, async ({ req, query }) => {
    const { file, filename } = await exportRank(db, scopeOf(req), query, req.locale);
    return { file, filename, mime: XLSX_MIME };
  });

  await pushRoutes(app, deps);
};

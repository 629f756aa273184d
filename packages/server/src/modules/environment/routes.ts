import { environmentApi, ErrorCodes, type AppCode } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router, type RouteConfig } from '../../core/serve.js';
import { prepare, type PreparedAnswer } from '../../core/prepared.js';
import { refusal, scopeOf, seenSheds, tenantSheds, type ShedRow } from '../../scope/index.js';
import { WriteMemo } from '../../scope/write-memo.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { commuOff, connectStatusPage, runStats } from './devices.js';
import { envMonitor, hkqDetail, monitorStatistics } from './monitor.js';
import { exportRecords, records } from './records.js';
import {
  assertKindAllowed,
  COMMU_OFF_APPS,
  CONNECT_APPS,
  DETAIL_APPS,
  MONITOR_APPS,
  RECORD_APPS,
  recordAppsFor,
  RUN_STATS_APPS,
  TREND_APPS,
  trendAppsFor,
} from './apps.js';
import { trend, TREND_KEEP_MS } from './trend.js';

/** A kept chart: the tenant's sheds it was asked for (to check each caller), and its answer (null if one is not the tenant's). */
interface SharedChart {
  known: ReadonlyMap<number, ShedRow>;
  answer: PreparedAnswer<typeof environmentApi.trend> | null;
}

/**
 * Environment monitoring calls (SPEC §7 "Devices and monitoring", and the trend, record and
 * device report calls of the environment screens; contracts: packages/shared/src/environment/
 * endpoints.ts). All read-only, all cut to the caller's tenant, farms and sheds; each route admits
 * the screens it serves (scope.ts).
 */
export const environmentRoutes: ModuleRoutes = async (app, { database, sessions }) => {
  const serve = router(app, { tags: ['environment'] });
  const reads = (apps: AppCode[]): RouteConfig => ({ app: apps, readOnly: true });

  serve(environmentApi.monitor, reads(MONITOR_APPS), async ({ req, body }) => envMonitor(database, scopeOf(req), body));
  serve(environmentApi.detail, reads(DETAIL_APPS), async ({ req, body }) => hkqDetail(database, scopeOf(req), body));
  serve(environmentApi.statistics, reads(MONITOR_APPS), async ({ req, body }) => monitorStatistics(database, scopeOf(req), body.farmId));
  serve(environmentApi.connectStatus, reads(CONNECT_APPS), async ({ req, body }) => connectStatusPage(database, scopeOf(req), body));
  // A chart's answer depends on its houses and range only, not on who asks: kept TREND_KEEP_MS per
  // tenant, so the dashboards of a farm group asking for the same day's chart share one read,
  // checked, written and compressed once; writes through the API drop it. The chart keeps the
  // tenant's sheds it was read for, and each caller's right to them is answered from its scope in
  // memory (seenSheds), so a chart already kept costs no query.
  const charts = new WriteMemo<SharedChart>(sessions, TREND_KEEP_MS, 1_000);
  serve(environmentApi.trend, reads(TREND_APPS), async ({ req, body }) => {
    const scope = scopeOf(req);
    assertKindAllowed(scope, trendAppsFor(body.kind));
    const shedIds = [...new Set(body.shedIds)];
    const tenantId = scope.tenantId;
    if (tenantId === null) throw refusal(req, ErrorCodes.HOUSE_NOT_FOUND, { refused: 'shed', id: shedIds[0] });
    const chart = await charts.get(JSON.stringify([tenantId, body]), async () => {
      const known = await tenantSheds(database.db, tenantId, shedIds);
      if (shedIds.some((id) => !known.has(id))) return { known, answer: null };
      const shedList = shedIds.map((id) => known.get(id)!);
      return { known, answer: prepare(environmentApi.trend, await trend(database, tenantId, shedList, body)) };
    });
    seenSheds(scope, shedIds, chart.known);
    if (!chart.answer) throw refusal(req, ErrorCodes.HOUSE_NOT_FOUND, { refused: 'shed', id: shedIds[0] });
    return chart.answer;
  });
  serve(environmentApi.records, reads(RECORD_APPS), async ({ req, body }) => {
    const scope = scopeOf(req);
    assertKindAllowed(scope, recordAppsFor(body.kind));
    return records(database, scope, body);
  });
  serve(environmentApi.recordsExport, { app: RECORD_APPS }, async ({ req, query }) => {
    const scope = scopeOf(req);
    assertKindAllowed(scope, recordAppsFor(query.kind));
    const { file, filename } = await exportRecords(database, scope, query, req.locale);
    return { file, filename, mime: XLSX_MIME };
  });
  serve(environmentApi.commuOff, reads(COMMU_OFF_APPS), async ({ req, body }) => commuOff(database, scopeOf(req), body));
  serve(environmentApi.runStats, reads(RUN_STATS_APPS), async ({ req, body }) => runStats(database, scopeOf(req), body));
};

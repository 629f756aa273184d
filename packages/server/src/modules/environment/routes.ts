import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  connectStatusBody,
  envMonitorBody,
  envFarmBody,
  hkqDetailBody,
  recordsBody,
  recordsExportQuery,
  reportRangeBody,
  trendBody,
  type CommuOffRow,
  type DeviceConnectRow,
  type EnvMonitorAnswer,
  type HkqDetail,
  type MonitorStatistics,
  type Page,
  type RecordsAnswer,
  type RunStatsRow,
  type TrendAnswer,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { scopeOf } from '../../scope/index.js';
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
import { trend } from './trend.js';

/**
 * Environment monitoring calls (SPEC §7 "Devices and monitoring", and the trend, record and
 * device report calls of the environment screens). All read-only, all cut to the caller's
 * tenant, farms and sheds; each route admits the screens it serves (scope.ts).
 */
export const environmentRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['environment'];

  app.post(
    '/api/breedpigbuilding/pigFarmManagePlus/pigEnvMonitorPlus',
    {
      config: { app: MONITOR_APPS, readOnly: true },
      schema: { tags, summary: 'Latest environment values of the sheds of a farm (shed cards, big screen)', body: envMonitorBody },
    },
    async (req): Promise<EnvMonitorAnswer> => envMonitor(database, scopeOf(req), req.body),
  );

  app.post(
    '/api/breedpigbuilding/remoteHkqController/hkqDetail',
    {
      config: { app: DETAIL_APPS, readOnly: true },
      schema: { tags, summary: "One controller's full latest state (by gatewayCode, or the first of shedId)", body: hkqDetailBody },
    },
    async (req): Promise<HkqDetail> => hkqDetail(database, scopeOf(req), req.body),
  );

  app.post(
    '/api/breedpigbuilding/api/device/statistics/monitor',
    {
      config: { app: MONITOR_APPS, readOnly: true },
      schema: { tags, summary: 'Gateways online/offline, sheds with data, readings today', body: envFarmBody },
    },
    async (req): Promise<MonitorStatistics> => monitorStatistics(database, scopeOf(req), req.body.farmId),
  );

  app.post(
    '/api/breedpigdevice/busi/data/monitor/pageDeviceConnectStatus',
    {
      config: { app: CONNECT_APPS, readOnly: true },
      schema: { tags, summary: 'Paged gateways with online state, since, last seen, outages in 7 days', body: connectStatusBody },
    },
    async (req): Promise<Page<DeviceConnectRow>> => connectStatusPage(database, scopeOf(req), req.body),
  );

  app.post(
    '/api/environment/trend',
    {
      config: { app: TREND_APPS, readOnly: true },
      schema: { tags, summary: 'Bucketed series of every sensor of a kind for up to 6 sheds', body: trendBody },
    },
    async (req): Promise<TrendAnswer> => {
      const scope = scopeOf(req);
      assertKindAllowed(scope, trendAppsFor(req.body.kind));
      return trend(database, scope, req.body);
    },
  );

  app.post(
    '/api/environment/records',
    {
      config: { app: RECORD_APPS, readOnly: true },
      schema: { tags, summary: 'Paged readings of a kind, one row per reading time', body: recordsBody },
    },
    async (req): Promise<RecordsAnswer> => {
      const scope = scopeOf(req);
      assertKindAllowed(scope, recordAppsFor(req.body.kind));
      return records(database, scope, req.body);
    },
  );

  app.get(
    '/api/environment/records/export',
    {
      config: { app: RECORD_APPS },
      schema: {
        tags,
        summary: 'The readings of a kind as an .xlsx file (headers in the request language)',
        querystring: recordsExportQuery,
      },
    },
    async (req, reply) => {
      const scope = scopeOf(req);
      assertKindAllowed(scope, recordAppsFor(req.query.kind));
      const { file, filename } = await exportRecords(database, scope, req.query, req.locale);
      const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
        .send(file);
    },
  );

  app.post(
    '/api/environment/commuOff',
    {
      config: { app: COMMU_OFF_APPS, readOnly: true },
      schema: { tags, summary: 'Communication-off times and counts per gateway in a range', body: reportRangeBody },
    },
    async (req): Promise<CommuOffRow[]> => commuOff(database, scopeOf(req), req.body),
  );

  app.post(
    '/api/environment/runStats',
    {
      config: { app: RUN_STATS_APPS, readOnly: true },
      schema: { tags, summary: 'Actuator run hours per gateway in a range (hourly rollups)', body: reportRangeBody },
    },
    async (req): Promise<RunStatsRow[]> => runStats(database, scopeOf(req), req.body),
  );
};

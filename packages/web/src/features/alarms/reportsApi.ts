import type { UseQueryResult } from '@tanstack/react-query';
import {
  alarmReportsApi,
  type AlarmAnalysis,
  type AlarmPeriod,
  type AlarmRank,
  type AlarmRow,
  type Page,
  type AlarmKind,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import { fileRequest, type FileRequest } from '../../ui/download';

/**
 * The alarm reports (contracts: shared alarms/reports.ts). Under the alarms feature's
 * `['alarms', 'records']` keys, so acknowledging or releasing elsewhere in the console marks
 * them stale too.
 */
export interface HistoryQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  level?: number;
  kind?: AlarmKind;
  startTime: number;
  endTime: number;
}

export interface AnalysisQuery {
  farmId: number;
  period: AlarmPeriod;
  day: string;
  shedId?: number;
}

export interface RankQuery {
  farmId: number;
  startTime: number;
  endTime: number;
  top: number;
}

export function useAlarmHistory(q: HistoryQuery, enabled: boolean): UseQueryResult<Page<AlarmRow>> {
  return useSteadyQuery(['alarms', 'records', 'history', q], (signal) => call(alarmReportsApi.history, { query: q }, { signal }), {
    enabled,
  });
}

export function useAlarmAnalysis(q: AnalysisQuery | null): UseQueryResult<AlarmAnalysis> {
  return useSteadyQuery(['alarms', 'records', 'analysis', q], (signal) => call(alarmReportsApi.analysis, { query: q! }, { signal }), {
    enabled: q !== null,
  });
}

export function useAlarmRank(q: RankQuery | null): UseQueryResult<AlarmRank> {
  return useSteadyQuery(['alarms', 'records', 'rank', q], (signal) => call(alarmReportsApi.rank, { query: q! }, { signal }), {
    enabled: q !== null,
  });
}

/** The history under the page's filters as .xlsx (ui/ExportButton); the server exports every page. */
export function historyExport(q: Omit<HistoryQuery, 'pageNo' | 'pageSize'>): FileRequest {
  return fileRequest(alarmReportsApi.historyExport, { query: { ...q, pageNo: 1, pageSize: 20 } }, 'alarm-history.xlsx');
}

/** The ranked gateways or rules of the range as .xlsx (ui/ExportButton). */
export function rankExport(q: Omit<RankQuery, 'top'>, by: 'gateway' | 'rule'): FileRequest {
  return fileRequest(alarmReportsApi.rankExport, { query: { ...q, by } }, `alarm-rank-${by}.xlsx`);
}

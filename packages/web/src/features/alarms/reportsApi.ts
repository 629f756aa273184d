import type { UseQueryResult } from '@tanstack/react-query';
import {
  alarmReportsApi,
  type AlarmAnalysis,
  type AlarmPeriod,
  type AlarmRank,
  type AlarmRow,
  type Page,
  type RuleKind,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import { downloadFile } from '../../ui/download';

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
  kind?: RuleKind;
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

/** The history under the page's filters as .xlsx; resolves with the file name, or null after telling why not. */
export function downloadHistory(q: Omit<HistoryQuery, 'pageNo' | 'pageSize'>): Promise<string | null> {
  return downloadFile(alarmReportsApi.historyExport.path, { query: { ...q }, fallback: 'alarm-history.xlsx' });
}

export function downloadRank(q: Omit<RankQuery, 'top'>, by: 'gateway' | 'rule'): Promise<string | null> {
  return downloadFile(alarmReportsApi.rankExport.path, { query: { ...q, by }, fallback: `alarm-rank-${by}.xlsx` });
}

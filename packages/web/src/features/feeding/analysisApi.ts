import type { UseQueryResult } from '@tanstack/react-query';
import {
  feedAnalysisApi,
  feedReconcileApi,
  type FeedAlarmStatsAnswer,
  type FeedAmountRow,
  type FeedAnalysisAnswer,
  type FeedAnalysisGroup,
  type FeedIntakeAnswer,
  type FeedReconcileAnswer,
  type Page,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import { fileRequest, type FileRequest } from '../../ui/download';

/**
 * The amount records, feed analysis, intake trend and not-eaten statistics (contracts:
 * packages/shared/src/feeding/analysis-endpoints.ts).
 */
export interface FeedRangeAsk {
  farmId: number;
  shedId?: number;
  startTime: number;
  endTime: number;
}

export function useFeedAmounts(
  q: FeedRangeAsk & { pageNo: number; pageSize: number },
  enabled: boolean,
): UseQueryResult<Page<FeedAmountRow>> {
  return useSteadyQuery(['feeding', 'amounts', q], (signal) => call(feedAnalysisApi.amount, { query: q }, { signal }), { enabled });
}

/** The amounts of the range as an Excel file (ui/ExportButton). */
export function feedAmountsExport(q: FeedRangeAsk): FileRequest {
  return fileRequest(feedAnalysisApi.amountExport, { query: q }, 'feed-amounts.xlsx');
}

export type FeedAnalysisAsk = FeedRangeAsk & { groupBy: FeedAnalysisGroup };

export function useFeedAnalysis(q: FeedAnalysisAsk, enabled: boolean): UseQueryResult<FeedAnalysisAnswer> {
  return useSteadyQuery(['feeding', 'analysis', q], (signal) => call(feedAnalysisApi.analysis, { query: q }, { signal }), { enabled });
}

export function feedAnalysisExport(q: FeedAnalysisAsk): FileRequest {
  return fileRequest(feedAnalysisApi.analysisExport, { query: q }, 'feed-analysis.xlsx');
}

export function useFeedIntake(q: FeedRangeAsk & { penId?: number; feederId?: number }, enabled: boolean): UseQueryResult<FeedIntakeAnswer> {
  return useSteadyQuery(['feeding', 'intake', q], (signal) => call(feedAnalysisApi.intake, { query: q }, { signal }), { enabled });
}

export function useFeedAlarmStats(q: FeedRangeAsk, enabled: boolean): UseQueryResult<FeedAlarmStatsAnswer> {
  return useSteadyQuery(['feeding', 'alarmStats', q], (signal) => call(feedAnalysisApi.alarmStats, { query: q }, { signal }), {
    enabled,
  });
}

/** Silo consumption and deliveries against dispensed and planned feed per day and house. */
export function useFeedReconcile(q: FeedRangeAsk, enabled: boolean): UseQueryResult<FeedReconcileAnswer> {
  return useSteadyQuery(['feeding', 'reconcile', q], (signal) => call(feedReconcileApi.reconcile, { query: q }, { signal }), { enabled });
}

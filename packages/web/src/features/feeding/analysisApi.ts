import type { UseQueryResult } from '@tanstack/react-query';
import {
  feedAnalysisApi,
  type FeedAlarmStatsAnswer,
  type FeedAmountRow,
  type FeedAnalysisAnswer,
  type FeedAnalysisGroup,
  type FeedIntakeAnswer,
  type Page,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import { downloadFile } from '../../ui/download';

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

/** Resolves with the file's name, or null after the user was told why not. */
export function downloadFeedAmounts(q: FeedRangeAsk): Promise<string | null> {
  return downloadFile(feedAnalysisApi.amountExport.path, { query: { ...q }, fallback: 'feed-amounts.xlsx' });
}

export type FeedAnalysisAsk = FeedRangeAsk & { groupBy: FeedAnalysisGroup };

export function useFeedAnalysis(q: FeedAnalysisAsk, enabled: boolean): UseQueryResult<FeedAnalysisAnswer> {
  return useSteadyQuery(['feeding', 'analysis', q], (signal) => call(feedAnalysisApi.analysis, { query: q }, { signal }), { enabled });
}

export function downloadFeedAnalysis(q: FeedAnalysisAsk): Promise<string | null> {
  return downloadFile(feedAnalysisApi.analysisExport.path, { query: { ...q }, fallback: 'feed-analysis.xlsx' });
}

export function useFeedIntake(q: FeedRangeAsk & { penId?: number; feederId?: number }, enabled: boolean): UseQueryResult<FeedIntakeAnswer> {
  return useSteadyQuery(['feeding', 'intake', q], (signal) => call(feedAnalysisApi.intake, { query: q }, { signal }), { enabled });
}

export function useFeedAlarmStats(q: FeedRangeAsk, enabled: boolean): UseQueryResult<FeedAlarmStatsAnswer> {
  return useSteadyQuery(['feeding', 'alarmStats', q], (signal) => call(feedAnalysisApi.alarmStats, { query: q }, { signal }), {
    enabled,
  });
}

import type { UseQueryResult } from '@tanstack/react-query';
import { directoryApi, feedRecordsApi, type FeedAlarmRow, type FeedRecordRow, type Page } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';
import { useTranslation } from 'react-i18next';
import { fileRequest, type FileRequest } from '../../ui/download';
import type { FeedRangeAsk } from './analysisApi';

/**
 * The feeding records and the not-eating list (contracts: packages/shared/src/feeding/record-endpoints.ts);
 * the records are asked for a range of the farm, its house and one of its pens.
 */
export type FeedRecordsAsk = FeedRangeAsk & { penId?: number };

export function useFeedRecords(
  q: FeedRecordsAsk & { pageNo: number; pageSize: number },
  enabled: boolean,
): UseQueryResult<Page<FeedRecordRow>> {
  return useSteadyQuery(['feeding', 'records', q], (signal) => call(feedRecordsApi.feeding, { query: q }, { signal }), { enabled });
}

/** The records of the range as an Excel file (ui/ExportButton). */
export function feedRecordsExport(q: FeedRecordsAsk): FileRequest {
  return fileRequest(feedRecordsApi.feedingExport, { query: q }, 'feeding-records.xlsx');
}

export interface NotEatingAnswer {
  today: string;
  yesterday: string;
  minShare: number;
  list: FeedAlarmRow[];
}

export function useNotEating(q: { farmId: number; shedId?: number; minShare?: number }, enabled: boolean): UseQueryResult<NotEatingAnswer> {
  return useSteadyQuery(['feeding', 'notEating', q], (signal) => call(feedRecordsApi.notEating, { query: q }, { signal }), { enabled });
}

/** The pens of a chosen house as filter options, from the farm's authorized tree (the plan form reads the same). */
export function useRecordPens(farmId: number | undefined, shedId: number | undefined): { value: number; label: string }[] {
  const { t } = useTranslation('feeding');
  const tree = useSteadyQuery(
    ['sheds', 'authList', farmId ?? 0],
    (signal) => call(directoryApi.authSheds, { query: { farmId: farmId! } }, { signal }),
    {
      enabled: farmId !== undefined && shedId !== undefined,
    },
  );
  const shed = tree.data?.find((s) => s.tid === shedId);
  return (shed?.pens ?? []).map((p) => ({ value: p.id, label: t('feedRecords.penLabel', { column: p.fieldColumn, row: p.field }) }));
}

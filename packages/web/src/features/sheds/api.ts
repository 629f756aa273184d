import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  directoryApi,
  shedsApi,
  type AddFieldsBody,
  type InputOf,
  type Page,
  type PenRow,
  type ShedAddBody,
  type ShedOverviewRow,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';

/**
 * Shed and pen administration (contracts: packages/shared/src/sheds/endpoints.ts and directory's
 * querySheds; application code `housemanagement.shedlist`).
 */
export interface ShedQuery {
  farmId: number;
  pageNo: number;
  pageSize: number;
}

/** Bodies are what the shared shed schemas accept. */
export type ShedFields = Omit<ShedAddBody, 'farmId'>;
export type PenFields = Omit<InputOf<typeof shedsApi.updatePen>['body'], 'id'>;
/** One row of new pens (addFields): columns startColumn..endColumn in row `row`. */
export type PenRange = AddFieldsBody;

export const SHED_KEYS = {
  pages: ['sheds', 'page'] as const,
  page: (q: ShedQuery) => ['sheds', 'page', q] as const,
  pens: (shedId: number) => ['sheds', 'pens', shedId] as const,
};

export function useShedPage(q: ShedQuery | null): UseQueryResult<Page<ShedOverviewRow>> {
  return useSteadyQuery(
    SHED_KEYS.page(q ?? { farmId: 0, pageNo: 1, pageSize: 0 }),
    (signal) => call(directoryApi.shedPage, { body: q! }, { signal }),
    {
      enabled: q !== null,
    },
  );
}

export function usePens(shedId: number | undefined): UseQueryResult<PenRow[]> {
  return useQuery({
    queryKey: SHED_KEYS.pens(shedId ?? 0),
    queryFn: ({ signal }) => call(shedsApi.pens, { body: { shedId: shedId! } }, { signal }),
    enabled: shedId !== undefined,
  });
}

/**
 * After a write the shed list (pen counts, labels) and the pens are read again, and so are the
 * overview pages' shed lists and the account page's authorization tree, which show the same sheds.
 */
const write = refreshingWrites([['sheds'], ['overview'], ['accounts', 'hierarchy'], ['farms', 'page']]);

export const useAddShed = write((body: ShedFields & { farmId: number }) => call(shedsApi.add, { body }));
export const useUpdateShed = write((body: ShedFields & { id: number }) => call(shedsApi.update, { body }));
export const useDeleteShed = write((id: number) => call(shedsApi.remove, { params: { id } }));
export const useAddPens = write((body: PenRange) => call(shedsApi.addPens, { body }));
export const useUpdatePen = write((body: PenFields & { id: number }) => call(shedsApi.updatePen, { body }));
export const useDeletePen = write((id: number) => call(shedsApi.removePen, { params: { id } }));

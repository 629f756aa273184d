import type { UseQueryResult } from '@tanstack/react-query';
import {
  feedRackApi,
  type ColumnAnswer,
  type FeederPlaceRow,
  type Page,
  type PositionRow,
  type PositionState,
  type RackAddBody,
  type RackRow,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';

/**
 * Feeding racks and positions (contracts: packages/shared/src/feeding/rack-endpoints.ts; pages
 * /accurate-feeding/column, /device-mng/feed/swq/column and /relation). A rack or relation write
 * reloads every rack and position read, and the feeder lists (a move may change a feeder's pen).
 */
export interface RackQuery {
  pageNo: number;
  pageSize: number;
  farmId?: number;
  shedId?: number;
  name?: string;
}

export interface PositionQuery {
  pageNo: number;
  pageSize: number;
  shedId: number;
  penId?: number;
  state: PositionState;
  name?: string;
}

const KEYS = {
  all: ['feeding', 'racks'] as const,
  page: (q: RackQuery) => ['feeding', 'racks', 'page', q] as const,
  columns: (shedId: number, penId?: number) => ['feeding', 'racks', 'columns', shedId, penId ?? null] as const,
  positions: (q: PositionQuery) => ['feeding', 'racks', 'positions', q] as const,
  feeders: (shedId: number) => ['feeding', 'racks', 'feeders', shedId] as const,
};

export function useRackPage(q: RackQuery, enabled: boolean): UseQueryResult<Page<RackRow>> {
  return useSteadyQuery(KEYS.page(q), (signal) => call(feedRackApi.rackPage, { query: q }, { signal }), { enabled });
}

export function useColumnView(shedId: number | undefined, penId?: number): UseQueryResult<ColumnAnswer> {
  return useSteadyQuery(
    KEYS.columns(shedId ?? 0, penId),
    (signal) => call(feedRackApi.columns, { query: { shedId: shedId ?? 0, penId } }, { signal }),
    { enabled: shedId !== undefined },
  );
}

export function usePositionPage(q: PositionQuery, enabled: boolean): UseQueryResult<Page<PositionRow>> {
  return useSteadyQuery(KEYS.positions(q), (signal) => call(feedRackApi.positionPage, { query: q }, { signal }), { enabled });
}

/** The house's feeders with where each stands, for the bind dialog. */
export function useFeederPlaces(shedId: number | undefined): UseQueryResult<FeederPlaceRow[]> {
  return useSteadyQuery(KEYS.feeders(shedId ?? 0), (signal) => call(feedRackApi.feeders, { query: { shedId: shedId ?? 0 } }, { signal }), {
    enabled: shedId !== undefined,
  });
}

const rackWrite = refreshingWrites([KEYS.all, ['feeding', 'devices']]);
export const useSaveRack = rackWrite(({ id, body }: { id: number | null; body: RackAddBody }) =>
  id === null ? call(feedRackApi.rackAdd, { body }) : call(feedRackApi.rackUpdate, { body: { ...body, id } }),
);
export const useDeleteRack = rackWrite((id: number) => call(feedRackApi.rackRemove, { params: { id } }));
export const useBindFeeder = rackWrite((body: { positionId: number; feederId: number }) => call(feedRackApi.bind, { body }));
export const useUnbindFeeder = rackWrite((body: { positionId: number; feederId: number }) => call(feedRackApi.unbind, { body }));
export const useMoveFeeder = rackWrite((body: { positionId: number; toPositionId: number }) => call(feedRackApi.move, { body }));
export const useRenameFeeder = rackWrite((body: { feederId: number; name: string }) => call(feedRackApi.rename, { body }));

import type { UseQueryResult } from '@tanstack/react-query';
import {
  mealAdjustApi,
  type MealAdjustAddBody,
  type MealAdjustKind,
  type MealAdjustRow,
  type MealFeederRow,
  type Page,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { refreshingWrites, useSteadyQuery } from '../../app/api/queryHooks';
import { PLAN_KEYS } from './api';

/** Meal adjustments per house and per pen (contracts: packages/shared/src/feeding/meal-endpoints.ts). */
export interface MealAdjustQuery {
  pageNo: number;
  pageSize: number;
  kind: MealAdjustKind;
  farmId?: number;
  shedId?: number;
}

export const MEAL_KEYS = {
  adjusts: ['feeding', 'meals'] as const,
  page: (q: MealAdjustQuery) => ['feeding', 'meals', 'page', q] as const,
  feeders: (id: number) => ['feeding', 'meals', 'feeders', id] as const,
};

export function useMealAdjustPage(q: MealAdjustQuery, enabled: boolean): UseQueryResult<Page<MealAdjustRow>> {
  return useSteadyQuery(MEAL_KEYS.page(q), (signal) => call(mealAdjustApi.page, { query: q }, { signal }), { enabled });
}

/** The adjusted house's or pen's feeders with the state of the copy each runs. */
export function useMealFeeders(id: number): UseQueryResult<MealFeederRow[]> {
  return useSteadyQuery(MEAL_KEYS.feeders(id), (signal) => call(mealAdjustApi.feeders, { params: { id } }, { signal }));
}

// A re-dispatch moves the plans' dispatch state too.
const mealWrite = refreshingWrites([MEAL_KEYS.adjusts, PLAN_KEYS.plans]);
export const useAddMealAdjust = mealWrite((body: MealAdjustAddBody) => call(mealAdjustApi.add, { body }));
export const useUpdateMealAdjust = mealWrite((body: MealAdjustAddBody & { id: number }) => call(mealAdjustApi.update, { body }));
export const useDeleteMealAdjust = mealWrite((id: number) => call(mealAdjustApi.remove, { params: { id } }));
export const useDispatchMealAdjust = mealWrite((body: { id: number; codeKind: 'security' | 'authorization'; code: string }) =>
  call(mealAdjustApi.dispatch, { body }),
);

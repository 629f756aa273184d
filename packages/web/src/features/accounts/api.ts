import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  accountsApi,
  PAGE_SIZES,
  rolesApi,
  shedsApi,
  type AnswerOf,
  type HierarchyFarm,
  type InputOf,
  type RoleRow,
} from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';

/**
 * Account administration calls (contracts: packages/shared/src/accounts/endpoints.ts, application
 * code `usermanagement.accountnumber`). Bodies are what the shared schemas accept; passwords
 * arrive here already encrypted (CONTRACT §3).
 */
export interface AccountQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  roleId?: number;
  status?: 0 | 1;
  farmId?: number;
}

export type AccountAddRequest = InputOf<typeof accountsApi.add>['body'];
export type AccountUpdateRequest = InputOf<typeof accountsApi.update>['body'];
export type AuthorizationRequest = InputOf<typeof accountsApi.farmAndShedAuthorization>['body'];
/** One farm of farmAndShedAuthorization: no sheds and no pens = the whole farm. */
export type FarmGrant = AuthorizationRequest['farms'][number];

/** The pickers of the accounts page read the shed and role modules (sheds/ and roles/endpoints.ts). */
export const pickerApi = {
  /** Farm -> sheds -> pens the caller may see (the authorization tree). */
  hierarchy: (signal?: AbortSignal): Promise<HierarchyFarm[]> => call(shedsApi.hierarchy, { body: {} }, { signal }),
  /** Every role of the tenant for pickers (SPEC §9 role list page size). */
  roleOptions: async (signal?: AbortSignal): Promise<RoleRow[]> =>
    (await call(rolesApi.page, { query: { pageNo: 1, pageSize: PAGE_SIZES.roleList } }, { signal })).list,
};

export const ACCOUNT_KEYS = {
  pages: ['accounts', 'page'] as const,
  page: (q: AccountQuery) => ['accounts', 'page', q] as const,
  roles: ['accounts', 'roleOptions'] as const,
  hierarchy: ['accounts', 'hierarchy'] as const,
};

/** list2: the list with each account's farm, shed and pen authorization. */
export function useAccountPage(q: AccountQuery): UseQueryResult<AnswerOf<typeof accountsApi.list2>> {
  return useSteadyQuery(ACCOUNT_KEYS.page(q), (signal) => call(accountsApi.list2, { query: q }, { signal }));
}

export function useRoleOptions(): UseQueryResult<RoleRow[]> {
  return useQuery({ queryKey: ACCOUNT_KEYS.roles, queryFn: ({ signal }) => pickerApi.roleOptions(signal), staleTime: 30_000 });
}

/** Fresh on every opening of the drawer: sheds and pens change on another page. */
export function useHierarchy(enabled: boolean): UseQueryResult<HierarchyFarm[]> {
  return useQuery({
    queryKey: ACCOUNT_KEYS.hierarchy,
    queryFn: ({ signal }) => pickerApi.hierarchy(signal),
    enabled,
    staleTime: 0,
  });
}

import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type AccountAddResult,
  type AccountRowWithScope,
  type HierarchyFarm,
  type Page,
  type RoleRow,
} from '@farmsense/shared';
import { request } from '../../app/api/client';

/**
 * Account administration calls (server: modules/accounts/routes.ts, application code
 * `usermanagement.accountnumber`). Bodies are what the shared schemas accept; passwords arrive
 * here already encrypted (CONTRACT §3).
 */
export interface AccountQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  roleId?: number;
  status?: 0 | 1;
  farmId?: number;
}

export interface AccountProfile {
  accountName: string;
  phoneNo: string;
  email?: string;
  name?: string;
  gender?: number;
  jobNo?: string;
  areaCode?: string;
}

export interface AccountAddRequest extends AccountProfile {
  accountCode: string;
  /** base64 RSA-OAEP ciphertext of the initial password. */
  password: string;
  accountType: 2 | 3;
  roleIds: number[];
  farmIds: number[];
}

export interface AccountUpdateRequest extends AccountProfile {
  id: number;
  /** Left out for a tenant administrator (its type and farms are not editable: 20021). */
  accountType?: 2 | 3;
  /** A new initial password (ciphertext); the account must change it at its next sign-in. */
  password?: string;
  roleIds?: number[];
  farmIds?: number[];
}

/** One farm of farmAndShedAuthorization: no sheds and no pens = the whole farm. */
export interface FarmGrant {
  farmId: number;
  shedIds?: number[];
  penIds?: number[];
}

export const accountsApi = {
  /** list2: the list with each account's farm, shed and pen authorization. */
  page: (q: AccountQuery, signal?: AbortSignal): Promise<Page<AccountRowWithScope>> =>
    request('/breedpigaccount/account/list2', { query: { ...q }, signal }),
  add: (body: AccountAddRequest): Promise<AccountAddResult> => request('/breedpigaccount/account/add', { method: 'POST', body }),
  update: (body: AccountUpdateRequest): Promise<null> => request('/accountauth/account/update', { method: 'PUT', body }),
  remove: (id: number): Promise<null> => request(`/accountauth/account/delete/${id}`, { method: 'DELETE' }),
  ban: (ids: number[], status: 0 | 1): Promise<null> => request('/accountauth/account/ban', { method: 'POST', body: { ids, status } }),
  authorize: (accountId: number, farms: FarmGrant[]): Promise<null> =>
    request('/breedpigaccount/account/farmAndShedAuthorization', { method: 'POST', body: { accountId, farms } }),
  /** Farm -> sheds -> pens the caller may see (the authorization tree). */
  hierarchy: (signal?: AbortSignal): Promise<HierarchyFarm[]> =>
    request('/breedpigbuilding/shed/qdslHierarchicalQuery', { method: 'POST', body: {}, signal }),
  /** Every role of the tenant for pickers (SPEC §9 role list page size). */
  roleOptions: async (signal?: AbortSignal): Promise<RoleRow[]> =>
    (await request<Page<RoleRow>>('/accountauth/roleInfo/page', { query: { pageNo: 1, pageSize: PAGE_SIZES.roleList }, signal })).list,
};

export const ACCOUNT_KEYS = {
  pages: ['accounts', 'page'] as const,
  page: (q: AccountQuery) => ['accounts', 'page', q] as const,
  roles: ['accounts', 'roleOptions'] as const,
  hierarchy: ['accounts', 'hierarchy'] as const,
};

export function useAccountPage(q: AccountQuery): UseQueryResult<Page<AccountRowWithScope>> {
  return useQuery({
    queryKey: ACCOUNT_KEYS.page(q),
    queryFn: ({ signal }) => accountsApi.page(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRoleOptions(): UseQueryResult<RoleRow[]> {
  return useQuery({ queryKey: ACCOUNT_KEYS.roles, queryFn: ({ signal }) => accountsApi.roleOptions(signal), staleTime: 30_000 });
}

/** Fresh on every opening of the drawer: sheds and pens change on another page. */
export function useHierarchy(enabled: boolean): UseQueryResult<HierarchyFarm[]> {
  return useQuery({
    queryKey: ACCOUNT_KEYS.hierarchy,
    queryFn: ({ signal }) => accountsApi.hierarchy(signal),
    enabled,
    staleTime: 0,
  });
}

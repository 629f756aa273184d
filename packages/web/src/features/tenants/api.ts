import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  ApiAuthSaved,
  ApiAuthView,
  ApiVisitWay,
  Page,
  SystemAuthView,
  TenantAddResult,
  TenantOptions,
  TenantRow,
} from '@farmsense/shared';
import { request } from '../../app/api/client';

/**
 * The platform back office calls (server: modules/tenants/routes.ts, application code
 * `platform.tenants`). Bodies are what the shared request schemas accept; the administrator's
 * initial password arrives here already encrypted.
 */
export interface TenantQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  status?: 0 | 1;
}

export interface TenantFields {
  name: string;
  contact?: string;
  phone?: string;
  address?: string;
  modules: string[];
}

export interface TenantAddRequest extends TenantFields {
  adminAccountCode: string;
  adminAccountName: string;
  /** base64 RSA-OAEP ciphertext (CONTRACT §3). */
  adminPassword: string;
}

export interface SystemAuthRequest {
  tenantId: number;
  accountValidYears: number | null;
  accountValidStartDateTime: number | null;
  accountValidEndDateTime: number | null;
  userNum: number | null;
  farmNum: number | null;
  deviceNum: number | null;
  isOpenAPI: boolean;
  allowAccounts: number[] | null;
}

export interface ApiAuthRequest {
  tenantId: number;
  apiValidYears: number | null;
  apiValidStartDateTime: number | null;
  apiValidEndDateTime: number | null;
  apiVisitWay: ApiVisitWay;
  ipAddress: string | null;
  apiVisitTimes: number | null;
  allowAccounts: number[] | null;
  functions: string[] | null;
  farms: number[] | null;
  regenerate: boolean;
}

const BASE = '/platform/tenant';

export const tenantsApi = {
  page: (q: TenantQuery, signal?: AbortSignal): Promise<Page<TenantRow>> => request(`${BASE}/page`, { query: { ...q }, signal }),
  add: (body: TenantAddRequest): Promise<TenantAddResult> => request(BASE, { method: 'POST', body }),
  edit: (body: TenantFields & { id: number }): Promise<null> => request(BASE, { method: 'PUT', body }),
  setStatus: (ids: number[], status: 0 | 1): Promise<{ updated: number }> =>
    request(`${BASE}/status`, { method: 'POST', body: { ids, status } }),
  systemAuth: (tenantId: number, signal?: AbortSignal): Promise<SystemAuthView> =>
    request(`${BASE}/systemAuth`, { query: { tenantId }, signal }),
  saveSystemAuth: (body: SystemAuthRequest): Promise<SystemAuthView> => request(`${BASE}/systemAuth`, { method: 'POST', body }),
  apiAuth: (tenantId: number, signal?: AbortSignal): Promise<ApiAuthView> => request(`${BASE}/apiAuth`, { query: { tenantId }, signal }),
  saveApiAuth: (body: ApiAuthRequest): Promise<ApiAuthSaved> => request(`${BASE}/apiAuth`, { method: 'POST', body }),
  options: (tenantId: number, signal?: AbortSignal): Promise<TenantOptions> => request(`${BASE}/options`, { query: { tenantId }, signal }),
};

export const TENANT_KEYS = {
  pages: ['tenants', 'page'] as const,
  page: (q: TenantQuery) => ['tenants', 'page', q] as const,
  choices: ['tenants', 'choices'] as const,
  systemAuth: (id: number) => ['tenants', 'systemAuth', id] as const,
  apiAuth: (id: number) => ['tenants', 'apiAuth', id] as const,
  options: (id: number) => ['tenants', 'options', id] as const,
};

/** One page of tenants; the previous page stays on screen while the next one loads. */
export function useTenantPage(q: TenantQuery): UseQueryResult<Page<TenantRow>> {
  return useQuery({
    queryKey: TENANT_KEYS.page(q),
    queryFn: ({ signal }) => tenantsApi.page(q, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every tenant by name, for pickers (the operation log's tenant filter). A platform serves tens
 * or hundreds of tenants, so one large page is enough.
 */
const CHOICES_PAGE_SIZE = 1000;
export function useTenantChoices(enabled = true): UseQueryResult<{ id: number; name: string }[]> {
  return useQuery({
    queryKey: TENANT_KEYS.choices,
    queryFn: async ({ signal }) =>
      (await tenantsApi.page({ pageNo: 1, pageSize: CHOICES_PAGE_SIZE }, signal)).list.map((t) => ({ id: t.id, name: t.name })),
    enabled,
    staleTime: 60_000,
  });
}

/** The system authorization as saved (fresh on every opening: another operator may have changed it). */
export function useSystemAuth(tenantId: number | undefined): UseQueryResult<SystemAuthView> {
  return useQuery({
    queryKey: TENANT_KEYS.systemAuth(tenantId ?? 0),
    queryFn: ({ signal }) => tenantsApi.systemAuth(tenantId!, signal),
    enabled: tenantId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useApiAuth(tenantId: number | undefined): UseQueryResult<ApiAuthView> {
  return useQuery({
    queryKey: TENANT_KEYS.apiAuth(tenantId ?? 0),
    queryFn: ({ signal }) => tenantsApi.apiAuth(tenantId!, signal),
    enabled: tenantId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The tenant's accounts and farms for the authorization pickers. */
export function useTenantOptions(tenantId: number | undefined): UseQueryResult<TenantOptions> {
  return useQuery({
    queryKey: TENANT_KEYS.options(tenantId ?? 0),
    queryFn: ({ signal }) => tenantsApi.options(tenantId!, signal),
    enabled: tenantId !== undefined,
    staleTime: 30_000,
  });
}

import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { tenantsApi, type AnswerOf, type InputOf } from '@farmsense/shared';
import { call } from '../../app/api/call';

/**
 * The platform back office calls (contracts: packages/shared/src/tenants/endpoints.ts, application
 * code `platform.tenants`). Bodies are what the shared request schemas accept; the administrator's
 * initial password arrives here already encrypted.
 */
export interface TenantQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  status?: 0 | 1;
}

export type TenantAddRequest = InputOf<typeof tenantsApi.add>['body'];
export type TenantEditRequest = InputOf<typeof tenantsApi.edit>['body'];
export type SystemAuthRequest = InputOf<typeof tenantsApi.saveSystemAuth>['body'];
export type ApiAuthRequest = InputOf<typeof tenantsApi.saveApiAuth>['body'];

export const TENANT_KEYS = {
  pages: ['tenants', 'page'] as const,
  page: (q: TenantQuery) => ['tenants', 'page', q] as const,
  choices: ['tenants', 'choices'] as const,
  systemAuth: (id: number) => ['tenants', 'systemAuth', id] as const,
  apiAuth: (id: number) => ['tenants', 'apiAuth', id] as const,
  options: (id: number) => ['tenants', 'options', id] as const,
};

/** One page of tenants; the previous page stays on screen while the next one loads. */
export function useTenantPage(q: TenantQuery): UseQueryResult<AnswerOf<typeof tenantsApi.page>> {
  return useQuery({
    queryKey: TENANT_KEYS.page(q),
    queryFn: ({ signal }) => call(tenantsApi.page, { query: q }, { signal }),
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
      (await call(tenantsApi.page, { query: { pageNo: 1, pageSize: CHOICES_PAGE_SIZE } }, { signal })).list.map((t) => ({
        id: t.id,
        name: t.name,
      })),
    enabled,
    staleTime: 60_000,
  });
}

/** The system authorization as saved (fresh on every opening: another operator may have changed it). */
export function useSystemAuth(tenantId: number | undefined): UseQueryResult<AnswerOf<typeof tenantsApi.systemAuth>> {
  return useQuery({
    queryKey: TENANT_KEYS.systemAuth(tenantId ?? 0),
    queryFn: ({ signal }) => call(tenantsApi.systemAuth, { query: { tenantId: tenantId! } }, { signal }),
    enabled: tenantId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useApiAuth(tenantId: number | undefined): UseQueryResult<AnswerOf<typeof tenantsApi.apiAuth>> {
  return useQuery({
    queryKey: TENANT_KEYS.apiAuth(tenantId ?? 0),
    queryFn: ({ signal }) => call(tenantsApi.apiAuth, { query: { tenantId: tenantId! } }, { signal }),
    enabled: tenantId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The tenant's accounts and farms for the authorization pickers. */
export function useTenantOptions(tenantId: number | undefined): UseQueryResult<AnswerOf<typeof tenantsApi.options>> {
  return useQuery({
    queryKey: TENANT_KEYS.options(tenantId ?? 0),
    queryFn: ({ signal }) => call(tenantsApi.options, { query: { tenantId: tenantId! } }, { signal }),
    enabled: tenantId !== undefined,
    staleTime: 30_000,
  });
}

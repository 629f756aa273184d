import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { tenantsApi, type AnswerOf, type InputOf } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';

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
  return useSteadyQuery(TENANT_KEYS.page(q), (signal) => call(tenantsApi.page, { query: q }, { signal }));
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

/** A read about one tenant for its dialog (key and endpoint share the name), off while no tenant is open. */
function useTenantRead<K extends 'systemAuth' | 'apiAuth' | 'options'>(
  name: K,
  tenantId: number | undefined,
  cache: { staleTime: number; gcTime?: number },
): UseQueryResult<AnswerOf<(typeof tenantsApi)[K]>> {
  return useQuery({
    queryKey: TENANT_KEYS[name](tenantId ?? 0),
    // All three take the query { tenantId }; TypeScript cannot see that through the generic endpoint.
    queryFn: ({ signal }) => call(tenantsApi[name], { query: { tenantId: tenantId! } } as InputOf<(typeof tenantsApi)[K]>, { signal }),
    enabled: tenantId !== undefined,
    ...cache,
  });
}

/** The saved authorizations are read fresh on every opening: another operator may have changed them. */
const FRESH = { staleTime: 0, gcTime: 0 };

export function useSystemAuth(tenantId: number | undefined): UseQueryResult<AnswerOf<typeof tenantsApi.systemAuth>> {
  return useTenantRead('systemAuth', tenantId, FRESH);
}

export function useApiAuth(tenantId: number | undefined): UseQueryResult<AnswerOf<typeof tenantsApi.apiAuth>> {
  return useTenantRead('apiAuth', tenantId, FRESH);
}

/** The tenant's accounts and farms for the authorization pickers. */
export function useTenantOptions(tenantId: number | undefined): UseQueryResult<AnswerOf<typeof tenantsApi.options>> {
  return useTenantRead('options', tenantId, { staleTime: 30_000 });
}

import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { tenantsApi, type AnswerOf } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { TENANT_KEYS, type ApiAuthRequest, type SystemAuthRequest, type TenantAddRequest, type TenantEditRequest } from '../api';

/**
 * The writes of the tenants page. Each refreshes the tenant list afterwards (names, status,
 * caps and validity all show there); failures were already reported by the API client, or come
 * back to the form as field issues (HTTP 400).
 */
function useRefreshTenants(): () => Promise<void> {
  const client = useQueryClient();
  // Only the lists: an open authorization dialog keeps the values it is showing.
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: TENANT_KEYS.pages }),
      client.invalidateQueries({ queryKey: TENANT_KEYS.choices }),
    ]);
  };
}

export function useAddTenant(): UseMutationResult<AnswerOf<typeof tenantsApi.add>, unknown, TenantAddRequest> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: (body: TenantAddRequest) => call(tenantsApi.add, { body }), onSuccess: refresh });
}

export function useEditTenant(): UseMutationResult<null, unknown, TenantEditRequest> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: (body: TenantEditRequest) => call(tenantsApi.edit, { body }), onSuccess: refresh });
}

export function useTenantStatus(): UseMutationResult<AnswerOf<typeof tenantsApi.status>, unknown, { ids: number[]; status: 0 | 1 }> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: (body: { ids: number[]; status: 0 | 1 }) => call(tenantsApi.status, { body }), onSuccess: refresh });
}

export function useSaveSystemAuth(): UseMutationResult<AnswerOf<typeof tenantsApi.saveSystemAuth>, unknown, SystemAuthRequest> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: (body: SystemAuthRequest) => call(tenantsApi.saveSystemAuth, { body }), onSuccess: refresh });
}

export function useSaveApiAuth(): UseMutationResult<AnswerOf<typeof tenantsApi.saveApiAuth>, unknown, ApiAuthRequest> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: (body: ApiAuthRequest) => call(tenantsApi.saveApiAuth, { body }), onSuccess: refresh });
}

import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { ApiAuthSaved, SystemAuthView, TenantAddResult } from '@farmsense/shared';
import { TENANT_KEYS, tenantsApi, type ApiAuthRequest, type SystemAuthRequest, type TenantAddRequest, type TenantFields } from '../api';

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

export function useAddTenant(): UseMutationResult<TenantAddResult, unknown, TenantAddRequest> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: tenantsApi.add, onSuccess: refresh });
}

export function useEditTenant(): UseMutationResult<null, unknown, TenantFields & { id: number }> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: tenantsApi.edit, onSuccess: refresh });
}

export function useTenantStatus(): UseMutationResult<{ updated: number }, unknown, { ids: number[]; status: 0 | 1 }> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: ({ ids, status }) => tenantsApi.setStatus(ids, status), onSuccess: refresh });
}

export function useSaveSystemAuth(): UseMutationResult<SystemAuthView, unknown, SystemAuthRequest> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: tenantsApi.saveSystemAuth, onSuccess: refresh });
}

export function useSaveApiAuth(): UseMutationResult<ApiAuthSaved, unknown, ApiAuthRequest> {
  const refresh = useRefreshTenants();
  return useMutation({ mutationFn: tenantsApi.saveApiAuth, onSuccess: refresh });
}

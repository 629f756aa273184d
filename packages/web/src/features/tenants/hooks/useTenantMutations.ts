import { tenantsApi } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { refreshingWrites } from '../../../app/api/queryHooks';
import { TENANT_KEYS, type ApiAuthRequest, type SystemAuthRequest, type TenantAddRequest, type TenantEditRequest } from '../api';

/**
 * The writes of the tenants page. Each refreshes the tenant list afterwards (names, status,
 * caps and validity all show there); failures were already reported by the API client, or come
 * back to the form as field issues (HTTP 400).
 */
// Only the lists: an open authorization dialog keeps the values it is showing.
const write = refreshingWrites([TENANT_KEYS.pages, TENANT_KEYS.choices]);

export const useAddTenant = write((body: TenantAddRequest) => call(tenantsApi.add, { body }));
export const useEditTenant = write((body: TenantEditRequest) => call(tenantsApi.edit, { body }));
export const useTenantStatus = write((body: { ids: number[]; status: 0 | 1 }) => call(tenantsApi.status, { body }));
export const useSaveSystemAuth = write((body: SystemAuthRequest) => call(tenantsApi.saveSystemAuth, { body }));
export const useSaveApiAuth = write((body: ApiAuthRequest) => call(tenantsApi.saveApiAuth, { body }));

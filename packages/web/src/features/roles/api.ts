import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AppOperation, BindableApp, Page, RoleAppOps, RoleRow, RoleType } from '@farmsense/shared';
import { request } from '../../app/api/client';

/**
 * Role administration calls (server: modules/roles/routes.ts, application code
 * `usermanagement.role`).
 */
export interface RoleQuery {
  pageNo: number;
  pageSize: number;
  roleName?: string;
}

export interface RoleBinding {
  applicationInfoId: number;
  ops: AppOperation[];
}

export const rolesApi = {
  page: (q: RoleQuery, signal?: AbortSignal): Promise<Page<RoleRow>> => request('/accountauth/roleInfo/page', { query: { ...q }, signal }),
  add: (body: { roleName: string; type: RoleType }): Promise<{ id: number }> => request('/accountauth/roleInfo', { method: 'POST', body }),
  edit: (body: { id: number; roleName: string; type: RoleType }): Promise<null> =>
    request('/accountauth/roleInfo', { method: 'PUT', body }),
  remove: (id: number): Promise<null> => request('/accountauth/roleInfo', { method: 'DELETE', query: { id } }),
  /** The tenant's bindable applications as a tree, cut to one level (farm or group). */
  applications: (type: RoleType, signal?: AbortSignal): Promise<BindableApp[]> =>
    request('/accountauth/applicationInfo/list', { query: { type }, signal }),
  /** Every binding of the role (no application named = all bound ones). */
  bindings: (roleId: number, signal?: AbortSignal): Promise<RoleAppOps[]> =>
    request('/accountauth/operateAuth/getOperateAuthByApplicationIds', { method: 'POST', body: { roleId, applicationIds: [] }, signal }),
  bind: (roleId: number, applications: RoleBinding[]): Promise<null> =>
    request('/accountauth/operateAuth/bind', { method: 'POST', body: { roleId, applications } }),
};

export const ROLE_KEYS = {
  pages: ['roles', 'page'] as const,
  page: (q: RoleQuery) => ['roles', 'page', q] as const,
  apps: (type: RoleType) => ['roles', 'applications', type] as const,
  bindings: (roleId: number) => ['roles', 'bindings', roleId] as const,
};

export function useRolePage(q: RoleQuery): UseQueryResult<Page<RoleRow>> {
  return useQuery({ queryKey: ROLE_KEYS.page(q), queryFn: ({ signal }) => rolesApi.page(q, signal), placeholderData: keepPreviousData });
}

export function useApplications(type: RoleType | undefined): UseQueryResult<BindableApp[]> {
  return useQuery({
    queryKey: ROLE_KEYS.apps(type ?? 'farm'),
    queryFn: ({ signal }) => rolesApi.applications(type!, signal),
    enabled: type !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** The saved bindings, fresh on every opening (another administrator may have changed them). */
export function useRoleBindings(roleId: number | undefined): UseQueryResult<RoleAppOps[]> {
  return useQuery({
    queryKey: ROLE_KEYS.bindings(roleId ?? 0),
    queryFn: ({ signal }) => rolesApi.bindings(roleId!, signal),
    enabled: roleId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { rolesApi, type InputOf, type Page, type BindableApp, type RoleAppOps, type RoleRow, type RoleType } from '@farmsense/shared';
import { call } from '../../app/api/call';
import { useSteadyQuery } from '../../app/api/queryHooks';

/**
 * Role administration (contracts: packages/shared/src/roles/endpoints.ts, application code
 * `usermanagement.role`).
 */
export interface RoleQuery {
  pageNo: number;
  pageSize: number;
  roleName?: string;
}

/** One application of operateAuth/bind with the operations granted on it. */
export type RoleBinding = InputOf<typeof rolesApi.bind>['body']['applications'][number];

export const ROLE_KEYS = {
  pages: ['roles', 'page'] as const,
  page: (q: RoleQuery) => ['roles', 'page', q] as const,
  apps: (type: RoleType) => ['roles', 'applications', type] as const,
  bindings: (roleId: number) => ['roles', 'bindings', roleId] as const,
};

export function useRolePage(q: RoleQuery): UseQueryResult<Page<RoleRow>> {
  return useSteadyQuery(ROLE_KEYS.page(q), (signal) => call(rolesApi.page, { query: q }, { signal }));
}

export function useApplications(type: RoleType | undefined): UseQueryResult<BindableApp[]> {
  return useQuery({
    queryKey: ROLE_KEYS.apps(type ?? 'farm'),
    queryFn: ({ signal }) => call(rolesApi.applications, { query: { type: type! } }, { signal }),
    enabled: type !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** The saved bindings, fresh on every opening (another administrator may have changed them). */
export function useRoleBindings(roleId: number | undefined): UseQueryResult<RoleAppOps[]> {
  return useQuery({
    queryKey: ROLE_KEYS.bindings(roleId ?? 0),
    // No application named: every binding of the role.
    queryFn: ({ signal }) => call(rolesApi.opsOfApps, { body: { roleId: roleId!, applicationIds: [] } }, { signal }),
    enabled: roleId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

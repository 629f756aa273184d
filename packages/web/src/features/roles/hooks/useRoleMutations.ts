import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { RoleType } from '@farmsense/shared';
import { ROLE_KEYS, rolesApi, type RoleBinding } from '../api';

/**
 * The writes of the roles page. Each refreshes the role list (names, counts) and the role choices
 * of the accounts page; failures were already told by the API client or come back to the form.
 */
function useRefresh(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: ROLE_KEYS.pages }), client.invalidateQueries({ queryKey: ['accounts'] })]);
  };
}

export function useAddRole(): UseMutationResult<{ id: number }, unknown, { roleName: string; type: RoleType }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: rolesApi.add, onSuccess: refresh });
}

export function useEditRole(): UseMutationResult<null, unknown, { id: number; roleName: string; type: RoleType }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: rolesApi.edit, onSuccess: refresh });
}

export function useDeleteRole(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: rolesApi.remove, onSuccess: refresh });
}

export function useBindRole(): UseMutationResult<null, unknown, { roleId: number; applications: RoleBinding[] }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ roleId, applications }) => rolesApi.bind(roleId, applications), onSuccess: refresh });
}

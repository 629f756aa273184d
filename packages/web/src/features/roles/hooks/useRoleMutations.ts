import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { rolesApi, type AnswerOf, type RoleType } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { ROLE_KEYS, type RoleBinding } from '../api';

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

export function useAddRole(): UseMutationResult<AnswerOf<typeof rolesApi.add>, unknown, { roleName: string; type: RoleType }> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: { roleName: string; type: RoleType }) => call(rolesApi.add, { body }), onSuccess: refresh });
}

export function useEditRole(): UseMutationResult<null, unknown, { id: number; roleName: string; type: RoleType }> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { id: number; roleName: string; type: RoleType }) => call(rolesApi.edit, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteRole(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => call(rolesApi.remove, { query: { id } }), onSuccess: refresh });
}

export function useBindRole(): UseMutationResult<null, unknown, { roleId: number; applications: RoleBinding[] }> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { roleId: number; applications: RoleBinding[] }) => call(rolesApi.bind, { body }),
    onSuccess: refresh,
  });
}

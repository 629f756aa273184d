import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { accountsApi, type AnswerOf } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { QK } from '../../../app/auth/queries';
import { ACCOUNT_KEYS, type AccountAddRequest, type AccountUpdateRequest, type AuthorizationRequest } from '../api';

/**
 * The writes of the accounts page. Each refreshes the list afterwards; adding, renaming and
 * deleting also refresh the session's account list, which other pages pick people from (farm
 * super-administrator, push recipients). Failures were already told by the API client, or come
 * back to the form (field issues, codes tied to a field).
 */
function useRefresh(sessionToo: boolean): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ACCOUNT_KEYS.pages }),
      client.invalidateQueries({ queryKey: ['roles', 'page'] }),
      ...(sessionToo ? [client.invalidateQueries({ queryKey: QK.sessionLists })] : []),
    ]);
  };
}

export function useAddAccount(): UseMutationResult<AnswerOf<typeof accountsApi.add>, unknown, AccountAddRequest> {
  const refresh = useRefresh(true);
  return useMutation({ mutationFn: (body: AccountAddRequest) => call(accountsApi.add, { body }), onSuccess: refresh });
}

export function useUpdateAccount(): UseMutationResult<null, unknown, AccountUpdateRequest> {
  const refresh = useRefresh(true);
  return useMutation({ mutationFn: (body: AccountUpdateRequest) => call(accountsApi.update, { body }), onSuccess: refresh });
}

export function useDeleteAccount(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh(true);
  return useMutation({ mutationFn: (id: number) => call(accountsApi.remove, { params: { id } }), onSuccess: refresh });
}

export function useBanAccounts(): UseMutationResult<null, unknown, { ids: number[]; status: 0 | 1 }> {
  const refresh = useRefresh(false);
  return useMutation({ mutationFn: (body: { ids: number[]; status: 0 | 1 }) => call(accountsApi.ban, { body }), onSuccess: refresh });
}

export function useAuthorizeAccount(): UseMutationResult<null, unknown, AuthorizationRequest> {
  const refresh = useRefresh(false);
  return useMutation({
    mutationFn: (body: AuthorizationRequest) => call(accountsApi.farmAndShedAuthorization, { body }),
    onSuccess: refresh,
  });
}

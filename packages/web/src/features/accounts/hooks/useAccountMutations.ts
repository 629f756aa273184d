import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { AccountAddResult } from '@farmsense/shared';
import { QK } from '../../../app/auth/queries';
import { ACCOUNT_KEYS, accountsApi, type AccountAddRequest, type AccountUpdateRequest, type FarmGrant } from '../api';

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

export function useAddAccount(): UseMutationResult<AccountAddResult, unknown, AccountAddRequest> {
  const refresh = useRefresh(true);
  return useMutation({ mutationFn: accountsApi.add, onSuccess: refresh });
}

export function useUpdateAccount(): UseMutationResult<null, unknown, AccountUpdateRequest> {
  const refresh = useRefresh(true);
  return useMutation({ mutationFn: accountsApi.update, onSuccess: refresh });
}

export function useDeleteAccount(): UseMutationResult<null, unknown, number> {
  const refresh = useRefresh(true);
  return useMutation({ mutationFn: accountsApi.remove, onSuccess: refresh });
}

export function useBanAccounts(): UseMutationResult<null, unknown, { ids: number[]; status: 0 | 1 }> {
  const refresh = useRefresh(false);
  return useMutation({ mutationFn: ({ ids, status }) => accountsApi.ban(ids, status), onSuccess: refresh });
}

export function useAuthorizeAccount(): UseMutationResult<null, unknown, { accountId: number; farms: FarmGrant[] }> {
  const refresh = useRefresh(false);
  return useMutation({ mutationFn: ({ accountId, farms }) => accountsApi.authorize(accountId, farms), onSuccess: refresh });
}

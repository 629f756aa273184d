import { accountsApi } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { refreshingWrites } from '../../../app/api/queryHooks';
import { QK } from '../../../app/auth/queries';
import { ACCOUNT_KEYS, type AccountAddRequest, type AccountUpdateRequest, type AuthorizationRequest } from '../api';

/**
 * The writes of the accounts page. Each refreshes the list afterwards; adding, renaming and
 * deleting also refresh the session's account list, which other pages pick people from (farm
 * super-administrator, push recipients). Failures were already told by the API client, or come
 * back to the form (field issues, codes tied to a field).
 */
const LISTS = [ACCOUNT_KEYS.pages, ['roles', 'page']];
const write = refreshingWrites(LISTS);
const writeNamed = refreshingWrites([...LISTS, QK.sessionLists]);

export const useAddAccount = writeNamed((body: AccountAddRequest) => call(accountsApi.add, { body }));
export const useUpdateAccount = writeNamed((body: AccountUpdateRequest) => call(accountsApi.update, { body }));
export const useDeleteAccount = writeNamed((id: number) => call(accountsApi.remove, { params: { id } }));
export const useBanAccounts = write((body: { ids: number[]; status: 0 | 1 }) => call(accountsApi.ban, { body }));
export const useAuthorizeAccount = write((body: AuthorizationRequest) => call(accountsApi.farmAndShedAuthorization, { body }));

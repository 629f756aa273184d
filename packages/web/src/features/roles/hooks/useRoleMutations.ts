import { rolesApi, type RoleType } from '@farmsense/shared';
import { call } from '../../../app/api/call';
import { refreshingWrites } from '../../../app/api/queryHooks';
import { ROLE_KEYS, type RoleBinding } from '../api';

/**
 * The writes of the roles page. Each refreshes the role list (names, counts) and the role choices
 * of the accounts page; failures were already told by the API client or come back to the form.
 */
const write = refreshingWrites([ROLE_KEYS.pages, ['accounts']]);

export const useAddRole = write((body: { roleName: string; type: RoleType }) => call(rolesApi.add, { body }));
export const useEditRole = write((body: { id: number; roleName: string; type: RoleType }) => call(rolesApi.edit, { body }));
export const useDeleteRole = write((id: number) => call(rolesApi.remove, { query: { id } }));
export const useBindRole = write((body: { roleId: number; applications: RoleBinding[] }) => call(rolesApi.bind, { body }));

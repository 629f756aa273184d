import { z } from 'zod';
import { del, get, noAnswer, post, put, resource } from '../contract.js';
import { appFunType, appScope } from '../portal/endpoints.js';
import { appOperation } from '../schemas/portal.js';
import {
  applicationListQuery,
  operateAuthBindBody,
  operateAuthByAppQuery,
  operateAuthByAppsBody,
  roleAddBody,
  roleEditBody,
  roleIdQuery,
  rolePageQuery,
  ROLE_TYPES,
} from '../schemas/roles.js';

export const roleRow = z.object({
  id: z.number(),
  roleName: z.string(),
  type: z.enum(ROLE_TYPES),
  /** Accounts holding the role. */
  accountCount: z.number(),
  /** Applications bound to the role. */
  applicationCount: z.number(),
  /** ISO 8601 moment. */
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

/** A node of applicationInfo/list: the tenant's bindable applications. */
export const bindableApp = z.object({
  applicationInfoId: z.number(),
  code: z.string(),
  funType: appFunType,
  scope: appScope,
  seqNo: z.number(),
  get children(): z.ZodArray<typeof bindableApp> {
    return z.array(bindableApp);
  },
});
export type BindableApp = z.infer<typeof bindableApp>;

/** Operation rights a role holds on one application (getOperateAuthByApplicationIds). */
export const roleAppOps = z.object({ applicationInfoId: z.number(), applicationCode: z.string(), ops: z.array(appOperation) });
export type RoleAppOps = z.infer<typeof roleAppOps>;

/** Role administration (/usermanagement/role); the account page picks roles from the same list. */
export const rolesApi = {
  ...resource('', '/accountauth/roleInfo', {
    row: roleRow,
    page: { summary: 'Paged roles of the tenant (filter by name)', query: rolePageQuery },
    add: { summary: 'Adds a role (name unique in the tenant: 10008)', body: roleAddBody },
  }),
  edit: put('/accountauth/roleInfo', 'Renames or re-types a role', { body: roleEditBody, answer: noAnswer }),
  remove: del('/accountauth/roleInfo', 'Deletes a role; its accounts lose it', { query: roleIdQuery, answer: noAnswer }),
  applications: get(
    '/accountauth/applicationInfo/list',
    'Applications the caller may bind to roles, as a tree (type cuts it to one level)',
    { query: applicationListQuery, answer: z.array(bindableApp) },
  ),
  bind: post('/accountauth/operateAuth/bind', "Replaces a role's operation rights per application", {
    body: operateAuthBindBody,
    answer: noAnswer,
  }),
  opsOfApp: get('/accountauth/operateAuth/getOperateAuthByApplicationId', 'Operation rights a role has on one application', {
    query: operateAuthByAppQuery,
    answer: z.array(appOperation),
  }),
  opsOfApps: post(
    '/accountauth/operateAuth/getOperateAuthByApplicationIds',
    'Operation rights a role has on several applications (all bound ones when none named)',
    { body: operateAuthByAppsBody, answer: z.array(roleAppOps) },
  ),
};

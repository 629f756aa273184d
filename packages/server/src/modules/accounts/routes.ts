import { accountsApi } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { transportKeys } from '../../lib/transport-crypto.js';
import { authorizeFarms, authorizeFarmsAndSheds, editAccountRoles, getAccountRoles } from './authorize.js';
import { accountPage, accountPageWithScope } from './repo.js';
import { addAccount, banAccounts, deleteAccount, updateAccount } from './service.js';

export const ACCOUNT_APP = 'usermanagement.accountnumber';

/** Account administration (/usermanagement/accountnumber; contracts: packages/shared/src/accounts/endpoints.ts). */
export const accountRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  // The same key pair as sign-in (stored in the database), to read the initial password.
  const keys = transportKeys(db);
  const serve = router(app, { tags: ['accounts'], app: ACCOUNT_APP, module: 'usermanagement' });

  serve(accountsApi.list, async ({ req, query }) => accountPage(db, tenantOf(req), query, scopeOf(req).farmIds));
  serve(accountsApi.list2, async ({ req, query }) => accountPageWithScope(db, tenantOf(req), query, scopeOf(req).farmIds));
  serve(accountsApi.add, async ({ req, body }) => addAccount(db, keys, scopeOf(req), tenantOf(req), body));
  serve(accountsApi.update, async ({ req, body }) => updateAccount(db, keys, scopeOf(req), tenantOf(req), body));
  serve(accountsApi.remove, async ({ req, params }) => deleteAccount(db, scopeOf(req), tenantOf(req), params.id));
  serve(accountsApi.ban, async ({ req, body }) => banAccounts(db, scopeOf(req), tenantOf(req), body));
  serve(accountsApi.roles, async ({ req, query }) => getAccountRoles(db, tenantOf(req), query.accountId));
  serve(accountsApi.roleEdit, async ({ req, body }) => editAccountRoles(db, scopeOf(req), tenantOf(req), body.accountId, body.roleIds));
  serve(accountsApi.farmAuthorize, async ({ req, body }) => authorizeFarms(db, scopeOf(req), tenantOf(req), body.accountId, body.farmIds));
  serve(accountsApi.farmAndShedAuthorization, async ({ req, body }) => authorizeFarmsAndSheds(db, scopeOf(req), tenantOf(req), body));
};

import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountAddBody,
  accountBanBody,
  accountIdParams,
  accountIdQuery,
  accountListQuery,
  accountRoleEditBody,
  accountUpdateBody,
  farmAndShedAuthorizationBody,
  farmAuthorizeBody,
  type AccountAddResult,
  type AccountRoleRef,
  type AccountRow,
  type AccountRowWithScope,
  type Page,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { requireAuth, tenantOf } from '../../plugins/auth.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { transportKeys } from '../auth/crypto.js';
import { authorizeFarms, authorizeFarmsAndSheds, editAccountRoles, getAccountRoles } from './authorize.js';
import { accountPage, accountPageWithScope } from './repo.js';
import { addAccount, banAccounts, deleteAccount, updateAccount } from './service.js';

export const ACCOUNT_APP = 'usermanagement.accountnumber';

/** Account administration (/usermanagement/accountnumber). */
export const accountRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  // The same key pair as sign-in (stored in the database), to read the initial password.
  const keys = transportKeys(db);
  const tags = ['accounts'];
  const config = { app: ACCOUNT_APP, module: 'usermanagement' };

  app.get(
    '/api/breedpigaccount/account/list',
    {
      config,
      schema: { tags, summary: 'Paged accounts of the tenant with roles and farms', querystring: accountListQuery },
    },
    async (req): Promise<Page<AccountRow>> => accountPage(db, tenantOf(req), req.query, requireAuth(req).farmIds),
  );

  app.get(
    '/api/breedpigaccount/account/list2',
    {
      config,
      schema: { tags, summary: 'Paged accounts with their farm, shed and pen authorization', querystring: accountListQuery },
    },
    async (req): Promise<Page<AccountRowWithScope>> => accountPageWithScope(db, tenantOf(req), req.query, requireAuth(req).farmIds),
  );

  app.post(
    '/api/breedpigaccount/account/add',
    {
      config,
      schema: {
        tags,
        summary: 'Adds an account (code unique: 20000; user cap: 20101); it changes its password at first sign-in',
        body: accountAddBody,
      },
    },
    async (req): Promise<AccountAddResult> => addAccount(db, keys, requireAuth(req), tenantOf(req), req.body),
  );

  app.put(
    '/api/accountauth/account/update',
    {
      config,
      schema: { tags, summary: 'Edits an account (optionally resets its password, roles, farms)', body: accountUpdateBody },
    },
    async (req) => {
      await updateAccount(db, keys, requireAuth(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.delete(
    '/api/accountauth/account/delete/:id',
    {
      config,
      schema: { tags, summary: "Deletes an account (not oneself, not the tenant's last administrator: 10005)", params: accountIdParams },
    },
    async (req) => {
      await deleteAccount(db, requireAuth(req), tenantOf(req), req.params.id);
      return NO_DATA;
    },
  );

  app.post(
    '/api/accountauth/account/ban',
    {
      config,
      schema: { tags, summary: 'Bans (0) or enables (1) accounts; banned accounts are signed out at once', body: accountBanBody },
    },
    async (req) => {
      await banAccounts(db, requireAuth(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.get(
    '/api/accountauth/account/getAccountRole',
    {
      config,
      schema: { tags, summary: "An account's roles", querystring: accountIdQuery },
    },
    async (req): Promise<AccountRoleRef[]> => getAccountRoles(db, tenantOf(req), req.query.accountId),
  );

  app.post(
    '/api/accountauth/account/roleEdit',
    {
      config,
      schema: { tags, summary: "Replaces an account's roles", body: accountRoleEditBody },
    },
    async (req) => {
      await editAccountRoles(db, requireAuth(req), tenantOf(req), req.body.accountId, req.body.roleIds);
      return NO_DATA;
    },
  );

  app.post(
    '/api/breedpigaccount/account/farmAuthorize',
    {
      config,
      schema: { tags, summary: "Replaces an account's authorized farms", body: farmAuthorizeBody },
    },
    async (req) => {
      await authorizeFarms(db, requireAuth(req), tenantOf(req), req.body.accountId, req.body.farmIds);
      return NO_DATA;
    },
  );

  app.post(
    '/api/breedpigaccount/account/farmAndShedAuthorization',
    {
      config,
      schema: { tags, summary: "Replaces an account's farm, shed and pen authorization", body: farmAndShedAuthorizationBody },
    },
    async (req) => {
      await authorizeFarmsAndSheds(db, requireAuth(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );
};

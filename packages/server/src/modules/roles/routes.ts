import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  applicationListQuery,
  ErrorCodes,
  operateAuthBindBody,
  operateAuthByAppQuery,
  operateAuthByAppsBody,
  roleAddBody,
  roleEditBody,
  roleIdQuery,
  rolePageQuery,
  scopeOfRoleType,
  type AppOperation,
  type BindableApp,
  type Page,
  type RoleAppOps,
  type RoleRow,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { loadAppRows } from '../portal/tree.js';
import { bindableCodes, bindableTree } from './bindable.js';
import { addRole, bindApps, deleteRole, editRole, roleOps, rolePage } from './service.js';

export const ROLE_APP = 'usermanagement.role';
/** The account page picks roles from the same list. */
const ACCOUNT_APP = 'usermanagement.accountnumber';

/** Role administration (/usermanagement/role). */
export const roleRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['roles'];
  const config = { app: ROLE_APP, module: 'usermanagement' };

  app.get(
    '/api/accountauth/roleInfo/page',
    {
      config: { app: [ROLE_APP, ACCOUNT_APP], module: 'usermanagement' },
      schema: { tags, summary: 'Paged roles of the tenant (filter by name)', querystring: rolePageQuery },
    },
    async (req): Promise<Page<RoleRow>> => rolePage(db, tenantOf(req), req.query),
  );

  app.post(
    '/api/accountauth/roleInfo',
    {
      config,
      schema: { tags, summary: 'Adds a role (name unique in the tenant: 10008)', body: roleAddBody },
    },
    async (req): Promise<{ id: number }> => addRole(db, scopeOf(req), tenantOf(req), req.body),
  );

  app.put(
    '/api/accountauth/roleInfo',
    {
      config,
      schema: { tags, summary: 'Renames or re-types a role', body: roleEditBody },
    },
    async (req) => {
      await editRole(db, scopeOf(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.delete(
    '/api/accountauth/roleInfo',
    {
      config,
      schema: { tags, summary: 'Deletes a role; its accounts lose it', querystring: roleIdQuery },
    },
    async (req) => {
      await deleteRole(db, scopeOf(req), tenantOf(req), req.query.id);
      return NO_DATA;
    },
  );

  app.get(
    '/api/accountauth/applicationInfo/list',
    {
      config,
      schema: {
        tags,
        summary: 'Applications the caller may bind to roles, as a tree (type cuts it to one level)',
        querystring: applicationListQuery,
      },
    },
    async (req): Promise<BindableApp[]> => {
      const codes = await bindableCodes(db, scopeOf(req), tenantOf(req));
      return bindableTree(await loadAppRows(db), codes, req.query.type ? scopeOfRoleType(req.query.type) : undefined);
    },
  );

  app.post(
    '/api/accountauth/operateAuth/bind',
    {
      config,
      schema: { tags, summary: "Replaces a role's operation rights per application", body: operateAuthBindBody },
    },
    async (req) => {
      await bindApps(db, scopeOf(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.get(
    '/api/accountauth/operateAuth/getOperateAuthByApplicationId',
    {
      config,
      schema: { tags, summary: 'Operation rights a role has on one application', querystring: operateAuthByAppQuery },
    },
    async (req): Promise<AppOperation[]> => {
      const [one] = await roleOps(db, tenantOf(req), req.query.roleId, [req.query.applicationId]);
      if (!one) throw new AppError(ErrorCodes.DATA_NOT_FOUND);
      return one.ops;
    },
  );

  app.post(
    '/api/accountauth/operateAuth/getOperateAuthByApplicationIds',
    {
      config: { ...config, readOnly: true },
      schema: {
        tags,
        summary: 'Operation rights a role has on several applications (all bound ones when none named)',
        body: operateAuthByAppsBody,
      },
    },
    async (req): Promise<RoleAppOps[]> => roleOps(db, tenantOf(req), req.body.roleId, req.body.applicationIds),
  );
};

import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  defaultApplicationBody,
  queryParamBody,
  roleApplicationTree2Body,
  saveActLogBody,
  userDefaultModuleQuery,
  type ApiAuthView,
  type AppTreeNode,
  type DefaultApplication,
  type OperateAuthMap,
  type Page,
  type ParamRow,
  type SystemAuthView,
  type UserDefaultModule,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../index.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { requireAuth, tenantOf } from '../../plugins/auth.js';
import { getApiAuth, getSystemAuth } from './authorization.js';
import {
  cancelDefaultApplication,
  getDefaultApplication,
  operateAuth,
  queryParam,
  saveActLog,
  setDefaultApplication,
  userDefaultModule,
} from './service.js';
import { buildTree, filterTreeByMode, loadAppRows } from './tree.js';

/**
 * What every signed-in console loads around its shell: the menu tree, operation rights, the
 * default page, the authorization views and the visit log. These need a session but no
 * particular application code; each answer is cut to the caller's own codes and tenant.
 */
// A handler's null must go out as NO_DATA: Fastify skips preSerialization (the envelope) for null.
export const portalRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['portal'];

  app.post(
    '/api/breedpigbuilding/applicationInfo/roleApplicationTree',
    {
      config: { readOnly: true },
      schema: { tags, summary: 'Permission tree the account holds (menu and routes)' },
    },
    async (req): Promise<AppTreeNode[]> => buildTree(await loadAppRows(db), requireAuth(req).codes),
  );

  app.post(
    '/api/breedpigbuilding/applicationInfo/roleApplicationTree2',
    {
      config: { readOnly: true },
      schema: { tags, summary: 'Permission tree cut to one farm mode (1 pig, 2 chicken)', body: roleApplicationTree2Body.nullish() },
    },
    async (req): Promise<AppTreeNode[]> => {
      const tree = buildTree(await loadAppRows(db), requireAuth(req).codes);
      const mode = req.body?.wholeFarmType;
      return mode ? filterTreeByMode(tree, mode) : tree;
    },
  );

  app.post(
    '/api/accountauth/operateAuth/getLoginedAccountOperateAuth',
    {
      config: { readOnly: true },
      schema: { tags, summary: 'Operation rights of the signed-in account per application code' },
    },
    async (req): Promise<OperateAuthMap> => operateAuth(db, requireAuth(req)),
  );

  // Language options and product title are shown on the forced password change screen too.
  app.post(
    '/api/breedpigbuilding/operation/queryParam',
    {
      config: { readOnly: true, allowPending: true },
      schema: { tags, summary: 'Parameters of a group (LOGO: one row per language)', body: queryParamBody },
    },
    async (req): Promise<Page<ParamRow>> => queryParam(db, req.body),
  );

  app.get(
    '/api/portalmanage/defaultApplication/get',
    {
      schema: { tags, summary: 'Default application of the signed-in account, or null' },
    },
    async (req): Promise<DefaultApplication | typeof NO_DATA> => (await getDefaultApplication(db, requireAuth(req))) ?? NO_DATA,
  );

  app.post(
    '/api/portalmanage/defaultApplication/set',
    {
      schema: { tags, summary: 'Sets the default application (must be one the account holds)', body: defaultApplicationBody },
    },
    async (req) => {
      await setDefaultApplication(db, requireAuth(req), req.body.applicationInfoId);
      return NO_DATA;
    },
  );

  app.post(
    '/api/portalmanage/defaultApplication/cancel',
    {
      schema: { tags, summary: 'Clears the default application' },
    },
    async (req) => {
      await cancelDefaultApplication(db, requireAuth(req));
      return NO_DATA;
    },
  );

  app.get(
    '/api/user/defaultmodule/getUserDefaultModule',
    {
      schema: {
        tags,
        summary: 'Start page of an account (itself, or one of the tenant for its administrator)',
        querystring: userDefaultModuleQuery,
      },
    },
    async (req): Promise<UserDefaultModule | typeof NO_DATA> =>
      (await userDefaultModule(db, requireAuth(req), req.query.userAccount)) ?? NO_DATA,
  );

  app.get(
    '/api/breedpigdevice/pigFarmManagePlus/getSystemAuth',
    {
      schema: { tags, summary: 'System authorization of the tenant with usage' },
    },
    async (req): Promise<SystemAuthView> => getSystemAuth(db, tenantOf(req)),
  );

  app.get(
    '/api/breedpigbuilding/pigFarmManagePlus/getApiAuth',
    {
      schema: { tags, summary: 'API authorization of the tenant (access code masked)' },
    },
    async (req): Promise<ApiAuthView> => getApiAuth(db, tenantOf(req)),
  );

  app.post(
    '/api/breedpigbuilding/breedUserActLog/saveActLog',
    {
      schema: { tags, summary: 'Logs a menu visit (modeCode = an application code the account holds)', body: saveActLogBody },
    },
    async (req) => {
      await saveActLog(db, requireAuth(req), req.body.modeCode);
      return NO_DATA;
    },
  );
};

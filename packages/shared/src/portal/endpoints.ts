import { z } from 'zod';
import { get, noAnswer, pageOf, post } from '../contract.js';
import type { AppScope, FunType } from '../permissions.js';
import { defaultApplicationBody, queryParamBody, saveActLogBody } from '../schemas/auth.js';
import { API_VISIT_WAYS } from '../schemas/tenants.js';
import { appOperation, roleApplicationTree2Body, userDefaultModuleQuery } from '../schemas/portal.js';

const FUN_TYPES = ['chicken', 'pig', 'common'] as const satisfies readonly FunType[];
const APP_SCOPES = ['farm', 'group', 'platform'] as const satisfies readonly AppScope[];
/** An application's farm kind and level (permissions.ts), as answered by the trees. */
export const appFunType = z.enum(FUN_TYPES);
export const appScope = z.enum(APP_SCOPES);

/** A node of the permission tree an account holds; children ordered by seqNo. */
export const appTreeNode = z.object({
  applicationInfoId: z.number(),
  applicationCode: z.string(),
  applicationFunType: appFunType,
  seqNo: z.number(),
  path: z.string().nullable(),
  index: z.boolean(),
  scope: appScope,
  get children(): z.ZodArray<typeof appTreeNode> {
    return z.array(appTreeNode);
  },
});
export type AppTreeNode = z.infer<typeof appTreeNode>;

/** getLoginedAccountOperateAuth: application code -> operations the account may perform. */
export const operateAuthMap = z.record(z.string(), z.array(appOperation));
export type OperateAuthMap = z.infer<typeof operateAuthMap>;

export const defaultApplication = z.object({ applicationInfoId: z.number(), applicationCode: z.string(), path: z.string().nullable() });
export type DefaultApplication = z.infer<typeof defaultApplication>;

export const userDefaultModule = z.object({ applicationCode: z.string(), path: z.string().nullable() });
export type UserDefaultModule = z.infer<typeof userDefaultModule>;

export const paramRow = z.object({ paramCode: z.string(), paramValue: z.string(), paramOther: z.string().nullable() });
export type ParamRow = z.infer<typeof paramRow>;

/** Validity, caps and the open-API switch: the part of a system authorization the tenant list shows too. */
export const systemAuthTerms = {
  accountValidYears: z.number().nullable(),
  /** ISO 8601 moments. */
  accountValidStartDateTime: z.string().nullable(),
  accountValidEndDateTime: z.string().nullable(),
  userNum: z.number().nullable(),
  farmNum: z.number().nullable(),
  deviceNum: z.number().nullable(),
  isOpenAPI: z.boolean(),
};

/** System authorization view (SPEC §6): null = permanent validity / unlimited count. */
export const systemAuthView = z.object({
  ...systemAuthTerms,
  allowAccounts: z.array(z.number()).nullable(),
  permanent: z.boolean(),
  used: z.object({ users: z.number(), farms: z.number(), devices: z.number() }),
});
export type SystemAuthView = z.infer<typeof systemAuthView>;

/** API authorization view; the access code itself never leaves the server. */
export const apiAuthView = z.object({
  apiValidYears: z.number().nullable(),
  apiValidStartDateTime: z.string().nullable(),
  apiValidEndDateTime: z.string().nullable(),
  apiVisitWay: z.enum(API_VISIT_WAYS).nullable(),
  ipAddress: z.string().nullable(),
  /** A fixed mask (MASKED_SECRET) when a code is set, else null. */
  apiAuthCode: z.string().nullable(),
  apiVisitTimes: z.number().nullable(),
  allowAccounts: z.array(z.number()).nullable(),
  functions: z.array(z.string()).nullable(),
  farms: z.array(z.number()).nullable(),
  isOpenAPI: z.boolean(),
  permanent: z.boolean(),
});
export type ApiAuthView = z.infer<typeof apiAuthView>;

/**
 * What every signed-in console loads around its shell: the menu tree, operation rights, the
 * default page, the authorization views and the visit log. These need a session but no
 * particular application code; each answer is cut to the caller's own codes and tenant.
 */
export const portalApi = {
  tree: post('/breedpigbuilding/applicationInfo/roleApplicationTree', 'Permission tree the account holds (menu and routes)', {
    answer: z.array(appTreeNode),
  }),
  treeByMode: post('/breedpigbuilding/applicationInfo/roleApplicationTree2', 'Permission tree cut to one farm mode (1 pig, 2 chicken)', {
    body: roleApplicationTree2Body.nullish(),
    answer: z.array(appTreeNode),
  }),
  operateAuth: post(
    '/accountauth/operateAuth/getLoginedAccountOperateAuth',
    'Operation rights of the signed-in account per application code',
    { answer: operateAuthMap },
  ),
  queryParam: post('/breedpigbuilding/operation/queryParam', 'Parameters of a group (LOGO: one row per language)', {
    body: queryParamBody,
    answer: pageOf(paramRow),
  }),
  defaultApplication: get('/portalmanage/defaultApplication/get', 'Default application of the signed-in account, or null', {
    answer: defaultApplication.nullable(),
  }),
  setDefaultApplication: post('/portalmanage/defaultApplication/set', 'Sets the default application (must be one the account holds)', {
    body: defaultApplicationBody,
    answer: noAnswer,
  }),
  cancelDefaultApplication: post('/portalmanage/defaultApplication/cancel', 'Clears the default application', { answer: noAnswer }),
  userDefaultModule: get(
    '/user/defaultmodule/getUserDefaultModule',
    'Start page of an account (itself, or one of the tenant for its administrator)',
    { query: userDefaultModuleQuery, answer: userDefaultModule.nullable() },
  ),
  systemAuth: get('/breedpigdevice/pigFarmManagePlus/getSystemAuth', 'System authorization of the tenant with usage', {
    answer: systemAuthView,
  }),
  apiAuth: get('/breedpigbuilding/pigFarmManagePlus/getApiAuth', 'API authorization of the tenant (access code masked)', {
    answer: apiAuthView,
  }),
  saveActLog: post('/breedpigbuilding/breedUserActLog/saveActLog', 'Logs a menu visit (modeCode = an application code the account holds)', {
    body: saveActLogBody,
    answer: noAnswer,
  }),
};

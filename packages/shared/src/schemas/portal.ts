import { z } from 'zod';
import type { AppScope, FunType } from '../permissions.js';
import { INPUT_MAX_LENGTH } from '../constants.js';

/**
 * Calls every signed-in console makes besides sign-in (menu tree, operation rights, default
 * application, authorization views, visit log). The bodies of saveActLog, queryParam and
 * defaultApplication/set live in ./auth.ts (`saveActLogBody`, `queryParamBody`,
 * `defaultApplicationBody`) and are used as they are.
 */

/** Operation rights a role can bind per application (SPEC §6), in display order. */
export const APP_OPERATIONS = ['view', 'add', 'edit', 'delete', 'control'] as const;
export type AppOperation = (typeof APP_OPERATIONS)[number];
export const appOperation = z.enum(APP_OPERATIONS);

/** Whole-farm type 1 = pig mode, 2 = chicken mode; older clients send it as a string. */
export const wholeFarmType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
  .transform((v) => (Number(v) === 2 ? 2 : 1) as 1 | 2);

export const roleApplicationTree2Body = z.object({ wholeFarmType: wholeFarmType.optional() });
export type RoleApplicationTree2Body = z.infer<typeof roleApplicationTree2Body>;

export const userDefaultModuleQuery = z.object({
  userAccount: z.string().trim().min(1, 'validation.required').max(INPUT_MAX_LENGTH, 'validation.maxLength').optional(),
});
export type UserDefaultModuleQuery = z.infer<typeof userDefaultModuleQuery>;

/** A node of the permission tree an account holds; children ordered by seqNo. */
export interface AppTreeNode {
  applicationInfoId: number;
  applicationCode: string;
  applicationFunType: FunType;
  seqNo: number;
  path: string | null;
  index: boolean;
  scope: AppScope;
  children: AppTreeNode[];
}

/** getLoginedAccountOperateAuth: application code -> operations the account may perform. */
export type OperateAuthMap = Record<string, AppOperation[]>;

export interface DefaultApplication {
  applicationInfoId: number;
  applicationCode: string;
  path: string | null;
}

export interface UserDefaultModule {
  applicationCode: string;
  path: string | null;
}

export interface ParamRow {
  paramCode: string;
  paramValue: string;
  paramOther: string | null;
}

/** System authorization view (SPEC §6): null = permanent validity / unlimited count. */
export interface SystemAuthView {
  accountValidYears: number | null;
  accountValidStartDateTime: string | null;
  accountValidEndDateTime: string | null;
  userNum: number | null;
  farmNum: number | null;
  deviceNum: number | null;
  isOpenAPI: boolean;
  allowAccounts: number[] | null;
  permanent: boolean;
  used: { users: number; farms: number; devices: number };
}

/** API authorization view; the access code itself never leaves the server. */
export interface ApiAuthView {
  apiValidYears: number | null;
  apiValidStartDateTime: string | null;
  apiValidEndDateTime: string | null;
  apiVisitWay: 'http' | 'https' | 'both' | null;
  ipAddress: string | null;
  /** A fixed mask when a code is set, else null. */
  apiAuthCode: string | null;
  apiVisitTimes: number | null;
  allowAccounts: number[] | null;
  functions: string[] | null;
  farms: number[] | null;
  isOpenAPI: boolean;
  permanent: boolean;
}

/** What getApiAuth shows in place of a configured access code. */
export const MASKED_SECRET = '••••••';

import { z } from 'zod';
import { plainString } from './common.js';

/**
 * Calls every signed-in console makes besides sign-in (menu tree, operation rights, default
 * application, authorization views, visit log). The bodies of saveActLog, queryParam and
 * defaultApplication/set live in ./auth.ts (`saveActLogBody`, `queryParamBody`,
 * `defaultApplicationBody`) and are used as they are. The answers and the endpoints are declared
 * in ../portal/endpoints.ts.
 */

/** Operation rights a role can bind per application (SPEC §6), in display order. */
export const APP_OPERATIONS = ['view', 'add', 'edit', 'delete', 'control'] as const;
export type AppOperation = (typeof APP_OPERATIONS)[number];
export const appOperation = z.enum(APP_OPERATIONS);

/** Whole-farm type 1 = pig mode, 2 = chicken mode; older clients send it as a string. */
export const wholeFarmType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
  .transform((v) => (Number(v) === 2 ? 2 : 1) as 1 | 2);

export const roleApplicationTree2Body = z.strictObject({ wholeFarmType: wholeFarmType.optional() });
export type RoleApplicationTree2Body = z.infer<typeof roleApplicationTree2Body>;

export const userDefaultModuleQuery = z.strictObject({
  userAccount: plainString().trim().min(1, 'validation.required').optional(),
});
export type UserDefaultModuleQuery = z.infer<typeof userDefaultModuleQuery>;

/** What getApiAuth shows in place of a configured access code. */
export const MASKED_SECRET = '••••••';

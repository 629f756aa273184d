import { z } from 'zod';
import { get, noAnswer, pageOf, post, resource } from '../contract.js';
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
} from '../schemas/accounts.js';
import { roleType } from '../schemas/roles.js';

export const accountRoleRef = z.object({ id: z.number(), roleName: z.string(), type: roleType });
export type AccountRoleRef = z.infer<typeof accountRoleRef>;

export const accountFarmRef = z.object({ id: z.number(), farmName: z.string(), type: z.number() });
export type AccountFarmRef = z.infer<typeof accountFarmRef>;

/** A row of account/list (never any password or code hash). */
export const accountRow = z.object({
  id: z.number(),
  accountCode: z.string(),
  accountName: z.string(),
  name: z.string().nullable(),
  phoneNo: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.number().nullable(),
  jobNo: z.string().nullable(),
  areaCode: z.string().nullable(),
  accountType: z.number(),
  status: z.number(),
  mustChangePassword: z.boolean(),
  /** ISO 8601 moments. */
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  roles: z.array(accountRoleRef),
  farms: z.array(accountFarmRef),
});
export type AccountRow = z.infer<typeof accountRow>;

/** One authorized farm of an account: empty shedIds = the whole farm; penIds narrow their sheds. */
export const farmAuthorization = z.object({
  farmId: z.number(),
  farmName: z.string(),
  shedIds: z.array(z.number()),
  penIds: z.array(z.number()),
});
export type FarmAuthorization = z.infer<typeof farmAuthorization>;

/** A row of account/list2: list plus the shed and pen authorization per farm. */
export const accountRowWithScope = accountRow.extend({ authorization: z.array(farmAuthorization) });
export type AccountRowWithScope = z.infer<typeof accountRowWithScope>;

export const accountAddResult = z.object({ id: z.number() });
export type AccountAddResult = z.infer<typeof accountAddResult>;

/** Account administration (/usermanagement/accountnumber, application code `usermanagement.accountnumber`). */
export const accountsApi = {
  list: get('/breedpigaccount/account/list', 'Paged accounts of the tenant with roles and farms', {
    query: accountListQuery,
    answer: pageOf(accountRow),
  }),
  list2: get('/breedpigaccount/account/list2', 'Paged accounts with their farm, shed and pen authorization', {
    query: accountListQuery,
    answer: pageOf(accountRowWithScope),
  }),
  add: post(
    '/breedpigaccount/account/add',
    'Adds an account (code unique: 20000; user cap: 20101); it changes its password at first sign-in',
    { body: accountAddBody, answer: accountAddResult },
  ),
  ...resource('', '/accountauth/account', {
    paths: 'named',
    params: accountIdParams,
    update: { summary: 'Edits an account (optionally resets its password, roles, farms)', body: accountUpdateBody },
    remove: "Deletes an account (not oneself, not the tenant's last administrator: 10005)",
  }),
  ban: post('/accountauth/account/ban', 'Bans (0) or enables (1) accounts; banned accounts are signed out at once', {
    body: accountBanBody,
    answer: noAnswer,
  }),
  roles: get('/accountauth/account/getAccountRole', "An account's roles", { query: accountIdQuery, answer: z.array(accountRoleRef) }),
  roleEdit: post('/accountauth/account/roleEdit', "Replaces an account's roles", { body: accountRoleEditBody, answer: noAnswer }),
  farmAuthorize: post('/breedpigaccount/account/farmAuthorize', "Replaces an account's authorized farms", {
    body: farmAuthorizeBody,
    answer: noAnswer,
  }),
  farmAndShedAuthorization: post(
    '/breedpigaccount/account/farmAndShedAuthorization',
    "Replaces an account's farm, shed and pen authorization",
    { body: farmAndShedAuthorizationBody, answer: noAnswer },
  ),
};

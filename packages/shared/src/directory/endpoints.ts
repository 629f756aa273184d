import { z } from 'zod';
import { get, pageOf, post } from '../contract.js';
import { farmIdQuery, queryShedsBody } from '../schemas/directory.js';

/** A phone calling code of the account and farm forms. */
export const areaCode = z.object({
  /** Calling code with the plus sign, e.g. '+86'. */
  code: z.string(),
  /** ISO 3166-1 alpha-2 country code; the web names it in the user's language (Intl.DisplayNames). */
  country: z.string(),
});
export type AreaCode = z.infer<typeof areaCode>;

/** What names a farm in the farm answers: its id (also as farmId), name, kind and scale. */
export const farmIdentity = {
  id: z.number(),
  farmId: z.number(),
  farmName: z.string(),
  type: z.number(),
  scale: z.number().nullable(),
};

/** farmInfo/list: a farm the account may see (the session's farm pickers). */
export const farmListItem = z.object({
  ...farmIdentity,
  timeZone: z.string(),
});
export type FarmListItem = z.infer<typeof farmListItem>;

export const authFarm = z.object({ farmId: z.number(), farmName: z.string(), type: z.number() });
export type AuthFarm = z.infer<typeof authFarm>;

/** queryAllAccount: an account as an option (label = name, value = id). */
export const accountOption = z.object({ label: z.string(), value: z.number() });
export type AccountOption = z.infer<typeof accountOption>;

/** A shed as the lists and the hierarchy show it (`tid` = its id). */
export const shedFields = {
  tid: z.number(),
  shedName: z.string(),
  shedType: z.number(),
  areaNum: z.number(),
  buildingNum: z.number(),
  shedNum: z.number(),
};

/** Where a row is: its farm and shed, with their names (the lists' farm and house columns). */
export const shedPlaceFields = {
  farmId: z.number(),
  farmName: z.string(),
  shedId: z.number(),
  shedName: z.string(),
};

export const shedListItem = z.object({ ...shedFields, farmId: z.number() });
export type ShedListItem = z.infer<typeof shedListItem>;

export const penItem = z.object({ id: z.number(), fieldColumn: z.number(), field: z.number() });
export type PenItem = z.infer<typeof penItem>;

/** A shed of the authorized tree with its pens (fieldLevel/shedInfo/authList). */
export const authShed = z.object({ ...shedFields, pens: z.array(penItem) });
export type AuthShed = z.infer<typeof authShed>;

export const shedGateway = z.object({
  code: z.string(),
  name: z.string(),
  gatewayType: z.number(),
  deviceCategory: z.number().nullable(),
  model: z.string().nullable(),
});
export type ShedGateway = z.infer<typeof shedGateway>;

/** A row of querySheds (shed overview pages, shed list). */
export const shedOverviewRow = shedListItem.extend({ farmName: z.string(), penCount: z.number(), gateways: z.array(shedGateway) });
export type ShedOverviewRow = z.infer<typeof shedOverviewRow>;

/**
 * Pickers and lists every console needs (area codes, farms, sheds, pens, people). They need a
 * session but no particular application code; the answers are cut to the caller's tenant, farms
 * and sheds.
 */
export const directoryApi = {
  areaCodes: get('/breedpigaccount/account/areaCode', 'Phone calling codes for account and farm forms', { answer: z.array(areaCode) }),
  farms: get('/breedpigbuilding/farmInfo/list', 'Farms the account may see', { answer: z.array(farmListItem) }),
  accounts: post('/breedpigaccount/account/queryAllAccount', "The tenant's accounts as options (label = name, value = id)", {
    answer: z.array(accountOption),
  }),
  sheds: get('/breedpigbuilding/shedInfo/list', 'Sheds the account may see in a farm', {
    query: farmIdQuery,
    answer: z.array(shedListItem),
  }),
  authFarms: get('/breedpigbuilding/fieldLevel/farmInfo/authList', 'Farms the account is authorized for', { answer: z.array(authFarm) }),
  authSheds: get('/breedpigbuilding/fieldLevel/shedInfo/authList', 'Authorized sheds of a farm with their pens', {
    query: farmIdQuery,
    answer: z.array(authShed),
  }),
  authShedList: get('/breedpigbuilding/fieldLevel/shedInfo/shedInfoList', 'Authorized sheds of a farm (flat list)', {
    query: farmIdQuery,
    answer: z.array(shedListItem),
  }),
  shedPage: post('/breedpigbuilding/shed/querySheds', 'Paged sheds of a farm with pen count and gateways', {
    body: queryShedsBody,
    answer: pageOf(shedOverviewRow),
  }),
};

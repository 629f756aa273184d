import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AREA_CODES,
  farmIdQuery,
  queryShedsBody,
  type AccountOption,
  type AreaCode,
  type AuthFarm,
  type AuthShed,
  type FarmListItem,
  type Page,
  type ShedListItem,
  type ShedOverviewRow,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { listAccounts } from './repo.js';
import { authFarmList, authShedTree, farmList, queryShedPage, shedList } from './service.js';

/** Application codes of the pages that list sheds with their devices (shed overviews, shed list). */
export const SHED_OVERVIEW_APPS = ['pig.overview.shed', 'ci18.overview.shed', 'housemanagement.shedlist'];

/**
 * Pickers and lists every console needs (area codes, farms, sheds, pens, people). They need a
 * session but no particular application code; the answers are cut to the caller's tenant, farms
 * and sheds.
 */
export const directoryRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['directory'];

  // Static data; also needed by the forced password change screen's account form.
  app.get(
    '/api/breedpigaccount/account/areaCode',
    {
      config: { allowPending: true },
      schema: { tags, summary: 'Phone calling codes for account and farm forms' },
    },
    async (): Promise<readonly AreaCode[]> => AREA_CODES,
  );

  app.get(
    '/api/breedpigbuilding/farmInfo/list',
    {
      schema: { tags, summary: 'Farms the account may see' },
    },
    async (req): Promise<FarmListItem[]> => farmList(db, scopeOf(req)),
  );

  app.post(
    '/api/breedpigaccount/account/queryAllAccount',
    {
      config: { readOnly: true },
      schema: { tags, summary: "The tenant's accounts as options (label = name, value = id)" },
    },
    async (req): Promise<AccountOption[]> => listAccounts(db, tenantOf(req)),
  );

  app.get(
    '/api/breedpigbuilding/shedInfo/list',
    {
      schema: { tags, summary: 'Sheds the account may see in a farm', querystring: farmIdQuery },
    },
    async (req): Promise<ShedListItem[]> => shedList(db, scopeOf(req), req.query.farmId),
  );

  app.get(
    '/api/breedpigbuilding/fieldLevel/farmInfo/authList',
    {
      schema: { tags, summary: 'Farms the account is authorized for' },
    },
    async (req): Promise<AuthFarm[]> => authFarmList(db, scopeOf(req)),
  );

  app.get(
    '/api/breedpigbuilding/fieldLevel/shedInfo/authList',
    {
      schema: { tags, summary: 'Authorized sheds of a farm with their pens', querystring: farmIdQuery },
    },
    async (req): Promise<AuthShed[]> => authShedTree(db, scopeOf(req), req.query.farmId),
  );

  app.get(
    '/api/breedpigbuilding/fieldLevel/shedInfo/shedInfoList',
    {
      schema: { tags, summary: 'Authorized sheds of a farm (flat list)', querystring: farmIdQuery },
    },
    async (req): Promise<ShedListItem[]> => shedList(db, scopeOf(req), req.query.farmId),
  );

  app.post(
    '/api/breedpigbuilding/shed/querySheds',
    {
      config: { app: SHED_OVERVIEW_APPS, readOnly: true },
      schema: { tags, summary: 'Paged sheds of a farm with pen count and gateways', body: queryShedsBody },
    },
    async (req): Promise<Page<ShedOverviewRow>> => queryShedPage(db, scopeOf(req), req.body),
  );
};

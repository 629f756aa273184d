import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  farmAddBody,
  farmDetailQuery,
  farmIdParams,
  farmPageQuery,
  farmTimeZoneBody,
  farmUpdateBody,
  type FarmDetail,
  type Page,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../index.js';
import { requireAuth, tenantOf } from '../../plugins/auth.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { addFarm, deleteFarm, farmDetail, farmPage, setTimeZone, updateFarm } from './service.js';

/** Application code of the farm list page (/housemanagement/houselist). */
export const FARM_APP = 'housemanagement.houselist';

/** Farm administration. The plain farm list for pickers is directory's farmInfo/list. */
export const farmRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['farms'];
  const config = { app: FARM_APP, module: 'housemanagement' };

  app.get(
    '/api/breedpigbuilding/farmInfo/page',
    {
      config,
      schema: { tags, summary: 'Paged farms the account may see, with all their fields', querystring: farmPageQuery },
    },
    async (req): Promise<Page<FarmDetail>> => farmPage(db, requireAuth(req), tenantOf(req), req.query),
  );

  app.get(
    '/api/breedpigbuilding/farmInfo/detail',
    {
      config,
      schema: { tags, summary: 'One farm with all its fields', querystring: farmDetailQuery },
    },
    async (req): Promise<FarmDetail> => farmDetail(db, requireAuth(req), tenantOf(req), req.query.id),
  );

  app.post(
    '/api/breedpigbuilding/farmInfo/add',
    {
      config,
      schema: { tags, summary: 'Adds a farm (name unique in the tenant: 10010; farm cap: 20110)', body: farmAddBody },
    },
    async (req): Promise<{ id: number }> => addFarm(db, requireAuth(req), tenantOf(req), req.body),
  );

  app.put(
    '/api/breedpigbuilding/farmInfo/update',
    {
      config,
      schema: { tags, summary: 'Edits a farm (shed types must stay of the farm kind: 20023)', body: farmUpdateBody },
    },
    async (req) => {
      await updateFarm(db, requireAuth(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );

  app.delete(
    '/api/breedpigbuilding/farmInfo/delete/:id',
    {
      config,
      schema: { tags, summary: 'Deletes a farm with its sheds, pens and authorizations', params: farmIdParams },
    },
    async (req) => {
      await deleteFarm(db, requireAuth(req), tenantOf(req), req.params.id);
      return NO_DATA;
    },
  );

  app.post(
    '/api/breedpigbuilding/farmInfo/timeZone',
    {
      config,
      schema: { tags, summary: "Sets the farm's time zone (IANA name) and its display name", body: farmTimeZoneBody },
    },
    async (req) => {
      await setTimeZone(db, requireAuth(req), tenantOf(req), req.body);
      return NO_DATA;
    },
  );
};

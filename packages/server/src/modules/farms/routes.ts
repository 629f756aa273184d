import { farmsApi } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { addFarm, deleteFarm, farmDetail, farmPage, setTimeZone, updateFarm } from './service.js';

/** Application code of the farm list page (/housemanagement/houselist). */
export const FARM_APP = 'housemanagement.houselist';

/** Farm administration (contracts: packages/shared/src/farms/endpoints.ts). */
export const farmRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  const serve = router(app, { tags: ['farms'], app: FARM_APP, module: 'housemanagement' });

  serve(farmsApi.page, async ({ req, query }) => farmPage(db, scopeOf(req), tenantOf(req), query));
  serve(farmsApi.detail, async ({ req, query }) => farmDetail(db, scopeOf(req), tenantOf(req), query.id));
  serve(farmsApi.add, async ({ req, body }) => addFarm(db, scopeOf(req), tenantOf(req), body));
  serve(farmsApi.update, async ({ req, body }) => updateFarm(db, scopeOf(req), tenantOf(req), body));
  serve(farmsApi.remove, async ({ req, params }) => deleteFarm(db, scopeOf(req), tenantOf(req), params.id));
  serve(farmsApi.timeZone, async ({ req, body }) => setTimeZone(db, scopeOf(req), tenantOf(req), body));
};

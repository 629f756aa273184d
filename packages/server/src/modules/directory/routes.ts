import { AREA_CODES, directoryApi, type AppCode } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { listAccounts } from './repo.js';
import { authFarmList, authShedTree, farmList, queryShedPage, shedList } from './service.js';

/** Application codes of the pages that list sheds with their devices (shed overviews, shed list). */
export const SHED_OVERVIEW_APPS: AppCode[] = ['pig.overview.shed', 'ci18.overview.shed', 'housemanagement.shedlist'];

/**
 * Pickers and lists every console needs (area codes, farms, sheds, pens, people; contracts:
 * packages/shared/src/directory/endpoints.ts). They need a session but no particular application
 * code; the answers are cut to the caller's tenant, farms and sheds.
 */
export const directoryRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  const serve = router(app, { tags: ['directory'] });

  // Static data; also needed by the forced password change screen's account form.
  serve(directoryApi.areaCodes, { allowPending: true }, async () => [...AREA_CODES]);
  serve(directoryApi.farms, async ({ req }) => farmList(db, scopeOf(req)));
  serve(directoryApi.accounts, { readOnly: true }, async ({ req }) => listAccounts(db, tenantOf(req)));
  serve(directoryApi.sheds, async ({ req, query }) => shedList(db, scopeOf(req), query.farmId));
  serve(directoryApi.authFarms, async ({ req }) => authFarmList(db, scopeOf(req)));
  serve(directoryApi.authSheds, async ({ req, query }) => authShedTree(db, scopeOf(req), query.farmId));
  serve(directoryApi.authShedList, async ({ req, query }) => shedList(db, scopeOf(req), query.farmId));
  serve(directoryApi.shedPage, { app: SHED_OVERVIEW_APPS, readOnly: true }, async ({ req, body }) => queryShedPage(db, scopeOf(req), body));
};

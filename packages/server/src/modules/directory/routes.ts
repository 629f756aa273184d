import { AREA_CODES, directoryApi, ErrorCodes, type AppCode } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { tenantOf } from '../../plugins/auth.js';
import { prepare, type PreparedAnswer } from '../../core/prepared.js';
import { refusal, scopeOf, seesFarm } from '../../scope/index.js';
import { WriteMemo } from '../../scope/write-memo.js';
import { listAccounts } from './repo.js';
import { authFarmList, authShedTree, farmList, queryShedPage, shedList } from './service.js';

/** Application codes of the pages that list sheds with their devices (shed overviews, shed list). */
export const SHED_OVERVIEW_APPS: AppCode[] = ['pig.overview.shed', 'ci18.overview.shed', 'housemanagement.shedlist'];

/** How long a page of a farm's sheds is shared (a write through the API drops it at once). */
export const SHED_PAGE_KEEP_MS = 2_000;

/**
 * Pickers and lists every console needs (area codes, farms, sheds, pens, people; contracts:
 * packages/shared/src/directory/endpoints.ts). They need a session but no particular application
 * code; the answers are cut to the caller's tenant, farms and sheds.
 */
export const directoryRoutes: ModuleRoutes = async (app, { database, sessions }) => {
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
  // Every shed overview opens with this list, and a farm's sheds, pens and gateways change only
  // through the API: a page is kept SHED_PAGE_KEEP_MS for the callers who see the same sheds of the
  // farm (each caller's right to the farm is checked first), read, checked and written once.
  const shedPages = new WriteMemo<PreparedAnswer<typeof directoryApi.shedPage>>(sessions, SHED_PAGE_KEEP_MS, 1_000);
  serve(directoryApi.shedPage, { app: SHED_OVERVIEW_APPS, readOnly: true }, async ({ req, body }) => {
    const scope = scopeOf(req);
    if (scope.tenantId === null || !seesFarm(scope, body.farmId))
      throw refusal(req, ErrorCodes.FARM_NOT_FOUND, { refused: 'farm', id: body.farmId });
    const limit = scope.shedLimits.get(body.farmId);
    const key = JSON.stringify([scope.tenantId, body.farmId, limit ? [...limit].sort((a, b) => a - b) : 'all', body.pageNo, body.pageSize]);
    return shedPages.get(key, async () => prepare(directoryApi.shedPage, await queryShedPage(db, scope, body)));
  });
};

import { ErrorCodes, portalApi, VISIT_MODULE, type DefaultApplication, type OperateAuthMap } from '@farmsense/shared';
import { writeAudit } from '../../plugins/audit.js';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { requireAuth, tenantOf } from '../../plugins/auth.js';
import { getApiAuth, getSystemAuth } from './authorization.js';
import {
  cancelDefaultApplication,
  getDefaultApplication,
  operateAuth,
  queryParam,
  saveActLog,
  setDefaultApplication,
  userDefaultModule,
} from './service.js';
import { WriteMemo } from '../../scope/write-memo.js';
import { buildTree, filterTreeByMode, loadAppRows, type AppRow } from './tree.js';

/**
 * What every signed-in console loads around its shell: the menu tree, operation rights, the
 * default page, the authorization views and the visit log (contracts:
 * packages/shared/src/portal/endpoints.ts). These need a session but no particular application
 * code; each answer is cut to the caller's own codes and tenant.
 */
export const portalRoutes: ModuleRoutes = async (app, { database, sessions }) => {
  const db = database.db;
  const serve = router(app, { tags: ['portal'] });
  // Asked on every page load and changed only by writes through the API: kept until the next one.
  const catalogue = new WriteMemo<AppRow[]>(sessions);
  const appRows = (): Promise<AppRow[]> => catalogue.get('all', () => loadAppRows(db));
  const rights = new WriteMemo<OperateAuthMap>(sessions);
  const defaults = new WriteMemo<DefaultApplication | null>(sessions);

  serve(portalApi.tree, { readOnly: true }, async ({ req }) => buildTree(await appRows(), requireAuth(req).codes));
  serve(portalApi.treeByMode, { readOnly: true }, async ({ req, body }) => {
    const tree = buildTree(await appRows(), requireAuth(req).codes);
    const mode = body?.wholeFarmType;
    return mode ? filterTreeByMode(tree, mode) : tree;
  });
  serve(portalApi.operateAuth, { readOnly: true }, async ({ req }) => {
    const auth = requireAuth(req);
    return rights.get(String(auth.id), () => operateAuth(db, auth));
  });
  // Language options and product title are shown on the forced password change screen too.
  serve(portalApi.queryParam, { readOnly: true, allowPending: true }, async ({ body }) => queryParam(db, body));
  serve(portalApi.defaultApplication, async ({ req }) => {
    const auth = requireAuth(req);
    return defaults.get(String(auth.id), () => getDefaultApplication(db, auth));
  });
  serve(portalApi.setDefaultApplication, async ({ req, body }) => setDefaultApplication(db, requireAuth(req), body.applicationInfoId));
  serve(portalApi.cancelDefaultApplication, async ({ req }) => cancelDefaultApplication(db, requireAuth(req)));
  serve(portalApi.userDefaultModule, async ({ req, query }) => userDefaultModule(db, requireAuth(req), query.userAccount));
  serve(portalApi.systemAuth, async ({ req }) => getSystemAuth(db, tenantOf(req)));
  serve(portalApi.apiAuth, async ({ req }) => getApiAuth(db, tenantOf(req)));
  // A page visit is logged as such (module `visit`, the page in the detail), so the operation log
  // can keep visits apart from the writes that change something.
  serve(portalApi.saveActLog, { keepsAccess: true, module: VISIT_MODULE }, async ({ req, body }) => {
    await saveActLog(db, requireAuth(req), body.modeCode);
    await writeAudit(db, req, { outcome: 'ok', code: ErrorCodes.SUCCESS, detail: { modeCode: body.modeCode } });
  });
};

import { shedsApi, type AppCode } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { tenantOf } from '../../plugins/auth.js';
import { scopeOf } from '../../scope/index.js';
import { addPens, deletePen, hierarchy, penOptions, shedPens, updatePen } from './pens.js';
import { addShed, deleteShed, updateShed } from './service.js';

export const SHED_APP: AppCode = 'housemanagement.shedlist';

/**
 * Sheds and pens (/housemanagement/shedlist; contracts: packages/shared/src/sheds/endpoints.ts).
 * The writes need the shed list application. The three pickers (queryFields, lieHaoSelect,
 * qdslHierarchicalQuery) serve every page that picks a shed or pen (feeding, devices, records), so
 * like the directory calls they need a session but no particular application, and answer only
 * what the caller's farm, shed and pen scope allows.
 */
export const shedRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  const serve = router(app, { tags: ['sheds'], module: 'housemanagement' });
  const admin = { app: SHED_APP };
  const picker = { readOnly: true };

  serve(shedsApi.add, admin, async ({ req, body }) => addShed(db, scopeOf(req), tenantOf(req), body));
  serve(shedsApi.update, admin, async ({ req, body }) => updateShed(db, scopeOf(req), tenantOf(req), body));
  serve(shedsApi.remove, admin, async ({ req, params }) => deleteShed(db, scopeOf(req), tenantOf(req), params.id));
  serve(shedsApi.pens, picker, async ({ req, body }) => shedPens(db, scopeOf(req), tenantOf(req), body.shedId));
  serve(shedsApi.addPens, admin, async ({ req, body }) => addPens(db, scopeOf(req), tenantOf(req), body));
  serve(shedsApi.updatePen, admin, async ({ req, body }) => updatePen(db, scopeOf(req), tenantOf(req), body));
  serve(shedsApi.removePen, admin, async ({ req, params }) => deletePen(db, scopeOf(req), tenantOf(req), params.id));
  serve(shedsApi.hierarchy, picker, async ({ req, body }) => hierarchy(db, scopeOf(req), tenantOf(req), body?.farmId));
  serve(shedsApi.penOptions, picker, async ({ req, body }) => penOptions(db, scopeOf(req), tenantOf(req), body.shedId));
};

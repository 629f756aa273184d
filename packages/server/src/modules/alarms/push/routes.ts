import { pushConfigApi, type AppCode } from '@farmsense/shared';
import { router } from '../../../core/serve.js';
import { scopeOf } from '../../../scope/index.js';
import type { ModuleRoutes } from '../../module.js';
import {
  addPhone,
  addStrategy,
  phoneDetail,
  phonePage,
  removePhone,
  removeStrategy,
  strategyDetail,
  strategyPage,
  updatePhone,
  updateStrategy,
} from './config.js';

/** The push policy screen (shared permissions.ts, pushmanagement). */
export const PUSH_POLICY_APP: AppCode = 'pushmanagement.pushpolicyconfiguration';

/** Contracts: packages/shared/src/alarms/push-endpoints.ts. Writes are audit-logged by the audit plugin. */
export const pushRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  const policy = router(app, { tags: ['alarms'], app: PUSH_POLICY_APP, module: 'pushmanagement' });
  policy(pushConfigApi.strategyPage, async ({ req, query }) => strategyPage(db, scopeOf(req), query));
  policy(pushConfigApi.strategyDetail, async ({ req, params }) => strategyDetail(db, scopeOf(req), params.id));
  policy(pushConfigApi.strategyAdd, async ({ req, body }) => addStrategy(db, scopeOf(req), body));
  policy(pushConfigApi.strategyUpdate, async ({ req, body }) => updateStrategy(db, scopeOf(req), body));
  policy(pushConfigApi.strategyRemove, async ({ req, params }) => {
    await removeStrategy(db, scopeOf(req), params.id);
    return null;
  });
  policy(pushConfigApi.phonePage, async ({ req, query }) => phonePage(db, scopeOf(req), query));
  policy(pushConfigApi.phoneDetail, async ({ req, params }) => phoneDetail(db, scopeOf(req), params.id));
  policy(pushConfigApi.phoneAdd, async ({ req, body }) => addPhone(db, scopeOf(req), body));
  policy(pushConfigApi.phoneUpdate, async ({ req, body }) => updatePhone(db, scopeOf(req), body));
  policy(pushConfigApi.phoneRemove, async ({ req, params }) => {
    await removePhone(db, scopeOf(req), params.id);
    return null;
  });
};

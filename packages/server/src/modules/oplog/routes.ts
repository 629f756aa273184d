import { oplogApi, type AppCode } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { requireAuth } from '../../plugins/auth.js';
import { operationLogModules, operationLogPage } from './service.js';

/**
 * The operation and security log (/safe-oplog/records; contracts in packages/shared/src/oplog).
 * The platform account reaches it through its back-office code, to read the platform's own entries.
 */
const APPS: AppCode[] = ['safe-oplog.records', 'platform.tenants'];

export const oplogRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  const serve = router(app, { tags: ['oplog'], app: APPS });

  serve(oplogApi.page, { readOnly: true }, async ({ req, body }) => operationLogPage(db, requireAuth(req), body));
  serve(oplogApi.modules, async ({ req, query }) => operationLogModules(db, requireAuth(req), query.tenantId));
};

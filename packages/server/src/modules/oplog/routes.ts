import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operationLogModulesQuery, operationLogPageBody, type OperationLogRow, type Page } from '@farmsense/shared';
import type { ModuleRoutes } from '../index.js';
import { requireAuth } from '../../plugins/auth.js';
import { operationLogModules, operationLogPage } from './service.js';

/**
 * The operation and security log (/safe-oplog/records). Read-only by construction: there is no
 * update or delete route, so PUT or DELETE on these paths answer 21008 (route not found). The
 * platform account reaches it through its back-office code, to read the platform's own entries.
 */
const APPS = ['safe-oplog.records', 'platform.tenants'];

export const oplogRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const tags = ['oplog'];

  app.post(
    '/api/breedpigbuilding/operationLog/page',
    {
      config: { app: APPS, readOnly: true },
      schema: {
        tags,
        summary: "Paged audit log of the caller's tenant (time range at most 30 days; account, module, outcome)",
        body: operationLogPageBody,
      },
    },
    async (req): Promise<Page<OperationLogRow>> => operationLogPage(db, requireAuth(req), req.body),
  );

  app.get(
    '/api/breedpigbuilding/operationLog/modules',
    {
      config: { app: APPS },
      schema: { tags, summary: "Module names present in the caller's audit log", querystring: operationLogModulesQuery },
    },
    async (req): Promise<string[]> => operationLogModules(db, requireAuth(req), req.query.tenantId),
  );
};

import { tenantsApi } from '@farmsense/shared';
import type { ModuleRoutes } from '../module.js';
import { router } from '../../core/serve.js';
import { requireAuth } from '../../plugins/auth.js';
import { decryptField, transportKeys } from '../../lib/transport-crypto.js';
import { apiAuthView, saveApiAuth, saveSystemAuth, systemAuthView } from './authorization.js';
import { addTenant, editTenant, setTenantStatus, tenantOptions, tenantPage } from './service.js';

/**
 * The platform back office: tenants, their system and API authorization (contracts:
 * packages/shared/src/tenants/endpoints.ts). Every route serves the application code
 * `platform.tenants`, which only the platform account holds (tenant accounts get 10009 from the
 * guard).
 */
const APP = 'platform.tenants';

export const tenantRoutes: ModuleRoutes = async (app, { database }) => {
  const db = database.db;
  const keys = transportKeys(db);
  const serve = router(app, { tags: ['platform'], app: APP });

  serve(tenantsApi.page, async ({ query }) => tenantPage(db, query));
  serve(tenantsApi.add, async ({ req, body }) => {
    const auth = requireAuth(req);
    const plain = decryptField(await keys(), body.adminPassword);
    return addTenant(db, auth.id, body, plain);
  });
  serve(tenantsApi.edit, async ({ req, body }) => editTenant(db, requireAuth(req).id, body));
  serve(tenantsApi.status, async ({ req, body }) => setTenantStatus(db, requireAuth(req).id, body));
  serve(tenantsApi.options, async ({ query }) => tenantOptions(db, query.tenantId));
  serve(tenantsApi.systemAuth, async ({ query }) => systemAuthView(db, query.tenantId));
  serve(tenantsApi.saveSystemAuth, async ({ req, body }) => saveSystemAuth(db, requireAuth(req).id, body));
  serve(tenantsApi.apiAuth, async ({ query }) => apiAuthView(db, query.tenantId));
  serve(tenantsApi.saveApiAuth, async ({ req, body }) => saveApiAuth(db, requireAuth(req).id, body));
};

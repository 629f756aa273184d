import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiAuthBody,
  systemAuthBody,
  tenantAddBody,
  tenantEditBody,
  tenantIdQuery,
  tenantPageQuery,
  tenantStatusBody,
  type ApiAuthSaved,
  type ApiAuthView,
  type Page,
  type SystemAuthView,
  type TenantAddResult,
  type TenantOptions,
  type TenantRow,
} from '@farmsense/shared';
import type { ModuleRoutes } from '../index.js';
import { NO_DATA } from '../../plugins/envelope.js';
import { requireAuth } from '../../plugins/auth.js';
import { decryptField, transportKeys } from '../auth/crypto.js';
import { apiAuthView, saveApiAuth, saveSystemAuth, systemAuthView } from './authorization.js';
import { addTenant, editTenant, setTenantStatus, tenantOptions, tenantPage } from './service.js';

/**
 * The platform back office: tenants, their system and API authorization. Every route serves the
 * application code `platform.tenants`, which only the platform account holds (tenant accounts
 * get 10009 from the guard).
 */
const APP = 'platform.tenants';

export const tenantRoutes: ModuleRoutes = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const keys = transportKeys(db);
  const tags = ['platform'];
  const config = { app: APP };

  app.get(
    '/api/platform/tenant/page',
    {
      config,
      schema: {
        tags,
        summary: 'Paged tenants (keyword on name, contact, phone; status) with usage and authorization',
        querystring: tenantPageQuery,
      },
    },
    async (req): Promise<Page<TenantRow>> => tenantPage(db, req.query),
  );

  app.post(
    '/api/platform/tenant',
    {
      config,
      schema: {
        tags,
        summary: 'Add a tenant with its administrator (RSA-encrypted initial password, changed at first sign-in)',
        body: tenantAddBody,
      },
    },
    async (req): Promise<TenantAddResult> => {
      const auth = requireAuth(req);
      const plain = decryptField(await keys(), req.body.adminPassword);
      return addTenant(db, auth.id, req.body, plain);
    },
  );

  app.put(
    '/api/platform/tenant',
    {
      config,
      schema: { tags, summary: 'Edit a tenant (name, contact, phone, address, modules)', body: tenantEditBody },
    },
    async (req) => {
      await editTenant(db, requireAuth(req).id, req.body);
      return NO_DATA;
    },
  );

  app.post(
    '/api/platform/tenant/status',
    {
      config,
      schema: { tags, summary: 'Enable (1) or disable (0) tenants; disabling signs their users out', body: tenantStatusBody },
    },
    async (req): Promise<{ updated: number }> => setTenantStatus(db, requireAuth(req).id, req.body),
  );

  app.get(
    '/api/platform/tenant/options',
    {
      config,
      schema: {
        tags,
        summary: 'Accounts and farms of a tenant, for the account and farm pickers of its authorizations',
        querystring: tenantIdQuery,
      },
    },
    async (req): Promise<TenantOptions> => tenantOptions(db, req.query.tenantId),
  );

  app.get(
    '/api/platform/tenant/systemAuth',
    {
      config,
      schema: { tags, summary: 'System authorization of a tenant with usage (null = permanent / unlimited)', querystring: tenantIdQuery },
    },
    async (req): Promise<SystemAuthView> => systemAuthView(db, req.query.tenantId),
  );

  app.post(
    '/api/platform/tenant/systemAuth',
    {
      config,
      schema: {
        tags,
        summary: 'Save the system authorization: validity, user / farm / device caps, open API, accounts',
        body: systemAuthBody,
      },
    },
    async (req): Promise<SystemAuthView> => saveSystemAuth(db, requireAuth(req).id, req.body),
  );

  app.get(
    '/api/platform/tenant/apiAuth',
    {
      config,
      schema: { tags, summary: 'API authorization of a tenant (access code masked)', querystring: tenantIdQuery },
    },
    async (req): Promise<ApiAuthView> => apiAuthView(db, req.query.tenantId),
  );

  app.post(
    '/api/platform/tenant/apiAuth',
    {
      config,
      schema: { tags, summary: 'Save the API authorization; regenerate=true returns a new access code once', body: apiAuthBody },
    },
    async (req): Promise<ApiAuthSaved> => saveApiAuth(db, requireAuth(req).id, req.body),
  );
};

import { z } from 'zod';
import { get, noAnswer, post, put, resource } from '../contract.js';
import { apiAuthView, systemAuthTerms, systemAuthView } from '../portal/endpoints.js';
import {
  apiAuthBody,
  systemAuthBody,
  tenantAddBody,
  tenantEditBody,
  tenantIdQuery,
  tenantPageQuery,
  tenantStatusBody,
} from '../schemas/tenants.js';

/** Validity and caps of a tenant as the tenant list shows them (null = permanent / unlimited). */
export const tenantAuthSummary = z.object({
  ...systemAuthTerms,
  permanent: z.boolean(),
  /** Whether the tenant is inside its validity right now. */
  valid: z.boolean(),
});
export type TenantAuthSummary = z.infer<typeof tenantAuthSummary>;

export const tenantRow = z.object({
  id: z.number(),
  name: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  modules: z.array(z.string()),
  status: z.number(),
  adminAccountId: z.number().nullable(),
  adminAccountCode: z.string().nullable(),
  adminAccountName: z.string().nullable(),
  userCount: z.number(),
  farmCount: z.number(),
  deviceCount: z.number(),
  systemAuth: tenantAuthSummary,
  createdAt: z.string(),
});
export type TenantRow = z.infer<typeof tenantRow>;

export const tenantAddResult = z.object({ id: z.number(), adminAccountId: z.number() });
export type TenantAddResult = z.infer<typeof tenantAddResult>;

/**
 * The API authorization after a save. When `codeGenerated` is true, `apiAuthCode` holds the new
 * access code in clear: this is the only answer that ever shows it (only its hash is kept).
 */
export const apiAuthSaved = apiAuthView.extend({ codeGenerated: z.boolean() });
export type ApiAuthSaved = z.infer<typeof apiAuthSaved>;

/** A tenant's accounts and farms, for the pickers of its system and API authorization. */
export const tenantOptions = z.object({
  accounts: z.array(
    z.object({ id: z.number(), accountCode: z.string(), accountName: z.string(), accountType: z.number(), status: z.number() }),
  ),
  farms: z.array(z.object({ id: z.number(), farmName: z.string(), type: z.number() })),
});
export type TenantOptions = z.infer<typeof tenantOptions>;

/**
 * The platform back office (/platform/tenants): tenants, their system and API authorization.
 * Only the platform account holds the application code `platform.tenants`.
 */
export const tenantsApi = {
  ...resource('', '/platform/tenant', {
    row: tenantRow,
    page: { summary: 'Paged tenants (keyword on name, contact, phone; status) with usage and authorization', query: tenantPageQuery },
    add: {
      summary: 'Add a tenant with its administrator (RSA-encrypted initial password, changed at first sign-in)',
      body: tenantAddBody,
      answer: tenantAddResult,
    },
  }),
  edit: put('/platform/tenant', 'Edit a tenant (name, contact, phone, address, modules)', { body: tenantEditBody, answer: noAnswer }),
  status: post('/platform/tenant/status', 'Enable (1) or disable (0) tenants; disabling signs their users out', {
    body: tenantStatusBody,
    answer: z.object({ updated: z.number() }),
  }),
  options: get('/platform/tenant/options', 'Accounts and farms of a tenant, for the account and farm pickers of its authorizations', {
    query: tenantIdQuery,
    answer: tenantOptions,
  }),
  systemAuth: get('/platform/tenant/systemAuth', 'System authorization of a tenant with usage (null = permanent / unlimited)', {
    query: tenantIdQuery,
    answer: systemAuthView,
  }),
  saveSystemAuth: post(
    '/platform/tenant/systemAuth',
    'Save the system authorization: validity, user / farm / device caps, open API, accounts',
    { body: systemAuthBody, answer: systemAuthView },
  ),
  apiAuth: get('/platform/tenant/apiAuth', 'API authorization of a tenant (access code masked)', {
    query: tenantIdQuery,
    answer: apiAuthView,
  }),
  saveApiAuth: post('/platform/tenant/apiAuth', 'Save the API authorization; regenerate=true returns a new access code once', {
    body: apiAuthBody,
    answer: apiAuthSaved,
  }),
};

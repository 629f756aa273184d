/**
 * Core tables of the platform, by concern in ./schema/. Every tenant-owned row carries tenant_id,
 * and created/updated by and at (./schema/columns.ts). Modules add their own tables in
 * src/modules/<module>/tables.ts and re-export them from ./tables.ts.
 */
export * from './schema/tenants.js';
export * from './schema/accounts.js';
export * from './schema/farms.js';
export * from './schema/system.js';
export * from './schema/jobs.js';

/** What other features may use of the tenants feature: the tenant pickers (the operation log filters by tenant). */
export { useTenantChoices, useTenantOptions } from './api';

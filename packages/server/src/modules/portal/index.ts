import type { ServerModule } from '../module.js';
import { portalRoutes } from './routes.js';

/** What every signed-in console loads around its shell: menu tree, rights, default page, visit log. */
export const portalModule: ServerModule = { name: 'portal', routes: portalRoutes };

/** What other modules use of the portal: the catalogue rows (roles) and the tenant authorizations (tenants). */
export { loadAppRows, type AppRow } from './tree.js';
export { getApiAuth, getSystemAuth } from './authorization.js';

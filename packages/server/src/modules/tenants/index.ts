import type { ServerModule } from '../module.js';
import { tenantRoutes } from './routes.js';

/** The platform back office: tenants and their system and API authorization. */
export const tenantsModule: ServerModule = { name: 'tenants', routes: tenantRoutes };

import type { ServerModule } from '../module.js';
import { roleRoutes } from './routes.js';

/** Role administration (/usermanagement/role). */
export const rolesModule: ServerModule = { name: 'roles', routes: roleRoutes };

import type { ServerModule } from '../module.js';
import { portalRoutes } from './routes.js';

/** What every signed-in console loads around its shell: menu tree, rights, default page, visit log. */
export const portalModule: ServerModule = { name: 'portal', routes: portalRoutes };

import type { ServerModule } from '../module.js';
import { accountRoutes } from './routes.js';

/** Account administration (/usermanagement/accountnumber). */
export const accountsModule: ServerModule = { name: 'accounts', routes: accountRoutes };

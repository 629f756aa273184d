import type { ServerModule } from '../module.js';
import { farmRoutes } from './routes.js';

/** Farm administration (/housemanagement/houselist). */
export const farmsModule: ServerModule = { name: 'farms', routes: farmRoutes };

import type { ServerModule } from '../module.js';
import { shedRoutes } from './routes.js';

/** Sheds and pens (/housemanagement/shedlist) and the shed and pen pickers. */
export const shedsModule: ServerModule = { name: 'sheds', routes: shedRoutes };

/** What other modules use of sheds: the farm row lock that orders shed and device writes on one farm. */
export { lockFarm } from './service.js';

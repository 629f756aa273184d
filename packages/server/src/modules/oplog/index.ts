import type { ServerModule } from '../module.js';
import { oplogRoutes } from './routes.js';

/** The operation and security log (/safe-oplog/records), read-only. */
export const oplogModule: ServerModule = { name: 'oplog', routes: oplogRoutes };

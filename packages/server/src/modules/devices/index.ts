import type { ServerModule } from '../module.js';
import { deviceRoutes } from './routes.js';

/** Device registry: gateways, sub-device channels, network devices, commands. */
export const devicesModule: ServerModule = { name: 'devices', routes: deviceRoutes };

import type { ServerModule } from '../module.js';
import { environmentRoutes } from './routes.js';

/** Environment monitoring: overviews, trends, records and device reports. */
export const environmentModule: ServerModule = { name: 'environment', routes: environmentRoutes };

/** The controllers' latest values and link states (remote control's climate overview). */
export { linkOf, readLatest, readLinks } from './latest.js';

import type { ServerModule } from '../module.js';
import { telemetryRoutes } from './routes.js';

/** Live values (SSE), latest values, trends and ingest counters of the device link. */
export const telemetryModule: ServerModule = { name: 'telemetry', routes: telemetryRoutes };

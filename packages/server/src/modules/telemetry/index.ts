import type { ServerModule } from '../module.js';
import { telemetryRoutes } from './routes.js';

/** Live values (SSE), latest values, trends and ingest counters of the device link. */
export const telemetryModule: ServerModule = { name: 'telemetry', routes: telemetryRoutes };

/** What other modules use of telemetry: the trend query over the stored readings (environment reports). */
export { queryTrend, queryTrends, seriesId, type SeriesRef, type TrendResult } from './query.js';
/** The stored readings' typed handle: the alarms sweep evaluates from it what its subscriber missed. */
export { telemetry as telemetryHistory } from './history.js';

import { onCommandSettled } from '../control/index.js';
import type { ServerModule } from '../module.js';
import { dispatchJob } from './dispatch.js';
import { dispatchSettled } from './dispatch-link.js';
import { enqueueFeedAlarms, feedAlarmJob } from './feed-alarms.js';
import { feederFaults } from './fault-ingest.js';
import { remoteSettled } from './remote.js';
import { feedingRoutes } from './routes.js';

export { adjustedRation, adjustsOf } from './meal-apply.js';

/**
 * Precision feeding (issue 15): the feed catalogue, feeding standards, the feeder hierarchy and
 * feeding plans with their dispatch to feeders through the device link, and the feed alarms
 * (not eaten, feeder faults, silo gaps) raised through the alarm system.
 */
export const feedingModule: ServerModule = {
  name: 'feeding',
  routes: feedingRoutes,
  ingest: [feederFaults],
  jobs: [dispatchJob, feedAlarmJob],
  // The feed alarm chain's first link (or a new one after its job failed for good); keyed per quarter hour.
  start: async (deps) => enqueueFeedAlarms(deps),
};

// A feeder's answer to its copy of a plan (the control core settles the command).
onCommandSettled(dispatchSettled);
// An acknowledged parameter or serial write of a feeding device becomes its stored setting.
onCommandSettled(remoteSettled);

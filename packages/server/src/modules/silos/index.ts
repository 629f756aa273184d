import type { ServerModule } from '../module.js';
import { catchUpJob, enqueueCatchUp, siloWeigher } from './jobs.js';
import { siloRoutes } from './routes.js';

/** Silos (issue 15): feed towers on load cells, their deliveries, consumption and empty-by forecast. */
export const silosModule: ServerModule = {
  name: 'silos',
  routes: siloRoutes,
  ingest: [siloWeigher],
  jobs: [catchUpJob],
  // The catch-up chain's first link (or a new one after its job failed for good); keyed per slot.
  start: async (deps) => enqueueCatchUp(deps),
};

/** What the demo seed uses: weighing the stored demo readings into silo state and records. */
export { catchUp } from './jobs.js';

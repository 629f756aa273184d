import type { ServerModule } from '../module.js';
import { dispatchJob } from './dispatch.js';
import { feedingRoutes } from './routes.js';

/** Precision feeding (issue 15): the feed catalogue and feeding plans with their dispatch to feeders. */
export const feedingModule: ServerModule = {
  name: 'feeding',
  routes: feedingRoutes,
  jobs: [dispatchJob],
};

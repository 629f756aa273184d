import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The devices pages, by application code. */
export const PAGES: FeaturePages = {
  'device-mng.controller': featurePage(TEXTS, () => import('./pages/ControllersPage'), 'ControllersPage'),
  'device-mng.controller4008': featurePage(TEXTS, () => import('./pages/ControllersPage'), 'Controller4008Page'),
  'device-mng.network': featurePage(TEXTS, () => import('./pages/NetworkPage'), 'NetworkPage'),
  'device-connect.network': featurePage(TEXTS, () => import('./pages/NetworkPage'), 'NetworkPage'),
  // One controller's running status, for embedding in another site (no shell).
  'device-running-status.controller.iframe': featurePage(TEXTS, () => import('./pages/RunningStatusPage'), 'RunningStatusPage', {
    fullscreen: true,
  }),
};

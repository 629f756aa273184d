import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The remote-control pages, by application code. */
export const PAGES: FeaturePages = {
  'safe-control.settings': featurePage(TEXTS, () => import('./pages/SafeSettingsPage'), 'SafeSettingsPage'),
};

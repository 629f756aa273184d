import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The farms pages, by application code. */
export const PAGES: FeaturePages = {
  'housemanagement.houselist': featurePage(TEXTS, () => import('./pages/FarmsPage'), 'FarmsPage'),
};

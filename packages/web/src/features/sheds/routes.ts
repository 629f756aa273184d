import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The sheds pages, by application code. */
export const PAGES: FeaturePages = {
  'housemanagement.shedlist': featurePage(TEXTS, () => import('./pages/ShedsPage'), 'ShedsPage'),
};

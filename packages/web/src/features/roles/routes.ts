import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The roles pages, by application code. */
export const PAGES: FeaturePages = {
  'usermanagement.role': featurePage(TEXTS, () => import('./pages/RolesPage'), 'RolesPage'),
};

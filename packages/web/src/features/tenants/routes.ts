import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The tenants pages, by application code. */
export const PAGES: FeaturePages = {
  'platform.tenants': featurePage(TEXTS, () => import('./pages/TenantsPage'), 'TenantsPage'),
};

import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The accounts pages, by application code. */
export const PAGES: FeaturePages = {
  'usermanagement.accountnumber': featurePage(TEXTS, () => import('./pages/AccountsPage'), 'AccountsPage'),
};

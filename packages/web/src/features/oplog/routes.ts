import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The oplog pages, by application code. */
export const PAGES: FeaturePages = {
  'safe-oplog.records': featurePage(TEXTS, () => import('./pages/OperationLogPage'), 'OperationLogPage'),
};

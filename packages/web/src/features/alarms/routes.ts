import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The alarms pages, by application code (the catalogue has no iframe variant of the records). */
export const PAGES: FeaturePages = {
  'warningmanagement.warningconfiguration': featurePage(TEXTS, () => import('./pages/RuleConfigPage'), 'RuleConfigPage'),
  'warningmanagement.warningrecord': featurePage(TEXTS, () => import('./pages/AlarmRecordsPage'), 'AlarmRecordsPage'),
};

import { featurePage, topBarWidget, type FeaturePages, type TopBarWidget } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The alarms pages, by application code (the catalogue has no iframe variant of the records). */
export const PAGES: FeaturePages = {
  'warningmanagement.warningconfiguration': featurePage(TEXTS, () => import('./pages/RuleConfigPage'), 'RuleConfigPage'),
  'warningmanagement.warningrecord': featurePage(TEXTS, () => import('./pages/AlarmRecordsPage'), 'AlarmRecordsPage'),
};

/** The alarm bell in the top bar, for accounts that hold the alarm records (it links there). */
export const TOP_BAR: readonly TopBarWidget[] = [
  topBarWidget('warningmanagement.warningrecord', TEXTS, () => import('./components/AlarmBell'), 'AlarmBell'),
];

import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The precision feeding pages, by application code. */
export const PAGES: FeaturePages = {
  'accurate-feeding.info.type': featurePage(TEXTS, () => import('./pages/FeedTypesPage'), 'FeedTypesPage'),
  'accurate-feeding.plan': featurePage(TEXTS, () => import('./pages/PlanPage'), 'PlanPage'),
  'accurate-feeding.mornitoring': featurePage(TEXTS, () => import('./pages/FeedMonitorPage'), 'FeedMonitorPage'),
  'accurate-feeding.records.feeding': featurePage(TEXTS, () => import('./pages/FeedRecordsPage'), 'FeedRecordsPage'),
  'accurate-feeding.feed-alarm.records': featurePage(TEXTS, () => import('./pages/NotEatingPage'), 'NotEatingPage'),
  'accurate-feeding.records.amount': featurePage(TEXTS, () => import('./pages/FeedAmountsPage'), 'FeedAmountsPage'),
  'accurate-feeding.feed-analysis': featurePage(TEXTS, () => import('./pages/FeedAnalysisPage'), 'FeedAnalysisPage'),
  'accurate-feeding.slb-analysis': featurePage(TEXTS, () => import('./pages/IntakeTrendPage'), 'IntakeTrendPage'),
  'accurate-feeding.feed-alarm.analysis': featurePage(TEXTS, () => import('./pages/FeedAlarmStatsPage'), 'FeedAlarmStatsPage'),
  'accurate-feeding.info.info': featurePage(TEXTS, () => import('./pages/FeedInfoPage'), 'FeedInfoPage'),
  'std.mgn': featurePage(TEXTS, () => import('./pages/StandardsPage'), 'StandardsPage'),
  'device-mng.feed.jzq': featurePage(TEXTS, () => import('./pages/FeedDevicesPage'), 'ConcentratorsPage'),
  'device-mng.feed.cjq': featurePage(TEXTS, () => import('./pages/FeedDevicesPage'), 'CollectorsPage'),
  'device-mng.feed.swq': featurePage(TEXTS, () => import('./pages/FeedDevicesPage'), 'FeedersPage'),
  'remote-control.feed-device.feeder': featurePage(TEXTS, () => import('./pages/RemoteFeedersPage'), 'RemoteFeedersPage'),
  'remote-control.feed-device.concentrator': featurePage(TEXTS, () => import('./pages/RemoteConcentratorsPage'), 'RemoteConcentratorsPage'),
  'remotecontrolfowl.concentrator': featurePage(TEXTS, () => import('./pages/RemoteConcentratorsPage'), 'PoultryConcentratorsPage'),
  'accurate-feeding.column': featurePage(TEXTS, () => import('./pages/RacksPage'), 'RacksPage'),
  'device-mng.feed.swq.column': featurePage(TEXTS, () => import('./pages/FeederColumnsPage'), 'FeederColumnsPage'),
  'device-mng.feed.swq.relation': featurePage(TEXTS, () => import('./pages/FeederRelationPage'), 'FeederRelationPage'),
  'accurate-feeding.meal.shed': featurePage(TEXTS, () => import('./pages/MealAdjustPage'), 'MealShedPage'),
  'accurate-feeding.meal.field': featurePage(TEXTS, () => import('./pages/MealAdjustPage'), 'MealFieldPage'),
  'accurate-feeding.records.feed-immediate': featurePage(TEXTS, () => import('./pages/FeedNowRecordsPage'), 'FeedNowRecordsPage'),
};

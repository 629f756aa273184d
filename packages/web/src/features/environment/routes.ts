import { featurePage, featurePagesOf, type FeaturePages } from '../../app/routes/pages';
import { envCodes } from './pages/envPages';
import { TEXTS } from './texts';

/** The environment pages, by application code. */
export const PAGES: FeaturePages = {
  'pig.overview.shed': featurePage(TEXTS, () => import('./pages/ShedOverviewPage'), 'PigShedOverviewPage'),
  'ci18.overview.shed': featurePage(TEXTS, () => import('./pages/ShedOverviewPage'), 'PoultryShedOverviewPage'),
  'ci18.overview.datascreen': featurePage(TEXTS, () => import('./pages/DataScreenPage'), 'DataScreenPage'),
  // One trend page and one records page per kind, for poultry (ci18) and pig (pig.env1).
  ...featurePagesOf(
    TEXTS,
    envCodes('trend'),
    () => import('./pages/EnvTrendPage'),
    (m, code) => m.envTrendPageFor(code),
  ),
  ...featurePagesOf(
    TEXTS,
    envCodes('records'),
    () => import('./pages/EnvRecordsPage'),
    (m, code) => m.envRecordsPageFor(code),
  ),
  'pig.env1.stats': featurePage(TEXTS, () => import('./pages/PigEnvStatsPage'), 'PigEnvStatsPage'),
  'reports.env-trends': featurePage(TEXTS, () => import('./pages/EnvTrendsReportPage'), 'EnvTrendsReportPage'),
  'reports.device-commu-off.commu-time': featurePage(TEXTS, () => import('./pages/CommuOffPage'), 'CommuTimePage'),
  'reports.device-commu-off.off-counts': featurePage(TEXTS, () => import('./pages/CommuOffPage'), 'OffCountsPage'),
  'reports.device-run-stats': featurePage(TEXTS, () => import('./pages/RunStatsPage'), 'RunStatsPage'),
  'device-connect.controller': featurePage(TEXTS, () => import('./pages/DeviceConnectPage'), 'DeviceConnectPage'),
};

import { featurePage, featurePagesOf, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';
import { ENV_KINDS, PIG_ENV_KINDS } from '@farmsense/shared';

/** One trend page and one records page per kind, for poultry (ci18) and pig (pig.env1). */
const ENV_CODES = [
  ...ENV_KINDS.flatMap((k) => [`ci18.env.${k}`, `ci18.envrecords.${k}`]),
  ...PIG_ENV_KINDS.flatMap((k) => [`pig.env1.${k}.mor`, `pig.env1.${k}.rec`]),
];

/** The environment pages, by application code. */
export const PAGES: FeaturePages = {
  'pig.overview.shed': featurePage(TEXTS, () => import('./pages/ShedOverviewPage'), 'PigShedOverviewPage'),
  'ci18.overview.shed': featurePage(TEXTS, () => import('./pages/ShedOverviewPage'), 'PoultryShedOverviewPage'),
  'ci18.overview.datascreen': featurePage(TEXTS, () => import('./pages/DataScreenPage'), 'DataScreenPage'),
  ...featurePagesOf(
    TEXTS,
    ENV_CODES,
    () => import('./pages/envPages'),
    (m, code) => m.envPageFor(code),
  ),
  'pig.env1.stats': featurePage(TEXTS, () => import('./pages/PigEnvStatsPage'), 'PigEnvStatsPage'),
  'reports.env-trends': featurePage(TEXTS, () => import('./pages/EnvTrendsReportPage'), 'EnvTrendsReportPage'),
  'reports.device-commu-off.commu-time': featurePage(TEXTS, () => import('./pages/CommuOffPage'), 'CommuTimePage'),
  'reports.device-commu-off.off-counts': featurePage(TEXTS, () => import('./pages/CommuOffPage'), 'OffCountsPage'),
  'reports.device-run-stats': featurePage(TEXTS, () => import('./pages/RunStatsPage'), 'RunStatsPage'),
  'device-connect.controller': featurePage(TEXTS, () => import('./pages/DeviceConnectPage'), 'DeviceConnectPage'),
};

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ENV_KINDS, PIG_ENV_KINDS } from '@farmsense/shared';
import { withFeatureTexts } from '../i18n/i18n';

/**
 * The pages this build has, by application code (packages/shared/src/permissions.ts). The router
 * shows a page only when the account's permission tree holds its code AND it is listed here; the
 * path comes from the tree. A module adds its pages by adding lines here, nothing else. Each page
 * module loads together with its feature's catalogue namespaces (withFeatureTexts).
 * `fullscreen` pages render without the shell (e.g. /access-management, /ai-check).
 */
export interface PageEntry {
  page: LazyExoticComponent<ComponentType>;
  fullscreen?: boolean;
}

const shedOverview = () => withFeatureTexts('environment', import('../../features/environment/pages/ShedOverviewPage'));
const tenants = () => withFeatureTexts('tenants', import('../../features/tenants/pages/TenantsPage'));
const operationLog = () => withFeatureTexts('oplog', import('../../features/oplog/pages/OperationLogPage'));
const accounts = () => withFeatureTexts('accounts', import('../../features/accounts/pages/AccountsPage'));
const roles = () => withFeatureTexts('roles', import('../../features/roles/pages/RolesPage'));
const farms = () => withFeatureTexts('farms', import('../../features/farms/pages/FarmsPage'));
const sheds = () => withFeatureTexts('sheds', import('../../features/sheds/pages/ShedsPage'));
const deviceControllers = () => withFeatureTexts('devices', import('../../features/devices/pages/ControllersPage'));
const deviceNetwork = () => withFeatureTexts('devices', import('../../features/devices/pages/NetworkPage'));
const dataScreen = () => withFeatureTexts('environment', import('../../features/environment/pages/DataScreenPage'));
const envPages = () => withFeatureTexts('environment', import('../../features/environment/pages/envPages'));
const pigEnvStats = () => withFeatureTexts('environment', import('../../features/environment/pages/PigEnvStatsPage'));
const deviceConnect = () => withFeatureTexts('environment', import('../../features/environment/pages/DeviceConnectPage'));
const envTrendsReport = () => withFeatureTexts('environment', import('../../features/environment/pages/EnvTrendsReportPage'));
const commuOff = () => withFeatureTexts('environment', import('../../features/environment/pages/CommuOffPage'));
const runStats = () => withFeatureTexts('environment', import('../../features/environment/pages/RunStatsPage'));
/** One trend page and one records page per kind, for poultry (ci18) and pig (pig.env1). */
const ENV_CODES = [
  ...ENV_KINDS.flatMap((k) => [`ci18.env.${k}`, `ci18.envrecords.${k}`]),
  ...PIG_ENV_KINDS.flatMap((k) => [`pig.env1.${k}.mor`, `pig.env1.${k}.rec`]),
];
const envPage = (code: string): PageEntry => ({ page: lazy(() => envPages().then((m) => ({ default: m.envPageFor(code) }))) });

export const ROUTE_REGISTRY: Readonly<Record<string, PageEntry>> = {
  'pig.overview.shed': { page: lazy(() => shedOverview().then((m) => ({ default: m.PigShedOverviewPage }))) },
  'ci18.overview.shed': { page: lazy(() => shedOverview().then((m) => ({ default: m.PoultryShedOverviewPage }))) },
  'platform.tenants': { page: lazy(() => tenants().then((m) => ({ default: m.TenantsPage }))) },
  'safe-oplog.records': { page: lazy(() => operationLog().then((m) => ({ default: m.OperationLogPage }))) },
  'usermanagement.accountnumber': { page: lazy(() => accounts().then((m) => ({ default: m.AccountsPage }))) },
  'usermanagement.role': { page: lazy(() => roles().then((m) => ({ default: m.RolesPage }))) },
  'housemanagement.houselist': { page: lazy(() => farms().then((m) => ({ default: m.FarmsPage }))) },
  'housemanagement.shedlist': { page: lazy(() => sheds().then((m) => ({ default: m.ShedsPage }))) },
  'device-mng.controller': { page: lazy(() => deviceControllers().then((m) => ({ default: m.ControllersPage }))) },
  'device-connect.controller': { page: lazy(() => deviceConnect().then((m) => ({ default: m.DeviceConnectPage }))) },
  'device-mng.network': { page: lazy(() => deviceNetwork().then((m) => ({ default: m.NetworkPage }))) },
  'device-connect.network': { page: lazy(() => deviceNetwork().then((m) => ({ default: m.NetworkPage }))) },
  'ci18.overview.datascreen': { page: lazy(() => dataScreen().then((m) => ({ default: m.DataScreenPage }))) },
  ...Object.fromEntries(ENV_CODES.map((code) => [code, envPage(code)])),
  'pig.env1.stats': { page: lazy(() => pigEnvStats().then((m) => ({ default: m.PigEnvStatsPage }))) },
  'reports.env-trends': { page: lazy(() => envTrendsReport().then((m) => ({ default: m.EnvTrendsReportPage }))) },
  'reports.device-commu-off.commu-time': { page: lazy(() => commuOff().then((m) => ({ default: m.CommuTimePage }))) },
  'reports.device-commu-off.off-counts': { page: lazy(() => commuOff().then((m) => ({ default: m.OffCountsPage }))) },
  'reports.device-run-stats': { page: lazy(() => runStats().then((m) => ({ default: m.RunStatsPage }))) },
  // Flocks (current and history) and standard curves (features/flocks).
  'ci18.group.current': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/CurrentFlocksPage')).then((m) => ({
        default: m.CurrentFlocksPage,
      })),
    ),
  },
  'ci18.std': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/StandardCurvesPage')).then((m) => ({
        default: m.StandardCurvesPage,
      })),
    ),
  },
  // Production data entry (features/production): flocks and one page per daily record kind.
  'prod-data-input.flock': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/FlockPage')).then((m) => ({ default: m.FlockPage })),
    ),
  },
  'prod-data-input.daily-column': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/dailyPages')).then((m) => ({ default: m.DailyStockPage })),
    ),
  },
  'prod-data-input.daily-grow': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/dailyPages')).then((m) => ({ default: m.DailyGrowPage })),
    ),
  },
  'prod-data-input.daily-feed': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/dailyPages')).then((m) => ({ default: m.DailyFeedPage })),
    ),
  },
  'prod-data-input.daily-drink': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/dailyPages')).then((m) => ({ default: m.DailyWaterPage })),
    ),
  },
  'prod-data-input.daily-egg': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/dailyPages')).then((m) => ({ default: m.DailyEggPage })),
    ),
  },
  'prod-data-input.immunel': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/dailyPages')).then((m) => ({ default: m.ImmunePage })),
    ),
  },
  'prod-data-input.derug': {
    page: lazy(() =>
      withFeatureTexts('production', import('../../features/production/pages/dailyPages')).then((m) => ({ default: m.DrugPage })),
    ),
  },
  // Poultry production reports (features/poultry): one config-driven page per report code.
  ...Object.fromEntries(
    Object.entries({
      'ci18.column': ['survival', 'daily', 'weekly'],
      'ci18.grow': ['grow-trend', 'mf-ratio-trend', 'daily', 'weekly', 'daily-mf-ratio-trend', 'weekly-mf-ratio-trend'],
      'ci18.feed': ['trend', 'feed-daily', 'feed-weekly'],
      'ci18.drink': ['trend', 'water-feed-ratio', 'drink-records', 'water-feed-records'],
      'ci18.egg': ['trend', 'egg-feed-ratio', 'egg-records-daily', 'egg-records-weekly', 'egg-feed-ratio-daily', 'egg-feed-ratio-weekly'],
      'ci18.immunel': ['health', 'inoculation', 'derug'],
      'ci18.business': [
        'group-daily',
        'group-weekly',
        'group-monthly',
        'field-monthly',
        'field-yearly',
        'field-energy',
        'field-dead-ko',
        'field-feed-conversion-ratio',
        'field-feed-egg-ratio',
        'field-feed-water-ratio',
      ],
    })
      .flatMap(([group, tabs]) => tabs.map((tab) => `${group}.${tab}`))
      .map((code): [string, PageEntry] => [
        code,
        {
          page: lazy(() =>
            withFeatureTexts('production', import('../../features/production/pages/poultryPages')).then((m) => ({
              default: m.poultryPageFor(code),
            })),
          ),
        },
      ]),
  ),
  // Devices: the 4008 controller page, and one controller's running status for embedding (no shell).
  'device-mng.controller4008': {
    page: lazy(() =>
      withFeatureTexts('devices', import('../../features/devices/pages/ControllersPage')).then((m) => ({ default: m.Controller4008Page })),
    ),
  },
  'device-running-status.controller.iframe': {
    page: lazy(() =>
      withFeatureTexts('devices', import('../../features/devices/pages/RunningStatusPage')).then((m) => ({ default: m.RunningStatusPage })),
    ),
    fullscreen: true,
  },
};

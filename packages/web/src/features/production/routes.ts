import { POULTRY_REPORT_TABS } from '@farmsense/shared';
import { featurePage, featurePagesOf, type FeaturePages } from '../../app/routes/pages';
import { reportKind, type ReportKind } from './model/reportKinds';
import { TEXTS } from './texts';

const REPORT_CODES = Object.entries(POULTRY_REPORT_TABS).flatMap(([group, tabs]) => tabs.map((tab) => `${group}.${tab}`));
const codesOf = (kind: ReportKind): string[] => REPORT_CODES.filter((code) => reportKind(code) === kind);

/** The production pages, by application code. */
export const PAGES: FeaturePages = {
  'ci18.group.current': featurePage(TEXTS, () => import('./pages/CurrentFlocksPage'), 'CurrentFlocksPage'),
  'ci18.std': featurePage(TEXTS, () => import('./pages/StandardCurvesPage'), 'StandardCurvesPage'),
  // Production data entry: flocks and one page per daily record kind.
  'prod-data-input.flock': featurePage(TEXTS, () => import('./pages/FlockPage'), 'FlockPage'),
  'prod-data-input.daily-column': featurePage(TEXTS, () => import('./pages/dailyPages'), 'DailyStockPage'),
  'prod-data-input.daily-grow': featurePage(TEXTS, () => import('./pages/dailyPages'), 'DailyGrowPage'),
  'prod-data-input.daily-feed': featurePage(TEXTS, () => import('./pages/dailyPages'), 'DailyFeedPage'),
  'prod-data-input.daily-drink': featurePage(TEXTS, () => import('./pages/dailyPages'), 'DailyWaterPage'),
  'prod-data-input.daily-egg': featurePage(TEXTS, () => import('./pages/dailyPages'), 'DailyEggPage'),
  'prod-data-input.immunel': featurePage(TEXTS, () => import('./pages/dailyPages'), 'ImmunePage'),
  'prod-data-input.derug': featurePage(TEXTS, () => import('./pages/dailyPages'), 'DrugPage'),
  // Poultry production reports: one config-driven page per report code, one module per kind.
  ...featurePagesOf(
    TEXTS,
    codesOf('table'),
    () => import('./pages/poultryTablePages'),
    (m, code) => m.tablePageFor(code),
  ),
  ...featurePagesOf(
    TEXTS,
    codesOf('trend'),
    () => import('./pages/poultryTrendPages'),
    (m, code) => m.trendPageFor(code),
  ),
  ...featurePagesOf(
    TEXTS,
    codesOf('records'),
    () => import('./pages/poultryRecordsPages'),
    (m, code) => m.recordsPageFor(code),
  ),
};

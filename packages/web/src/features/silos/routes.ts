import { featurePage, featurePagesOf, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The weighing pages (a hidden menu group, SPEC §2 /weight/*), by application code. */
export const PAGES: FeaturePages = {
  'weight.bind': featurePage(TEXTS, () => import('./pages/SiloBindPage'), 'SiloBindPage'),
  'weight.status': featurePage(TEXTS, () => import('./pages/SiloStatusPage'), 'SiloStatusPage'),
  'weight.monitoring': featurePage(TEXTS, () => import('./pages/SiloMonitoringPage'), 'SiloMonitoringPage'),
  'weight.records': featurePage(TEXTS, () => import('./pages/SiloRecordsPage'), 'SiloRecordsPage'),
  ...featurePagesOf(
    TEXTS,
    ['weight.ddreports', 'weight.mmreports', 'weight.yyreports'],
    () => import('./pages/SiloReportPage'),
    (m, code) =>
      code.endsWith('ddreports') ? m.SiloDailyReportPage : code.endsWith('mmreports') ? m.SiloMonthlyReportPage : m.SiloYearlyReportPage,
  ),
};

import { featurePage, featurePagesOf, topBarWidget, type FeaturePages, type TopBarWidget } from '../../app/routes/pages';
import { BELL_TEXTS, TEXTS } from './texts';

/** The alarms pages, by application code (the catalogue has no iframe variant of the records). */
export const PAGES: FeaturePages = {
  'warningmanagement.warningconfiguration': featurePage(TEXTS, () => import('./pages/RuleConfigPage'), 'RuleConfigPage'),
  'warningmanagement.warningrecord': featurePage(TEXTS, () => import('./pages/AlarmRecordsPage'), 'AlarmRecordsPage'),
  'reports.env-alerts-his': featurePage(TEXTS, () => import('./pages/AlarmHistoryPage'), 'AlarmHistoryPage'),
  ...featurePagesOf(
    TEXTS,
    ['reports.env-alerts-analysis.day', 'reports.env-alerts-analysis.week', 'reports.env-alerts-analysis.month'],
    () => import('./pages/AlarmAnalysisPage'),
    (m, code) =>
      code.endsWith('.day') ? m.AlarmAnalysisDayPage : code.endsWith('.week') ? m.AlarmAnalysisWeekPage : m.AlarmAnalysisMonthPage,
  ),
  'pushmanagement.pushpolicyconfiguration': featurePage(TEXTS, () => import('./pages/PushConfigPage'), 'PushConfigPage'),
  ...featurePagesOf(
    TEXTS,
    ['pushmanagement.pushlist', 'pushmanagement.pushlist-phone'],
    () => import('./pages/PushListPage'),
    (m, code) => (code.endsWith('-phone') ? m.PushPhoneListPage : m.PushEmailListPage),
  ),
  'reports.device-alerts-rank': featurePage(TEXTS, () => import('./pages/AlarmRankPage'), 'AlarmRankPage'),
};

/** The alarm bell in the top bar, for accounts that hold the alarm records (it links there). */
export const TOP_BAR: readonly TopBarWidget[] = [
  topBarWidget('warningmanagement.warningrecord', BELL_TEXTS, () => import('./components/AlarmBell'), 'AlarmBell'),
];

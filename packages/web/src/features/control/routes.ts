import { featurePage, type FeaturePages } from '../../app/routes/pages';
import { TEXTS } from './texts';

/** The remote-control pages, by application code. */
export const PAGES: FeaturePages = {
  'remote-control.env-control.shed': featurePage(TEXTS, () => import('./pages/EnvShedPage'), 'EnvShedPage'),
  'remote-control.env-control.column': featurePage(TEXTS, () => import('./pages/EnvColumnPage'), 'EnvColumnPage'),
  'remote-control.env-control.temp-dayage': featurePage(TEXTS, () => import('./pages/TempDayAgePage'), 'TempDayAgePage'),
  'remote-control.env-control.heater': featurePage(TEXTS, () => import('./pages/HeaterPage'), 'HeaterPage'),
  'remote-control.env-control.fixed-wind': featurePage(TEXTS, () => import('./pages/FixedWindPage'), 'FixedWindPage'),
  'remote-control.env-control.pumps': featurePage(TEXTS, () => import('./pages/PumpsPage'), 'PumpsPage'),
  'remote-control.env-control.dynamic-wind': featurePage(TEXTS, () => import('./pages/DynamicWindPage'), 'DynamicWindPage'),
  'remote-control.env-control.window': featurePage(TEXTS, () => import('./pages/WindowPage'), 'WindowPage'),
  'remote-control.env-control.light': featurePage(TEXTS, () => import('./pages/LightingPage'), 'LightingPage'),
  'remote-control.warn.rh': featurePage(TEXTS, () => import('./pages/WarnPages'), 'WarnRhPage'),
  'remote-control.warn.bar': featurePage(TEXTS, () => import('./pages/WarnPages'), 'WarnBarPage'),
  'remote-control.warn.nh3': featurePage(TEXTS, () => import('./pages/WarnPages'), 'WarnNh3Page'),
  'remote-control.warn.button': featurePage(TEXTS, () => import('./pages/WarnPages'), 'WarnButtonPage'),
  'remote-control.device': featurePage(TEXTS, () => import('./pages/DevicePage'), 'DevicePage'),
  'remote-control.option-logs': featurePage(TEXTS, () => import('./pages/OptionLogsPage'), 'OptionLogsPage'),
  'safe-control.settings': featurePage(TEXTS, () => import('./pages/SafeSettingsPage'), 'SafeSettingsPage'),
};
